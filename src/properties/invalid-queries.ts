import { INVALID_KINDS, invalidInput, type InvalidInput } from '../generators/index.js';
import { statusIs } from '../cases/expect.js';
import { broken } from '../cases/verdict.js';
import { defineProperty } from './types.js';

const QUERY_KINDS = ['sort-without-suffix', 'unknown-filter'] as const;

/**
 * Invalid list queries give 400 (spec § GET /api/events: sort "The suffix is mandatory"; the Filters table lists
 * the valid names). Both rules are SHOULD (the spec's 400 sentence names creation and updates only), so a server
 * that answers otherwise gets a warning. Rules events.list.sort.suffix, events.list.filter.unknown.
 */
export const invalidQueries = defineProperty<InvalidInput>({
  id: 'prop-invalid-queries',
  title: 'Invalid list queries (sort without suffix, unknown filter) are refused with 400',
  rules: INVALID_KINDS.filter((k) => (QUERY_KINDS as readonly string[]).includes(k.kind)).map((k) => k.rule),
  runsFactor: 1,
  // Reads only, and a 400 is wanted whatever the server lists (the sort query is also narrowed to the case tag).
  casesOverlap: true,
  cases: (env, rules) => invalidInput({ version: env.version, kinds: INVALID_KINDS.filter((k) => rules.includes(k.rule) && (QUERY_KINDS as readonly string[]).includes(k.kind)).map((k) => k.kind) }),
  async check(kit, x) {
    kit.exercised.add(x.rule);
    if (x.kind === 'sort-without-suffix') {
      return statusIs(kit.env, await kit.api.list({ sort: x.sort, filter: `textFilter:${kit.tag}` }), [400], x.rule, `GET /api/events?sort=${x.sort} (no :ASC or :DESC)`);
    }
    if (x.kind === 'unknown-filter') {
      return statusIs(kit.env, await kit.api.list({ filter: x.filter }), [400], x.rule, `GET /api/events?filter=${x.filter} (not a filter of the spec)`);
    }
    return broken(x.rule, `evconf bug: ${x.kind} is not a query`);
  },
});
