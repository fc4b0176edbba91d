/** The 1.0.0 and 1.1.0 schema sets differ exactly as spec § Versioning and § Resources say. */
import { describe, expect, it } from 'vitest';
import { getValidator, listShapes } from './index.js';
import { readFixture } from './opencast-fixtures.js';
import { API_VERSIONS } from '../model/version.js';

type Obj = Record<string, unknown>;
const ONLY_FROM_1_1 = ['conflict', 'conflict-list', 'create-200', 'rrule', 'scheduling', 'scheduling-request'];
const NEW_IN_1_1 = ['language', 'rightsholder', 'license', 'is_part_of', 'series', 'source', 'status'];
const v10 = getValidator('1.0.0');
const v11 = getValidator('1.1.0');
const legacy = readFixture('doc-2.3-event-single-legacy-names.json') as Obj;
const current = readFixture('client-moodle-event-single.json') as Obj;

describe('schema sets per API version', () => {
  it('1.1.0 adds exactly the scheduling and conflict shapes; 1.0.0 has none of its own beyond event', () => {
    const s10 = listShapes('1.0.0');
    const s11 = listShapes('1.1.0');
    expect(s11.filter((s) => !s10.includes(s))).toEqual(ONLY_FROM_1_1);
    expect(s10.filter((s) => !s11.includes(s))).toEqual([]);
    for (const shape of ONLY_FROM_1_1) expect(v10.hasShape(shape), shape).toBe(false);
  });

  it('1.1.0 to 1.6.0 share one shape list (versions.yaml maps them to [common, 1.1.0])', () => {
    for (const version of API_VERSIONS.slice(1)) expect(listShapes(version)).toEqual(listShapes('1.1.0'));
  });

  it('asking 1.0.0 for a scheduling shape is an evconf bug: it throws, naming shape and version', () => {
    expect(() => v10.validate('scheduling', {})).toThrow(/"scheduling".*1\.0\.0/);
  });
});

describe('event: oldest variant (1.0.0) vs 1.1.0', () => {
  it('the oldest event is valid in 1.0.0; in 1.1.0 it lacks the 1.1.0 names and members and carries the old names', () => {
    expect(v10.validate('event', legacy)).toEqual([]);
    const out = v11.validate('event', legacy);
    const missing = out.filter((v) => v.keyword === 'required').map((v) => v.message.replace(/.*'(.*)'/, '$1'));
    expect(missing.sort()).toEqual(['contributor', 'presenter', 'start', ...NEW_IN_1_1].sort());
    expect(out.filter((v) => v.keyword === 'not').map((v) => v.path).sort()).toEqual(['/contributors', '/presenters', '/start_time']);
  });

  it('a 1.1.0 event in 1.0.0 lacks presenters, contributors and start_time and carries the names the oldest variant refuses', () => {
    expect(v11.validate('event', current)).toEqual([]);
    const out = v10.validate('event', current);
    expect(out.filter((v) => v.keyword === 'required').map((v) => v.message.replace(/.*'(.*)'/, '$1')).sort()).toEqual(['contributors', 'presenters', 'start_time']);
    expect(out.filter((v) => v.keyword === 'not').map((v) => v.path).sort()).toEqual(['/contributor', '/presenter', '/start']);
  });

  // spec § Event: "In this variant the members for presenters, contributors and the start are named presenters,
  // contributors and start_time, not presenter, contributor and start" (both sets at once passed).
  it('an event carrying both sets of names fails in every version, naming the member of the other variant', () => {
    const both = { ...legacy, presenter: legacy.presenters, contributor: legacy.contributors, start: legacy.start_time };
    expect(v10.validate('event', both).map((v) => [v.path, v.keyword]).sort()).toEqual([['/contributor', 'not'], ['/presenter', 'not'], ['/start', 'not']]);
    expect(v10.validate('event', both)[0].message).toMatch(/not presenter, contributor and start/);
    const both11 = { ...current, presenters: current.presenter, contributors: current.contributor, start_time: current.start };
    expect(v11.validate('event', both11).map((v) => [v.path, v.keyword]).sort()).toEqual([['/contributors', 'not'], ['/presenters', 'not'], ['/start_time', 'not']]);
    for (const m of ['presenter', 'contributor', 'start'] as const) expect(v10.validate('event', { ...legacy, [m]: both[m] }), m).toHaveLength(1);
  });

  it('other extra members are still accepted (names of the with* members: not shown)', () => {
    expect(v10.validate('event', { ...legacy, acl: [], metadata: [], whatever: 1 })).toEqual([]);
    expect(v11.validate('event', { ...current, acl: [], scheduling: {}, whatever: 1 })).toEqual([]);
  });

  it('each of the seven 1.1.0 members is required from 1.1.0 on', () => {
    for (const member of NEW_IN_1_1) {
      const { [member]: _gone, ...event } = current;
      expect(v11.validate('event', event), member).toEqual([
        { path: '', keyword: 'required', message: `must have required property '${member}'` },
      ]);
    }
  });

  it('duration is an integer in 1.0.0, but a string or a number from 1.1.0 (declared string, samples number)', () => {
    expect(v10.validate('event', { ...legacy, duration: '7200000' })).toMatchObject([{ path: '/duration', keyword: 'type' }]);
    expect(v10.validate('event', { ...legacy, duration: 1.5 })).toMatchObject([{ path: '/duration', keyword: 'type' }]);
    expect(v11.validate('event', { ...current, duration: '7200000' })).toEqual([]);
    expect(v11.validate('event', { ...current, duration: 1.5 })).toEqual([]);
  });

  it('archive_version is a string or a number in both variants', () => {
    for (const archive_version of ['3', 3]) {
      expect(v10.validate('event', { ...legacy, archive_version })).toEqual([]);
      expect(v11.validate('event', { ...current, archive_version })).toEqual([]);
    }
  });

  it('event-list uses the event of its own version', () => {
    expect(v10.validate('event-list', [legacy])).toEqual([]);
    expect(v11.validate('event-list', [current])).toEqual([]);
    expect(v10.validate('event-list', [current])).toHaveLength(6);
    expect(v11.validate('event-list', [legacy])).toHaveLength(13);
  });
});

describe('request vs response shapes', () => {
  it('allow is optional in a sent ACL but required in a returned one', () => {
    const sent = readFixture('doc-create-acl-part-no-allow.json');
    expect(v11.validate('acl-request', sent)).toEqual([]);
    expect(v11.validate('acl', sent).map((v) => [v.path, v.message])).toEqual([
      ['/0', "must have required property 'allow'"],
      ['/1', "must have required property 'allow'"],
    ]);
  });

  it('a sent catalog (flavor + id/value fields) is not a returned catalog', () => {
    const sent = readFixture('doc-create-metadata-part.json') as unknown[];
    expect(v11.validate('catalogs-request', sent)).toEqual([]);
    expect(v11.validate('catalog', sent[0]).length).toBeGreaterThan(0);
  });
});
