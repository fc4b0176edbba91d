import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as g from './index.js';

/** Arbitraries are pure and seeded: the same seed gives the same values (house-style §9.6). */
const ARBITRARIES: [string, () => fc.Arbitrary<unknown>][] = [
  ['unicodeText', () => g.unicodeText()],
  ['episodeCatalog', () => g.episodeCatalog()],
  ['aclEntry', () => g.aclEntry()],
  ['accessControlList', () => g.accessControlList()],
  ['processingInstructions', () => g.processingInstructions({ workflows: ['wf-a', 'wf-b'] })],
  ['singleSchedule', () => g.singleSchedule({ agentPrefix: 'ca-', runId: 'run1' })],
  ['recurringSchedule', () => g.recurringSchedule({ agentPrefix: 'ca-', runId: 'run1' })],
  ['scheduleOverlap', () => g.scheduleOverlap({ agentPrefix: 'ca-', runId: 'run1' })],
  ['filterExpression', () => g.filterExpression({ version: '1.6.0', events: 3 })],
  ['sortExpression', () => g.sortExpression()],
  ['pagination', () => g.pagination({ total: 5 })],
  ['badJson', () => g.badJson()],
  ['invalidInput', () => g.invalidInput({ version: '1.6.0' })],
  ['filterableEvents', () => g.filterableEvents()],
  ['sortableEvents', () => g.sortableEvents()],
];

const sample = <T>(a: fc.Arbitrary<T>, seed: number, n = 60) => fc.sample(a, { seed, numRuns: n });

describe('arbitraries', () => {
  it.each(ARBITRARIES)('%s is deterministic for a seed and varies across seeds', (_name, make) => {
    const a = sample(make(), 123);
    expect(sample(make(), 123)).toEqual(a);
    expect(JSON.stringify(sample(make(), 124))).not.toEqual(JSON.stringify(a));
  });

  it('unicodeText respects its lengths and has astral characters, quotes and <, never end spaces', () => {
    const all = sample(g.unicodeText({ minLength: 3, maxLength: 12 }), 1, 300);
    for (const s of all) {
      expect([...s].length).toBeGreaterThanOrEqual(3);
      expect([...s].length).toBeLessThanOrEqual(12);
      expect(s).toBe(s.trim());
      expect(s).not.toMatch(/[\u0000-\u001f]/);
    }
    const text = all.join('');
    expect(text).toMatch(/[\u{10000}-\u{10FFFF}]/u);
    expect(text).toMatch(/["<]/);
    // What URL and form encodings give a meaning to, and combining marks (NFC and NFD differ).
    expect(text).toMatch(/\+/);
    expect(text).toMatch(/%/);
    expect(text).toMatch(/[\u0301\u0308\u030a]/);
  });

  it('wireText holds every wire-breaking piece in every value, never end spaces', () => {
    for (const s of sample(g.wireText(), 4, 100)) {
      for (const piece of g.WIRE_PIECES) expect(s).toContain(piece);
      expect(s).toBe(s.trim());
      expect(s.normalize('NFC')).not.toBe(s);
    }
  });

  it('episodeCatalog keeps to its fields, always has a title, sometimes very long, lists sometimes empty', () => {
    const all = sample(g.episodeCatalog({ fields: ['title', 'description', 'subjects'] }), 2, 300);
    for (const c of all) {
      expect(Object.keys(c).every((k) => ['title', 'description', 'subjects'].includes(k))).toBe(true);
      expect(c.title?.length).toBeGreaterThan(0);
    }
    expect(all.some((c) => [...(c.title ?? '')].length >= 256)).toBe(true);
    expect(all.some((c) => Array.isArray(c.subjects) && c.subjects.length === 0)).toBe(true);
    expect(sample(g.episodeCatalog({ fields: ['description'], requireTitle: false }), 3).some((c) => c.description === undefined)).toBe(true);
  });

  it('accessControlList: duplicates, the empty ACL, one role with several actions, never a pair both allowed and denied', () => {
    const all = sample(g.accessControlList({ maxEntries: 6 }), 4, 300);
    expect(all.some((a) => a.length === 0)).toBe(true);
    expect(all.some((a) => new Set(a.map((e) => `${e.action}|${e.role}`)).size < a.length)).toBe(true);
    expect(all.some((a) => a.filter((e) => e.role === a[0]?.role).length >= 3)).toBe(true);
    for (const a of all) {
      const allow = new Map<string, boolean>();
      for (const e of a) {
        const k = `${e.action}|${e.role}`;
        expect(allow.get(k) ?? e.allow).toBe(e.allow);
        allow.set(k, e.allow);
      }
    }
    expect(sample(g.accessControlList({ deny: false }), 5).flat().every((e) => e.allow)).toBe(true);
  });

  it('validates constraints eagerly with precise messages', () => {
    expect(() => g.unicodeText({ minLength: 5, maxLength: 2 })).toThrow(/minimum \(5\) must not exceed the maximum \(2\) for unicodeText/);
    expect(() => g.accessControlList({ minEntries: 3, maxEntries: 6, roles: 1, customActions: 0 })).toThrow(/exceeds the 2 distinct/);
    expect(() => g.processingInstructions({ workflows: [] })).toThrow(/workflows must be a non-empty list/);
    expect(() => g.singleSchedule({ agentPrefix: 'a', runId: 'b', yearFrom: 2099, yearTo: 2090 })).toThrow(/years/);
    expect(() => g.filterExpression({ version: '1.0.0', events: 2, names: ['title'] })).toThrow(/filter name \(version 1\.0\.0\) must be one of/);
    expect(() => g.invalidInput({ version: '1.0.0', kinds: ['unknown-filter'] })).toThrow(/kind \(version 1\.0\.0\)/);
    expect(() => g.sortExpression({ criteria: ['nope' as g.SortName] })).toThrow(/criteria must be one of/);
    expect(() => g.badJson({ from: ['{no'] })).toThrow(/valid JSON/);
    expect(() => g.pagination({ total: 0 })).toThrow(/total must be an integer in \[1, 100000\]/);
  });
});
