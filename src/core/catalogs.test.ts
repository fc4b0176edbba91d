import { describe, expect, it } from 'vitest';
import type { Capabilities, LearnedCatalog } from '../model/index.js';
import { catalogVars, OWN_CATALOGS } from './catalogs.js';
import { Unavailable } from './unavailable.js';

const caps = (list: LearnedCatalog[]) => ({ catalogs: { list, note: 'test finding' } }) as unknown as Capabilities;

describe('catalogVars shared (a field whose id dublincore/episode has too)', () => {
  it('is license/episode license among evconf\'s own catalogs, with three distinct values', () => {
    const s = catalogVars(undefined, 'x1x').shared as Record<string, string>;
    expect(s.flavor).toBe('license/episode');
    expect(s.field).toBe('license');
    expect(new Set([s.v1, s.v2, s.e1]).size).toBe(3);
    expect(OWN_CATALOGS.some((c) => c.flavor === s.flavor)).toBe(true);
  });

  it('skips over catalogs whose fields the episode does not have', () => {
    const s = catalogVars(caps([
      { flavor: 'evconf/notes', source: 'accepted', fields: [{ id: 'topic', type: 'text', readOnly: false, required: false }] },
      { flavor: 'other/episode', source: 'listed', fields: [{ id: 'description', type: 'text_long', readOnly: false, required: false }] },
    ]), 'x1x').shared as Record<string, string>;
    expect(s).toMatchObject({ flavor: 'other/episode', field: 'description' });
  });

  it('is Unavailable with the probe\'s finding when no catalog has such a field (read-only or a collection does not count)', () => {
    const s = catalogVars(caps([
      { flavor: 'license/episode', source: 'listed', fields: [
        { id: 'holder', type: 'text', readOnly: false, required: false },
        { id: 'license', type: 'text', readOnly: true, required: false },
        { id: 'description', type: 'text', readOnly: false, required: false, keys: ['a', 'b'] },
      ] },
    ]), 'x1x').shared;
    expect(s).toBeInstanceOf(Unavailable);
    expect((s as Unavailable).reason).toContain('test finding');
  });
});
