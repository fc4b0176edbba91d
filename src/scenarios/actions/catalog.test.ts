import { describe, expect, it } from 'vitest';
import { ACTIONS, actionNamed } from './index.js';

describe('actions', () => {
  it('declares each action once, named as scenario files name it, with what it does', () => {
    expect(ACTIONS.size).toBeGreaterThan(30);
    for (const [name, def] of ACTIONS) {
      expect(def.name).toBe(name);
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(def.doc.trim().length, name).toBeGreaterThan(20);
      expect(typeof def.run).toBe('function');
    }
  });

  it('has no implementation for a name that is not declared', () => {
    expect(() => actionNamed('no-such-action')).toThrow('unknown action "no-such-action"');
  });
});
