import { describe, expect, it } from 'vitest';
import { OBSERVATION_TOPICS } from '../scenario/actions-catalog.js';
import { OBSERVER_TOPICS } from './observe.js';

describe('observers', () => {
  it('implements exactly the topics scenario files may name', () => {
    expect([...OBSERVER_TOPICS].sort()).toEqual([...OBSERVATION_TOPICS].sort());
  });
});
