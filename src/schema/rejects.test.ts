/** Each schema rejects obviously wrong data, with exactly the expected violation (path + keyword). */
import { describe, expect, it } from 'vitest';
import { getValidator, listShapes } from './index.js';
import { readFixture } from './opencast-fixtures.js';
import type { ApiVersion } from '../model/version.js';

type Obj = Record<string, unknown>;
interface Wrong {
  what: string;
  shape: string;
  version: ApiVersion;
  data: unknown;
  expected: [path: string, keyword: string][];
}

const fx = (file: string): Obj => readFixture(file) as Obj;
const without = (o: Obj, key: string): Obj => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const event11 = fx('client-moodle-event-single.json');
const event10 = fx('doc-2.3-event-single-legacy-names.json');
const pub = fx('doc-publication-single.json');
const track = (pub.media as Obj[])[0];
const field = (fx('doc-metadata-fields-by-type.json') as unknown as Obj[])[0];
const sched = fx('doc-scheduling-single.json');
const rrule = fx('doc-scheduling-multiple-rrule.json');

const WRONG: Wrong[] = [
  { what: 'event without identifier', shape: 'event', version: '1.6.0', data: without(event11, 'identifier'), expected: [['', 'required']] },
  { what: 'oldest event without identifier', shape: 'event', version: '1.0.0', data: without(event10, 'identifier'), expected: [['', 'required']] },
  { what: 'title as a number', shape: 'event', version: '1.6.0', data: { ...event11, title: 42 }, expected: [['/title', 'type']] },
  { what: 'oldest title as a number', shape: 'event', version: '1.0.0', data: { ...event10, title: 42 }, expected: [['/title', 'type']] },
  { what: 'duration null', shape: 'event', version: '1.1.0', data: { ...event11, duration: null }, expected: [['/duration', 'type']] },
  { what: 'oldest duration null', shape: 'event', version: '1.0.0', data: { ...event10, duration: null }, expected: [['/duration', 'type']] },
  { what: 'archive_version null', shape: 'event', version: '1.6.0', data: { ...event11, archive_version: null }, expected: [['/archive_version', 'type']] },
  { what: 'created with a space', shape: 'event', version: '1.6.0', data: { ...event11, created: '2021-08-11 09:32:00Z' }, expected: [['/created', 'pattern']] },
  { what: 'start without offset', shape: 'event', version: '1.6.0', data: { ...event11, start: '2021-08-11T09:32:00' }, expected: [['/start', 'format']] },
  { what: 'start_time in month 13', shape: 'event', version: '1.0.0', data: { ...event10, start_time: '2015-13-20T04:00:00Z' }, expected: [['/start_time', 'format']] },
  { what: 'unknown processing_state', shape: 'event', version: '1.6.0', data: { ...event11, processing_state: 'DONE' }, expected: [['/processing_state', 'enum']] },
  { what: 'presenter as a string', shape: 'event', version: '1.6.0', data: { ...event11, presenter: 'Prof. X' }, expected: [['/presenter', 'type']] },
  { what: 'subjects with a number', shape: 'event', version: '1.6.0', data: { ...event11, subjects: ['a', 1] }, expected: [['/subjects/1', 'type']] },
  { what: 'has_previews as a string', shape: 'event', version: '1.6.0', data: { ...event11, has_previews: 'true' }, expected: [['/has_previews', 'type']] },
  { what: 'event list as an object', shape: 'event-list', version: '1.6.0', data: event11, expected: [['', 'type']] },
  { what: 'event list with a bad element', shape: 'event-list', version: '1.6.0', data: [event11, { ...event11, title: null }], expected: [['/1/title', 'type']] },
  { what: 'ACL entry without allow', shape: 'acl', version: '1.6.0', data: [{ action: 'read', role: 'R' }], expected: [['/0', 'required']] },
  { what: 'ACL allow as a string', shape: 'acl', version: '1.6.0', data: [{ allow: 'true', action: 'read', role: 'R' }], expected: [['/0/allow', 'type']] },
  { what: 'ACL request without role', shape: 'acl-request', version: '1.6.0', data: [{ action: 'read' }], expected: [['/0', 'required']] },
  { what: 'ACL request as an object', shape: 'acl-request', version: '1.6.0', data: { action: 'read', role: 'R' }, expected: [['', 'type']] },
  { what: 'field without readOnly', shape: 'metadata-field', version: '1.6.0', data: without(field, 'readOnly'), expected: [['', 'required']] },
  { what: 'field value as a number', shape: 'metadata-field', version: '1.6.0', data: { ...field, value: 3 }, expected: [['/value', 'type']] },
  { what: 'field value array of numbers', shape: 'metadata-field', version: '1.6.0', data: { ...field, value: [3] }, expected: [['/value/0', 'type']] },
  { what: 'field collection with a number', shape: 'metadata-field', version: '1.6.0', data: { ...field, collection: { A: 1 } }, expected: [['/collection/A', 'type']] },
  { what: 'catalog fields as an object', shape: 'catalog', version: '1.6.0', data: { label: 'L', flavor: 'f/g', fields: field }, expected: [['/fields', 'type']] },
  { what: 'catalog without flavor', shape: 'catalog', version: '1.0.0', data: { label: 'L', fields: [field] }, expected: [['', 'required']] },
  { what: 'sent value null', shape: 'metadata-values', version: '1.6.0', data: [{ id: 'title', value: null }], expected: [['/0/value', 'type']] },
  { what: 'sent value without id', shape: 'metadata-values', version: '1.6.0', data: [{ value: 'x' }], expected: [['/0', 'required']] },
  { what: 'sent catalog without flavor', shape: 'catalogs-request', version: '1.6.0', data: [{ fields: [] }], expected: [['/0', 'required']] },
  { what: 'publication url as a number', shape: 'publication-list', version: '1.6.0', data: [{ id: 'p', channel: 'c', mediatype: 'm', url: 1 }], expected: [['/0/url', 'type']] },
  { what: 'track size as a string', shape: 'publication', version: '1.6.0', data: { ...pub, media: [{ ...track, size: '12' }] }, expected: [['/media/0/size', 'type']] },
  { what: 'track duration fractional', shape: 'track', version: '1.6.0', data: { ...track, duration: 1.5 }, expected: [['/duration', 'type']] },
  { what: 'track without has_video', shape: 'track', version: '1.0.0', data: without(track, 'has_video'), expected: [['', 'required']] },
  { what: 'file item tags as a string', shape: 'file-item', version: '1.6.0', data: { ...(pub.metadata as Obj[])[0], tags: 'a' }, expected: [['/tags', 'type']] },
  { what: 'publication without media', shape: 'publication', version: '1.6.0', data: without(pub, 'media'), expected: [['', 'required']] },
  { what: 'identifier as a number', shape: 'create-201', version: '1.0.0', data: { identifier: 7 }, expected: [['/identifier', 'type']] },
  { what: '200 body as an object', shape: 'create-200', version: '1.6.0', data: { identifier: 'x' }, expected: [['', 'type']] },
  { what: 'processing without workflow', shape: 'processing', version: '1.6.0', data: { configuration: {} }, expected: [['', 'required']] },
  { what: 'configuration value boolean', shape: 'processing', version: '1.6.0', data: { workflow: 'w', configuration: { a: true } }, expected: [['/configuration/a', 'type']] },
  { what: 'scheduling start with a space', shape: 'scheduling', version: '1.6.0', data: { ...sched, start: '2018-03-27 16:00:00Z' }, expected: [['/start', 'pattern']] },
  { what: 'scheduling end not UTC', shape: 'scheduling', version: '1.6.0', data: { ...sched, end: '2018-03-27T19:00:00+01:00' }, expected: [['/end', 'pattern']] },
  { what: 'request without agent_id', shape: 'scheduling-request', version: '1.6.0', data: without(sched, 'agent_id'), expected: [['', 'required']] },
  { what: 'one event without end or duration', shape: 'scheduling-request', version: '1.6.0', data: without(sched, 'end'), expected: [['', 'oneOf']] },
  { what: 'rrule without duration', shape: 'scheduling-request', version: '1.6.0', data: without(rrule, 'duration'), expected: [['', 'required']] },
  { what: 'rrule without FREQ', shape: 'scheduling-request', version: '1.6.0', data: { ...rrule, rrule: 'BYDAY=MO' }, expected: [['/rrule', 'pattern']] },
  { what: 'duration as a string', shape: 'scheduling-request', version: '1.6.0', data: { ...rrule, duration: '1080000' }, expected: [['/duration', 'type']] },
  { what: 'conflict without end', shape: 'conflict-list', version: '1.6.0', data: [{ start: '2018-03-21T14:00:00Z', title: 't' }], expected: [['/0', 'required']] },
  { what: 'conflict start as a date', shape: 'conflict', version: '1.6.0', data: { start: '2018-03-21', end: '2018-03-21T16:00:00Z', title: 't' }, expected: [['/start', 'pattern'], ['/start', 'format']] },
];

