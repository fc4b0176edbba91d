/**
 * The CLI run as GitHub Actions runs it (GITHUB_ACTIONS=true, GITHUB_STEP_SUMMARY
 * naming a file) against the embedded server with a planted bug, and what --format chooses.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../selftest/cli-process.js';

/** GitHub's unescaping of a workflow command: what the annotation will show. */
function parse(line: string): { kind: string; props: Record<string, string>; message: string } {
  const m = /^::([\w-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const un = (s: string) => s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props = Object.fromEntries((m[2] ?? '').split(',').filter(Boolean).map((p) => [p.slice(0, p.indexOf('=')), un(p.slice(p.indexOf('=') + 1))]));
  return { kind: m[1], props, message: un(m[3]) };
}

const commands = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('::')).map(parse);
const BASE = ['run', '--api-version', '1.6.0', '--phases', 'scenarios', '--settle-ms', '1000'];
const NOT_CI = { GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' };

describe('CLI under GitHub Actions', () => {
  it('a planted bug (acl-put-merges): an ::error annotation naming rule, version, scenario line and curl, and the job summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-gh-'));
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '## an earlier step\n');
    const r = await runCli([...BASE, '--mutant', 'acl-put-merges', '--only', 'acl.*', '--report-dir', join(dir, 'reports')],
      { killAfterMs: 120_000, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(r.code, r.stderr).toBe(1);
    // The console summary (it quotes the server) is fenced off: no workflow command can be injected through it.
    const token = /^::stop-commands::(evconf-[0-9a-f]{24})$/m.exec(r.stdout)![1];
    const fenced = r.stdout.slice(r.stdout.indexOf(`::stop-commands::${token}`), r.stdout.indexOf(`::${token}::`));
    expect(fenced).toMatch(/✘ acl\.put\.overwrites MUST/);
    expect(r.stdout.indexOf(`::${token}::`)).toBeLessThan(r.stdout.indexOf('::error '));
    const cmds = commands(r.stdout).filter((c) => c.kind !== 'stop-commands' && c.kind !== token);
    const errors = cmds.filter((c) => c.kind === 'error');
    // One annotation per failing check; every one names the rule the bug breaks (two scenarios show it: acl-put, acl-put-twice).
    expect(errors.length).toBeGreaterThan(0);
    expect([...new Set(errors.map((e) => e.props.title))]).toEqual(['acl.put.overwrites [1.6.0]']);
    const [e] = errors;
    expect(e.props.file).toBe('suites/acl/put.yaml');
    expect(Number(e.props.line)).toBeGreaterThan(0);
    expect(readFileSync(join(import.meta.dirname, '../..', e.props.file), 'utf8').split('\n')[Number(e.props.line) - 1]).toContain('acl.put.overwrites');
    expect(e.message).toMatch(/^MUST PUT \/api\/events\/\{event_id\}\/acl: /);
    expect(e.message).toMatch(/\n\$ curl -sS -i http\S*\/acl /);
    expect(cmds.at(-1)).toMatchObject({ kind: 'notice', props: { title: 'evconf verdict' } });
    expect(cmds.at(-1)!.message).toMatch(/^Not conformant in API 1\.6\.0 /);

    const md = readFileSync(summary, 'utf8');
    expect(md.startsWith('## an earlier step\n## ✘ evconf: Not conformant in API 1.6.0\n')).toBe(true);
    expect(md).toContain('mutant `acl-put-merges`');
    expect(md).toMatch(/\| 1\.6\.0 \| ✘ not conformant \| \d+ \| [1-9]\d* \|/);
    expect(md).toContain('#### ✘ `acl.put.overwrites` · MUST · `PUT /api/events/{event_id}/acl` · API 1.6.0');
    // The curl lines replay the case in the order sent: the read-back of the ACL is the last.
    expect(md).toMatch(/```sh\n(?:curl [^\n]*\n)*curl -sS -i http[^\n]*\/acl [^\n]*\n```/);
    expect(md).toMatch(/Reports: `[^`]*index\.html`/);
    // Annotations are extra: the report files are still written, the console summary still printed.
    expect(readdirSync(join(dir, 'reports', 'latest')).sort()).toEqual(['index.html', 'report.xml', 'results.json']);
    expect(r.stdout).toMatch(/✘ acl\.put\.overwrites MUST/);
  });

  it('--format github writes no report file; --format junit under GitHub Actions prints no annotation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-gh-'));
    const summary = join(dir, 'summary.md');
    const gh = await runCli([...BASE, '--only', 'events.get.*', '--format', 'github', '--report-dir', join(dir, 'a')],
      { killAfterMs: 120_000, env: { ...NOT_CI, GITHUB_STEP_SUMMARY: summary } });
    // --only leaves MUST rules untested: incomplete (exit 3), said as a ::warning and in the summary, no ::error.
    expect(gh.code, gh.stderr).toBe(3);
    expect(commands(gh.stdout).filter((c) => c.kind === 'error')).toEqual([]);
    const warning = commands(gh.stdout).find((c) => c.kind === 'warning')!;
    expect(warning.props.title).toMatch(/^evconf: API 1\.6\.0 incomplete, \d+ MUST rules not tested$/);
    expect(warning.message).toMatch(/untested \(not selected by --only\): /);
    const md = readFileSync(summary, 'utf8');
    expect(md).toMatch(/^## ◌ evconf: Incomplete in API 1\.6\.0: MUST rules were not tested\n/);
    expect(md).toContain('| 1.6.0 | ◌ incomplete |');
    expect(md).toContain('No check failed.');
    expect(existsSync(join(dir, 'a'))).toBe(false);
    expect(gh.stdout).toContain('reports: none written');

    const junit = await runCli([...BASE, '--only', 'events.get.*', '--format', 'junit', '--report-dir', join(dir, 'b')],
      { killAfterMs: 120_000, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'unused.md') } });
    expect(junit.stdout).not.toMatch(/^::/m);
    expect(existsSync(join(dir, 'unused.md'))).toBe(false);
    expect(readdirSync(join(dir, 'b', 'latest'))).toEqual(['report.xml']);
  });

  it('"reports:" names each written file once, relative inside the working directory, absolute outside it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'evconf-paths-'));
    const cwd = join(root, 'project');
    mkdirSync(cwd);
    const r = await runCli([...BASE, '--only', 'events.get.*', '--report-dir', 'reports', '--json', '../fail.json', '--junit', 'ci/out.xml'],
      { killAfterMs: 120_000, cwd, env: NOT_CI });
    expect(r.code, r.stderr).not.toBe(2);
    const line = r.stdout.split('\n').find((l) => l.startsWith('reports: '))!;
    const id = readdirSync(join(cwd, 'reports')).find((d) => d !== 'latest')!;
    expect(line).toBe(`reports: reports/${id}/results.json, reports/${id}/report.xml, reports/${id}/index.html (also in reports/latest/), ${join(root, 'fail.json')}, ci/out.xml`);
    expect(existsSync(join(root, 'fail.json'))).toBe(true);
  });
});
