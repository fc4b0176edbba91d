import { describe, expect, it } from 'vitest';
import { readDatetime } from './datetime.js';

/** "datetime (UTC)" read with RFC 3339 (datetime.ts): what passes silently, what is noted, what departs. */
describe('readDatetime', () => {
  it.each([
    ['2030-01-01T10:00:00Z'], ['2030-01-01T10:00:00+00:00'], ['2030-01-01T10:00:00.123Z'], ['2030-01-01T10:00:00.5+00:00'],
  ])('%s is UTC in RFC 3339: accepted, no note', (t) => {
    expect(readDatetime(t)).toEqual({ ok: true, utc: true });
  });

  it.each([
    ['2030-01-01T10:00:00-00:00', /RFC 3339 §4\.3/], ['2030-01-01t10:00:00z', /lower case/], ['2030-01-01T10:00Z', /not an RFC 3339 date-time/],
    ['2030-01-01T10:00:00+0000', /not an RFC 3339 date-time/], ['2030-01-01 10:00:00Z', /not an RFC 3339 date-time/],
  ])('%s names a UTC instant in a form some parsers refuse: accepted with a note', (t, note) => {
    const r = readDatetime(t);
    expect(r.ok && r.utc).toBe(true);
    expect(r.ok ? r.note : '').toMatch(note);
  });

  it('a non-zero offset is a datetime, but not UTC', () => {
    expect(readDatetime('2030-01-01T11:00:00+01:00')).toEqual({ ok: true, utc: false });
  });

  it.each([['2030-02-30T10:00:00Z'], ['2030-01-01T24:30:00Z'], ['2030-01-01'], ['tomorrow'], ['2030-01-01T10:00:00']])('%s is no datetime', (t) => {
    expect(readDatetime(t)).toEqual({ ok: false });
  });
});
