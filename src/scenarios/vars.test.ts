import { describe, expect, it } from 'vitest';
import { interpolate, PlaceholderError } from './vars.js';
import { UnavailableError } from '../core/unavailable.js';

describe('interpolate', () => {
  const vars = { run: { tag: 'evc1' }, given: [{ identifier: 'a' }], n: 3, list: [1, 2] };
  it('replaces placeholders in text and keeps types of whole placeholders', () => {
    expect(interpolate('textFilter:{{run.tag}}', vars)).toBe('textFilter:evc1');
    expect(interpolate('/api/events/{{ given.0.identifier }}', vars)).toBe('/api/events/a');
    expect(interpolate('{{n}}', vars)).toBe(3);
    expect(interpolate({ q: ['{{list}}', 'x{{n}}'] }, vars)).toEqual({ q: [[1, 2], 'x3'] });
  });
  it('throws on a placeholder that names nothing', () => {
    expect(() => interpolate('{{given.5.identifier}}', vars)).toThrow(PlaceholderError);
  });
  it('an item past the end of a list the server gave is unavailable (a skip), not a scenario bug', () => {
    const v = { ...vars, saved: { rr: { identifiers: ['a'] } } };
    expect(() => interpolate('{{saved.rr.identifiers.1}}', v)).toThrow(UnavailableError);
    expect(() => interpolate('{{saved.rr.identifiers.1}}', v)).toThrow(/no item 1 in saved\.rr\.identifiers \(it holds 1\)/);
    expect(interpolate('{{saved.rr.identifiers.0}}', v)).toBe('a');
    expect(() => interpolate('{{saved.rr.nothing}}', v)).toThrow(PlaceholderError);
  });
});
