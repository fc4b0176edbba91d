import type { Ctx } from '../app.js';
import type { SortKey, SortName } from '../list-params.js';
import type { EventView } from '../view.js';
import { everySecond, firstState } from './spec-state.js';
import { family, type MutantSpec } from './types.js';

/**
 * Sort mutants written from the spec alone (spec § GET /api/events: "sort | Comma-separated list of sort criteria.
 * Each entry has the form <SortName>:ASC or <SortName>:DESC"; Sort criteria: title, presenter, start_date, end_date,
 * workflow_state, series_name, location). One bug site: handlers/list.ts passes the parsed criteria through sortBugs.
 */

function wrongKey(criterion: SortName, what: string): MutantSpec {
  return {
    rule: `events.list.sort.${criterion}`,
    description: `sort=${criterion} orders the events by ${what} instead (ties in creation order).`,
  };
}

export const SPEC_SORT_MUTANTS = family({
  'spec-sort-title-by-series-title': wrongKey('title', 'the title of their series (an ambiguous `title` column in a join)'),
  'spec-sort-presenter-by-contributor': wrongKey('presenter', 'their first contributor'),
  'spec-sort-start-date-by-created': wrongKey('start_date', 'their creation date'),
  'spec-sort-end-date-by-start': wrongKey('end_date', 'their start date'),
  // Observable from 1.1.0 (since): in 1.0.0 a client cannot put events in different processing states (there is no
  // scheduling), and 1.0.0 shows no series name, so no data a check controls tells these orders from the right one.
  'spec-sort-workflow-state-by-title': { ...wrongKey('workflow_state', 'their title'), since: '1.1.0' },
  'spec-sort-series-name-by-title': { ...wrongKey('series_name', 'their own title (the events table\'s title, not the series\' one)'), since: '1.1.0' },
  'spec-sort-location-by-agent': wrongKey('location', 'the capture agent identifier of their schedule'),
  'spec-sort-last-criterion-only': {
    rule: 'events.list.sort.multiple',
    description: 'With several sort criteria only the last one is applied; the earlier ones are dropped.',
  },
  'spec-sort-first-criterion-only': {
    rule: 'events.list.sort.multiple',
    description: 'With several sort criteria only the first one is applied; events tied on it stay in creation order.',
  },
  'spec-sort-later-desc-ignored': {
    rule: 'events.list.sort.multiple',
    description: 'Every criterion after the first is applied ascending, whatever its :DESC suffix says.',
  },
  'spec-sort-flaky': {
    rule: 'events.list.sort.title',
    description: 'Every second list request that carries `sort` ignores it (the events come in creation order): a load-balanced replica without the sort code.',
  },
  'spec-sort-title-stale-after-update': {
    rule: 'events.list.sort.title',
    description: 'sort=title orders by the title an event had when it was created: later title changes never reach the sort index.',
  },
});

type Value = (v: EventView) => string | number;

/** Ties in creation order (deterministic, unlike the identifier order of the correct server). */
function creationOrder(ctx: Ctx): SortKey {
  return { name: 'title', desc: false, by: { label: 'seq', value: (v) => ctx.app.store.get(v.id)?.seq ?? 0 } };
}

function wrongValues(ctx: Ctx): Partial<Record<SortName, Value>> {
  const { bug, store } = ctx.app;
  const out: Partial<Record<SortName, Value>> = {};
  if (bug('spec-sort-title-by-series-title')) out.title = (v) => v.series;
  if (bug('spec-sort-presenter-by-contributor')) out.presenter = (v) => v.contributors[0] ?? '';
  if (bug('spec-sort-start-date-by-created')) out.start_date = (v) => v.createdMs;
  if (bug('spec-sort-end-date-by-start')) out.end_date = (v) => v.bibStartMs;
  if (bug('spec-sort-workflow-state-by-title')) out.workflow_state = (v) => v.title;
  if (bug('spec-sort-series-name-by-title')) out.series_name = (v) => v.title;
  if (bug('spec-sort-location-by-agent')) out.location = (v) => v.agentId;
  if (bug('spec-sort-title-stale-after-update')) {
    out.title = (v) => {
      const rec = store.get(v.id);
      return (rec && firstState(rec)?.episode.title) ?? v.title;
    };
  }
  return out;
}

/** Bug site of the spec-sort-* mutants (handlers/list.ts): the criteria as a buggy server would apply them. */
export function sortBugs(ctx: Ctx, keys: SortKey[]): SortKey[] {
  const { bug } = ctx.app;
  if (keys.length === 0) return keys;
  if (bug('spec-sort-flaky') && everySecond(ctx.app, 'sorted-list')) return [];
  const wrong = wrongValues(ctx);
  if (Object.keys(wrong).length > 0) {
    const mapped = keys.map((k): SortKey => {
      const value = wrong[k.name];
      return value ? { ...k, by: { label: `wrong-${k.name}`, value } } : k;
    });
    return [...mapped, creationOrder(ctx)];
  }
  if (bug('spec-sort-last-criterion-only')) return keys.slice(-1);
  if (bug('spec-sort-first-criterion-only')) return [keys[0], creationOrder(ctx)];
  if (bug('spec-sort-later-desc-ignored')) return keys.map((k, i) => (i === 0 ? k : { ...k, desc: false }));
  return keys;
}
