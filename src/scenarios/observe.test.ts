import { describe, expect, it } from 'vitest';
import { observableTopics } from '../spec/not-shown.js';
import { OBSERVER_TOPICS } from './observe.js';

describe('observers', () => {
  it('implements exactly the topics scenario files may name', () => {
    expect([...OBSERVER_TOPICS].sort()).toEqual([...observableTopics()].sort());
  });
});
