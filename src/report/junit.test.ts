import { describe, expect, it } from 'vitest';
import { reportFixture, SECRET, XSS } from './fixtures.js';
import { renderJunit } from './junit.js';
import { parseXml, type XmlElement } from './xml-wellformed.js';

const run = reportFixture();
const xml = renderJunit(run);
const root = parseXml(xml);
const cases = (s: XmlElement) => s.children.filter((c) => c.name === 'testcase');
const child = (c: XmlElement, name: string) => c.children.find((x) => x.name === name);

describe('renderJunit', () => {
  it('is well-formed XML with one suite per version and one case per check', () => {
    expect(root.name).toBe('testsuites');
    expect(root.children.map((s) => s.attrs.name)).toEqual(['evconf 1.5.0', 'evconf 1.6.0']);
    expect(root.children.flatMap(cases)).toHaveLength(run.results.length);
  });

  it('suite counts match the cases inside', () => {
    for (const s of root.children) {
      const cs = cases(s);
      expect(Number(s.attrs.tests)).toBe(cs.length);
      expect(Number(s.attrs.failures)).toBe(cs.filter((c) => child(c, 'failure')).length);
      expect(Number(s.attrs.errors)).toBe(cs.filter((c) => child(c, 'error')).length);
      expect(Number(s.attrs.skipped)).toBe(cs.filter((c) => child(c, 'skipped')).length);
    }
    expect(root.attrs).toMatchObject({ tests: String(run.summary.total), failures: String(run.summary.failed), errors: String(run.summary.errored), skipped: String(run.summary.skipped) });
  });

  it('names cases `<rule> [<version>]`, adding the scenario when a rule repeats, all unique', () => {
    const names = root.children.flatMap(cases).map((c) => c.attrs.name);
    expect(names).toContain('events.list.status [1.5.0]');
    expect(names).toContain('acl.put.overwrites [1.6.0] (acl-put)');
    expect(names).toContain('acl.put.overwrites [1.6.0] (acl-put-empty)');
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses the endpoint family as classname', () => {
    const cls = (name: string) => root.children.flatMap(cases).find((c) => c.attrs.name.startsWith(name))?.attrs.classname;
    expect(cls('acl.put.overwrites')).toBe('acl');
    expect(cls('metadata.put.title')).toBe('metadata');
    expect(cls('scheduling.put.conflict')).toBe('scheduling');
    expect(cls('publications.list.status')).toBe('publications');
    expect(cls('events.list.limit')).toBe('events');
    expect(cls('load.filter.p99')).toBe('load');
  });

  it('carries evidence for failures and errors, reasons for skips, warnings as system-out', () => {
    const all = root.children.flatMap(cases);
    const limit = all.find((c) => c.attrs.name === 'events.list.limit [1.6.0]')!;
    const f = child(limit, 'failure')!;
    expect(f.attrs).toMatchObject({ message: 'limit=2 returned 3 events', type: 'MUST' });
    expect(f.text).toContain('"maxItems": 2');
    expect(f.text).toContain('GET http://127.0.0.1:8080/api/events?limit=2 → 200');
    expect(f.text).toContain("curl -sS -H 'Accept: application/v1.6.0+json'");
    expect(f.text).toContain('suites/events/list.yaml:31');
    expect(child(all.find((c) => c.attrs.name.startsWith('events.create.status [1.6.0] (create-broken)'))!, 'error')?.attrs.type).toBe('evconf-error');
    const skip = all.find((c) => c.attrs.name === 'acl.user.read [1.5.0]')!;
    expect(child(skip, 'skipped')?.attrs.message).toBe('no non-admin credentials given (--user-auth)');
    const warn = all.find((c) => c.attrs.name === 'events.scheduled.instantiated [1.6.0]')!;
    expect(child(warn, 'failure')).toBeUndefined();
    expect(child(warn, 'system-out')?.text).toContain('processing_state was SCHEDULED');
    const gen = child(all.find((c) => c.attrs.name.startsWith('events.list.textfilter [1.6.0]'))!, 'failure')!;
    expect(gen.text).toContain('seed: 4242');
    expect(gen.text).toContain('body-timeout');
    expect(gen.text).toContain('replay: evconf run --seed 4242');
  });

  it('escapes markup, strips characters XML forbids and redacts credentials', () => {
    expect(xml).not.toContain(XSS);
    expect(xml).not.toContain('</script>');
    expect(xml).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toContain(SECRET.split(' ')[1]);
    expect(xml).toContain('Basic &lt;redacted&gt;');
  });

  it('times each suite by its version\'s wall time, not by the sum of its checks', () => {
    expect(root.attrs.time).toBe('93.500');
    expect(root.children.map((s) => s.attrs.time)).toEqual(['40.000', '53.500']);
    // Without timing (an older results file) a suite of several versions claims no time rather than a wrong one.
    const old = parseXml(renderJunit({ ...run, timing: undefined }));
    expect(old.children.map((s) => s.attrs.time)).toEqual([undefined, undefined]);
    const one = parseXml(renderJunit({ ...run, timing: undefined, target: { ...run.target, apiVersions: ['1.6.0'] }, results: run.results.filter((r) => r.apiVersion === '1.6.0') }));
    expect(one.children[0].attrs.time).toBe('93.500');
  });

  it('carries each version\'s verdict as a property and in system-out', () => {
    const prop = (s: XmlElement, name: string) => child(s, 'properties')!.children.find((p) => p.attrs.name === name)?.attrs.value;
    const [v15, v16] = root.children;
    expect(prop(v15, 'verdict')).toBe('conformant');
    expect(prop(v16, 'verdict')).toBe('not-conformant');
    expect(child(v16, 'system-out')!.text).toMatch(/^API 1\.6\.0: not conformant \(\d+ passed, 3 failed, 1 errors/);
  });
});