describe('schemas reject obviously wrong data', () => {
  for (const w of WRONG) {
    it(`${w.shape}@${w.version}: ${w.what}`, () => {
      const violations = getValidator(w.version).validate(w.shape, w.data);
      expect(violations.map((v) => [v.path, v.keyword])).toEqual(w.expected);
    });
  }

  it('every shape of every version rejects a bare number and null', () => {
    for (const version of ['1.0.0', '1.1.0'] as const) {
      const v = getValidator(version);
      for (const shape of listShapes(version)) {
        expect(v.validate(shape, 42), `${shape}@${version}`).not.toEqual([]);
        expect(v.validate(shape, null), `${shape}@${version}`).not.toEqual([]);
      }
    }
  });

  it('datetime accepts RFC 3339 forms with T and an offset, and rejects the rest', () => {
    const v = getValidator('1.6.0');
    for (const ok of ['2026-01-05T09:00:00Z', '2026-01-05T09:00:00.123+02:00', '2026-01-05t09:00:00z']) {
      expect(v.validate('datetime', ok), ok).toEqual([]);
    }
    for (const bad of ['2026-01-05 09:00:00Z', '2026-01-05T09:00:00', '2026-02-30T09:00:00Z', '2026-01-05', '']) {
      expect(v.validate('datetime', bad), bad).not.toEqual([]);
    }
    expect(v.validate('datetime-utc', '2026-01-05T09:00:00+00:00')).toEqual([]);
    expect(v.validate('datetime-utc', '2026-01-05T09:00:00+02:00')).toHaveLength(1);
  });
});
