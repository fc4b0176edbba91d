/** The validator API: caching, unknown shapes, violations as JSON data with JSON-pointer paths. */
import { describe, expect, it } from 'vitest';
import { createValidator, getValidator, listShapes, loadSchemaSets } from './index.js';

describe('getValidator', () => {
  it('returns one cached validator per API version, carrying that version', () => {
    expect(getValidator('1.4.0')).toBe(getValidator('1.4.0'));
    expect(getValidator('1.4.0').version).toBe('1.4.0');
    expect(getValidator('1.2.0').version).toBe('1.2.0');
    expect(getValidator('1.0.0').shapes).toEqual(listShapes('1.0.0'));
  });

  it('throws for an unknown shape, naming the shape and the version asked for', () => {
    expect(() => getValidator('1.4.0').validate('events', [])).toThrow(/evconf bug: no schema "events" for API version 1\.4\.0/);
    expect(getValidator('1.4.0').hasShape('events')).toBe(false);
    expect(getValidator('1.4.0').hasShape('event-list')).toBe(true);
  });

  it('a validator built from loaded sets behaves like the cached one', () => {
    const own = createValidator('1.1.0', loadSchemaSets());
    const data = [{ start: '2018-03-21T14:00:00Z', end: 'soon', title: 1 }];
    expect(own.validate('conflict-list', data)).toEqual(getValidator('1.1.0').validate('conflict-list', data));
    expect(own.validate('conflict-list', data)).toHaveLength(3);
  });
});

describe('violations', () => {
  it('are plain JSON data with RFC 6901 paths (~1 for "/", ~0 for "~")', () => {
    const violations = getValidator('1.6.0').validate('processing', {
      workflow: 'w',
      configuration: { 'a/b': false, 'c~d': 1 },
    });
    expect(violations).toEqual([
      { path: '/configuration/a~1b', keyword: 'type', message: 'must be string (found boolean)' },
      { path: '/configuration/c~0d', keyword: 'type', message: 'must be string (found integer)' },
    ]);
    expect(JSON.parse(JSON.stringify(violations))).toEqual(violations);
  });

  it('report every problem at once, and say what a datetime should look like', () => {
    const violations = getValidator('1.6.0').validate('conflict', { start: '2018-03-21 14:00:00Z', title: [] });
    expect(violations.map((v) => `${v.path} ${v.keyword}`)).toEqual([' required', '/start pattern', '/title type']);
    expect(violations[1].message).toContain('(found "2018-03-21 14:00:00Z")');
    expect(violations[1].message).toContain('expected an RFC 3339 date-time');
    expect(violations[2].message).toBe('must be string (found array)');
  });

  it('fold the branches of a failed oneOf into one violation that says what was meant', () => {
    const violations = getValidator('1.6.0').validate('scheduling-request', { agent_id: 'ca', start: '2018-03-27T16:00:00Z' });
    expect(violations).toEqual([
      {
        path: '',
        keyword: 'oneOf',
        message:
          'must match exactly one schema in oneOf: expected one event (scheduling rules 1 and 2): ' +
          'give start with either end or duration, not both',
      },
    ]);
  });

  it('name the allowed values of an enum', () => {
    const [violation] = getValidator('1.0.0').validate('processing-state', 'DONE');
    expect(violation.message).toBe(
      'must be one of "INSTANTIATED", "RUNNING", "PAUSED", "STOPPED", "FAILING", "FAILED", "SUCCEEDED" (found "DONE")',
    );
  });
});
