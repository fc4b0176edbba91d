import { describe, expect, it } from 'vitest';
import { catalogStart, catalogStartIsCheck, noForeignValuesCheck } from './metadata-values.js';
import { ctx } from './testing.js';

describe('catalog-start-is', () => {
  const fields = (date: string, time: string) => [{ id: 'title', value: 't' }, { id: 'startDate', value: date }, { id: 'startTime', value: time }];
  it('reads startDate + startTime in the formats servers show', () => {
    for (const t of ['14:30Z', '14:30:00Z', '14:30:00.000Z', '14:30:00+00:00']) expect(catalogStart(fields('2031-05-12', t))).toEqual({ ms: Date.parse('2031-05-12T14:30:00Z') });
    expect('why' in catalogStart([{ id: 'title', value: 't' }])).toBe(true);
  });
  it('passes the expected instant, fails another, skips a refused write or a catalog without start fields', () => {
    expect(catalogStartIsCheck.run(ctx(fields('2031-05-12', '14:30:00Z')), { at: '2031-05-12T14:30:00Z' }).pass).toBe(true);
    expect(catalogStartIsCheck.run(ctx([{ flavor: 'dublincore/episode', fields: fields('2031-05-12', '14:30Z') }]), { at: '2031-05-12T14:30:00Z' }).pass).toBe(true);
    expect(catalogStartIsCheck.run(ctx(fields('2026-11-27', '14:30:00Z')), { at: '2031-05-12T14:30:00Z' }).pass).toBe(false);
    expect(catalogStartIsCheck.run(ctx(fields('2031-06-03', '00:00:00Z')), { at: '2031-06-03T10:00:00Z', writeStatus: 204 }).pass).toBe(false);
    expect(catalogStartIsCheck.run(ctx(fields('2031-06-03', '00:00:00Z')), { at: '2031-06-03T10:00:00Z', writeStatus: 400 }).skip).toMatch(/precondition/);
    expect(catalogStartIsCheck.run(ctx([{ id: 'title', value: 't' }]), { at: '2031-06-03T10:00:00Z' }).skip).toMatch(/precondition/);
  });
});

describe('no-foreign-values', () => {
  it('passes a 4xx or fields without the values, fails fields holding one, and a 5xx', () => {
    expect(noForeignValuesCheck.run(ctx({ error: 'x' }, { status: 404 }), { values: ['v1'] }).pass).toBe(true);
    expect(noForeignValuesCheck.run(ctx([]), { values: ['v1'] }).pass).toBe(true);
    expect(noForeignValuesCheck.run(ctx([{ id: 'license', value: '' }]), { values: ['v1'] }).pass).toBe(true);
    expect(noForeignValuesCheck.run(ctx([{ id: 'license', value: 'v1' }]), { values: ['v1'] }).pass).toBe(false);
    expect(noForeignValuesCheck.run(ctx([{ id: 'license', value: ['a', 'v1'] }]), { values: ['v1'] }).pass).toBe(false);
    expect(noForeignValuesCheck.run(ctx('boom', { status: 500 }), { values: ['v1'] }).pass).toBe(false);
  });
});
