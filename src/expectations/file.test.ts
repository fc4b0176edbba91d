import { describe, expect, it } from 'vitest';
import { parseExpectations } from './file.js';

const RULES = ['events.delete.204', 'events.list.filter.or', 'events.list.filter.and', 'metadata.put.400'];
const parse = (text: string) => parseExpectations('x.yaml', text, RULES);

describe('expectations file: parsed and validated on load', () => {
  it('reads every key, a range, a list and all, with the line of each entry', () => {
    const list = parse(`
- rule: events.delete.204
  versions: "<=1.5.0"
  expect: fail
  why: 202 in every version
  documented: https://example.org/delete
  message: "got 202"
  until: 2030-01-31
  seen-in: Opencast 2.3–16
- rule: events.list.filter.*
  versions: [1.6.0, 1.5.0]
  why: last value wins
  documented: docs/opencast-notes.md
- rule: metadata.put.400
  versions: all
  expect: skip
  why: not checked here
  documented: our CI
`);
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({ rule: 'events.delete.204', versions: ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0'], expect: 'fail', why: '202 in every version',
      documented: 'https://example.org/delete', message: 'got 202', until: '2030-01-31', seenIn: 'Opencast 2.3–16', at: 'x.yaml:2' });
    expect(list[1]).toMatchObject({ rule: 'events.list.filter.*', versions: ['1.5.0', '1.6.0'], expect: 'fail', at: 'x.yaml:10' });
    expect(list[2].versions).toHaveLength(12);
    expect(parse('')).toEqual([]);
  });

  it.each([
    ['not a list', 'rule: x', /x\.yaml:1:1: an expectations file is a YAML list/],
    ['no why', '- { rule: metadata.put.400, versions: all, documented: d }', /x\.yaml:1:\d+: entry 1 has no "why"/],
    ['no documented', '- { rule: metadata.put.400, versions: all, why: w }', /entry 1 has no "documented"/],
    ['no versions', '- { rule: metadata.put.400, why: w, documented: d }', /entry 1 has no "versions"/],
    ['bad version', '- { rule: metadata.put.400, versions: [1.12.0], why: w, documented: d }', /"1\.12\.0" is not an API version/],
    ['bad range', '- { rule: metadata.put.400, versions: ">=2", why: w, documented: d }', /">=2" is not a version range term/],
    ['bad outcome', '- { rule: metadata.put.400, versions: all, expect: pass, why: w, documented: d }', /"expect" must be fail or skip \(got "pass"\)/],
    ['unknown rule', '- { rule: events.nothing, versions: all, why: w, documented: d }', /"events\.nothing" matches no rule; see evconf rules/],
    ['unknown key', '- { rule: metadata.put.400, versions: all, why: w, documented: d, reason: r }', /unknown key "reason"/],
    ['bad regex', '- { rule: metadata.put.400, versions: all, why: w, documented: d, message: "(" }', /"message" is not a regular expression/],
    ['bad day', '- { rule: metadata.put.400, versions: all, why: w, documented: d, until: 2030-02-30 }', /"until" must be a day as YYYY-MM-DD \(got "2030-02-30"\)/],
    ['two lines', '- rule: metadata.put.400\n  versions: all\n  why: "a\\nb"\n  documented: d', /x\.yaml:3:\d+: "why" must be one line/],
    ['YAML syntax', '- rule: [', /x\.yaml:\d+:\d+: YAML syntax/],
  ])('%s: one line naming file:line:col', (_, text, message) => {
    let err: Error | undefined;
    try { parse(text); } catch (e) { err = e as Error; }
    expect(err?.name).toBe('UsageError');
    expect(err?.message).toMatch(/^expectations file x\.yaml:\d+:\d+: /);
    expect(err?.message).toMatch(message);
    expect(err?.message).not.toContain('\n');
  });
});
