import { describe, expect, it } from 'vitest';
import { bigRun } from './fixtures-big.js';
import { reportFixture, SECRET, XSS } from './fixtures.js';
import { escapeData, escapeProperty, MAX_ERROR_ANNOTATIONS, renderAnnotations } from './github-annotations.js';
import { mdBlock, mdCode, mdText, renderStepSummary } from './github-summary.js';

const run = reportFixture();

/** Parses `::kind props::message` back (GitHub's own unescaping), so a test reads what GitHub will show. */
function parse(line: string): { kind: string; props: Record<string, string>; message: string } {
  const m = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const un = (s: string) => s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props = Object.fromEntries((m[2] ?? '').split(',').filter(Boolean).map((p) => {
    const i = p.indexOf('=');
    return [p.slice(0, i), un(p.slice(i + 1))];
  }));
  return { kind: m[1], props, message: un(m[3]) };
}

describe('GitHub workflow commands', () => {
  it('escapes data and properties by the workflow-command rules', () => {
    expect(escapeData('50% done\r\nnext: a, b')).toBe('50%25 done%0D%0Anext: a, b');
    expect(escapeProperty('a: b, 100%\n')).toBe('a%3A b%2C 100%25%0A');
  });

  it('annotates each failing rule with its versions, message, curl and scenario line; one command per line', () => {
    const lines = renderAnnotations(run).trimEnd().split('\n');
    const cmds = lines.map(parse);
    const errors = cmds.filter((c) => c.kind === 'error');
    expect(errors.map((e) => e.props.title)).toEqual([
      'events.list.limit [1.6.0]', 'events.list.textfilter [1.6.0]', 'load.filter.p99 [1.6.0]', 'metadata.put.title [1.6.0]',
      'evconf error in events.create.status [1.6.0]']);
    const limit = errors[0];
    expect(limit.props).toMatchObject({ file: 'suites/events/list.yaml', line: '31' });
    expect(limit.message).toContain('MUST GET /api/events: limit=2 returned 3 events');
    expect(limit.message).toContain("\n$ curl -sS -H 'Accept: application/v1.6.0+json' -H 'Authorization: Basic <redacted>'");
    expect(cmds.at(-1)).toMatchObject({ kind: 'notice', props: { title: 'evconf verdict' }, message: 'Not conformant in 1 of 2 API versions (http://127.0.0.1:8080)' });
    const all = lines.join('\n');
    expect(all).not.toContain(SECRET.split(' ')[1]);
    // The server's text stays text: it cannot end the command or start another one.
    expect(errors.find((e) => e.props.title.startsWith('metadata.put.title'))!.message).toContain(`title read back as ${XSS}`);
  });

  it('maps source files through fileOf, and names no file (nor line) when it maps to none', () => {
    const withPrefix = renderAnnotations(run, { fileOf: (f) => `node_modules/evconf/${f}` }).split('\n').map((l) => l && parse(l)).filter(Boolean);
    expect(withPrefix[0]).toMatchObject({ props: { file: 'node_modules/evconf/suites/events/list.yaml', line: '31' } });
    const none = parse(renderAnnotations(run, { fileOf: () => '' }).split('\n')[0]);
    expect(none.props.file).toBeUndefined();
    expect(none.props.line).toBeUndefined();
  });

  it('stays within GitHub\'s 10 error annotations per step, the last counting the rest', () => {
    const big = bigRun(5000);
    const errors = renderAnnotations(big).trimEnd().split('\n').map(parse).filter((c) => c.kind === 'error');
    expect(errors).toHaveLength(MAX_ERROR_ANNOTATIONS);
    const failing = big.results.filter((r) => r.outcome === 'fail').length;
    expect(errors.at(-1)!.props.title).toBe(`evconf: ${failing - (MAX_ERROR_ANNOTATIONS - 1)} more failures not annotated`);
    expect(errors.at(-1)!.message).toMatch(/^\d+ more failing checks in \d+ rules: /);
  });
});

describe('GitHub job summary (Markdown)', () => {
  const md = renderStepSummary(run, { reports: ['reports/run-1/index.html'] });

  it('starts with the verdict, then a row per version, then the failures with their curl lines', () => {
    expect(md.split('\n')[0]).toBe('## ✘ evconf: Not conformant in 1 of 2 API versions');
    expect(md).toContain('| 1.5.0 | ✔ conformant |');
    expect(md).toContain('| 1.6.0 | ✘ not conformant |');
    expect(md).toContain('### Failures (5 checks, 5 distinct)');
    expect(md).toContain('#### ✘ `events.list.limit` · MUST · `GET /api/events` · API 1.6.0');
    expect(md).toContain("```sh\ncurl -sS -H 'Accept: application/v1.6.0+json' -H 'Authorization: Basic <redacted>' 'http://127.0.0.1:8080/api/events?limit=2'\n```");
    expect(md).toContain('#### ⚠ evconf error in `events.create.status`');
    expect(md.trimEnd().split('\n').at(-1)).toBe('Reports: `reports/run-1/index.html`');
    expect(md.indexOf('| 1.6.0 |')).toBeLessThan(md.indexOf('### Failures'));
  });

  it('renders server text as text: no markup, no credential', () => {
    expect(md).not.toContain('<img');
    expect(md).toContain('title read back as &lt;img src=x onerror=alert\\(1\\)&gt;');
    expect(md).not.toContain(SECRET.split(' ')[1]);
    expect(mdText('[click](http://x) *b* 1. `c` | d')).toBe('\\[click\\]\\(http://x\\) \\*b\\* 1. \\`c\\` \\| d');
    expect(mdText('- item')).toBe('\\- item');
    expect(mdCode('a ` b')).toBe('``a ` b``');
    expect(mdBlock('x\n```\ny')).toBe('````\nx\n```\ny\n````');
  });

  it('caps the failures it lists and says how many more there are', () => {
    const big = renderStepSummary(bigRun(5000));
    expect(big.match(/^#### /gm)).toHaveLength(50);
    expect(big).toMatch(/… and 450 more distinct failures/);
    expect(Buffer.byteLength(big)).toBeLessThan(512 * 1024);
  });
});
