/**
 * Named deviations: where a real or documented Opencast payload breaks the spec, the schema reports exactly the
 * violation listed in deviations.data.ts (never loosened to fit), and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { getValidator } from './index.js';
import { readFixture } from './opencast-fixtures.js';
import { DEVIATIONS } from './deviations.data.js';

const byPath = (a: { path: string; message: string }, b: { path: string; message: string }): number =>
  a.path.localeCompare(b.path) || a.message.localeCompare(b.message);

describe('deviations of Opencast payloads from the spec', () => {
  for (const d of DEVIATIONS) {
    it(`deviation: ${d.name} [${d.file} as ${d.shape}, ${d.versions.join(', ')}]`, () => {
      const data = readFixture(d.file);
      for (const version of d.versions) {
        const actual = [...getValidator(version).validate(d.shape, data)].sort(byPath);
        expect({ version, violations: actual }).toEqual({ version, violations: [...d.violations].sort(byPath) });
      }
    });
  }

  it('deviation: the short docs publication list is valid, but its elements are not single publications', () => {
    const v = getValidator('1.6.0');
    const list = readFixture('doc-publications-list-short.json') as unknown[];
    expect(v.validate('publication-list', list)).toEqual([]);
    expect(v.validate('publication', list[0]).map((x) => x.message)).toEqual([
      "must have required property 'media'",
      "must have required property 'attachments'",
      "must have required property 'metadata'",
    ]);
  });

  it('deviation: a real scheduled event has processing_state "" which is not one of the seven states (docs/opencast-notes.md §Things… 11)', () => {
    const event = { ...(readFixture('client-moodle-event-single.json') as object), processing_state: '' };
    const [violation, ...rest] = getValidator('1.6.0').validate('event', event);
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ path: '/processing_state', keyword: 'enum' });
    expect(violation.message).toContain('(found "")');
  });

  it('no deviation: real GET .../scheduling omits inputs when unset, and the spec leaves "inputs required" not shown', () => {
    const { inputs: _dropped, ...scheduling } = readFixture('test-scheduling-get-expected.json') as Record<string, unknown>;
    expect(getValidator('1.6.0').validate('scheduling', scheduling)).toEqual([]);
    expect(getValidator('1.6.0').validate('scheduling', { ...scheduling, inputs: 'default' })[0]).toMatchObject({ path: '/inputs' });
  });

  it('deviation: real servers accept both end and duration for one event, the spec calls it invalid (docs/opencast-notes.md §Things… 6)', () => {
    const both = { ...(readFixture('doc-scheduling-single.json') as object), duration: 3_600_000 };
    const violations = getValidator('1.6.0').validate('scheduling-request', both);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ path: '', keyword: 'oneOf' });
    expect(violations[0].message).toContain('not both');
  });
});
