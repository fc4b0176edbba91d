import { describe, expect, it } from 'vitest';
import { interpolate, PlaceholderError } from './vars.js';

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
});
