import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../scenario/actions-catalog.js';
import { ACTION_IMPLS } from './index.js';

describe('actions', () => {
  it('implements exactly the actions scenario files may name', () => {
    expect(Object.keys(ACTION_IMPLS).sort()).toEqual([...ACTIONS].sort());
  });
});
