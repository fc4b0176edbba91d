import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadExpectations } from './file.js';
import { everyDifferenceExplained } from './differences.js';
import { PROJECT_ROOT } from '../spec/paths.js';

/**
 * The entry of expectations/opencast.yaml for events.list.filter.or explains Opencast's documented difference only
 * (docs/opencast-behaviour.md, Things real Opencast does differently 10: a repeated single-valued keyword keeps its
 * last value): a matching event missed because it matches an earlier value of such a keyword. Another break of the
 * OR rule, or the same miss of a multi-valued keyword (contributors, presenters, identifier, which Opencast ORs),
 * stays new. The messages are those of the filter-result check (src/checks/families/list.ts) and of the
 * list-invariants oracle (src/oracles/list-invariants.ts).
 */
const entries = loadExpectations([join(PROJECT_ROOT, 'expectations', 'opencast.yaml')]).filter((e) => e.rule === 'events.list.filter.or');
const known = (message: string) => everyDifferenceExplained(message, entries.map((e) => e.message));

describe('expectations/opencast.yaml, events.list.filter.or: the last value wins, nothing else', () => {
  it('explains a miss of an event matching an earlier value of a single-valued keyword (check and oracle)', () => {
    expect(known('filter=title:t alpha,title:t beta: matching events not listed: e1 (t alpha, matches title value 1 of 2)')).toBe(true);
    expect(known('location:A,location:B is not the union of location:A and location:B, each event once: matching events not listed: e1 (matches location value 1 of 2), e2 (matches location value 1 of 2) (did not hold; the answer stopped changing)')).toBe(true);
  });

  it('does not explain an event listed twice, a miss under a multi-valued keyword, or a bare count', () => {
    expect(known('filter=contributors:Carla,contributors:Dmitri: matching events listed more than once: g (t gamma, matches contributors value 1 and 2 of 2) 2 times')).toBe(false);
    expect(known('location:A,location:B is not the union of location:A and location:B and contributors:A,contributors:B is not the union of contributors:A and contributors:B, each event once: matching events not listed: e1 (matches location value 1 of 2); matching events listed more than once: e3 (matches contributors value 1 and 2 of 2) 2 times')).toBe(false);
    expect(known('contributors:A,contributors:B is not the union of contributors:A and contributors:B, each event once: matching events not listed: e1 (matches contributors value 1 of 2)')).toBe(false);
    expect(known('location:A,location:B is not the union of location:A and location:B, each event once: 3 matching events not listed')).toBe(false);
  });
});
