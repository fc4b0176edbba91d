import type { Ctx } from '../app.js';
import type { WithFlags } from '../serialize.js';
import type { SortKey, SortName } from '../list-params.js';
import { badRequest } from '../types.js';
import type { MutantName } from '../bug.js';
import { family, type MutantSpec } from './types.js';
import type { EventView } from '../view.js';
import { everySecond, firstState } from './mutant-state.js';

/** Mutants of sorting (GET /api/events `sort`) and of the with* flags (list and single GET). */
export const SORT_MUTANTS = family({
  'sort-title-desc-ignored': { rule: 'events.list.sort.title', description: 'sort=title:DESC returns the ascending order.' },
  'sort-presenter-desc-ignored': { rule: 'events.list.sort.presenter', description: 'sort=presenter:DESC returns the ascending order.' },
  'sort-start-date-desc-ignored': { rule: 'events.list.sort.start_date', description: 'sort=start_date:DESC returns the ascending order.' },
  'sort-end-date-desc-ignored': {
    rule: 'events.list.sort.end_date',
    description: 'sort=end_date:DESC returns the ascending order (observable with scheduled events, 1.1.0+).',
    since: '1.1.0',
  },
  'sort-workflow-state-desc-ignored': {
    rule: 'events.list.sort.workflow_state',
    description: 'sort=workflow_state:DESC returns the ascending order (observable with scheduled events, 1.1.0+).',
    since: '1.1.0',
  },
  'sort-series-name-desc-ignored': {
    rule: 'events.list.sort.series_name',
    description: 'sort=series_name:DESC returns the ascending order (the series member exists from 1.1.0).',
    since: '1.1.0',
  },
  'sort-location-desc-ignored': { rule: 'events.list.sort.location', description: 'sort=location:DESC returns the ascending order.' },
  'sort-deprecated-rejected': {
    rule: 'events.list.sort.deprecated',
    description: 'The deprecated criteria review_status and scheduling_status are rejected with 400 as unknown.',
  },
  'sort-secondary-ignored': { rule: 'events.list.sort.multiple', description: 'Only the first sort criterion is applied; the others are dropped.' },
  'sort-priority-reversed': {
    rule: 'events.list.sort.priority',
    description: 'Several sort criteria are applied in reverse priority (the last one decides first).',
  },
  'sort-suffix-optional': {
    rule: 'events.list.sort.suffix',
    description: 'A sort criterion without :ASC/:DESC is accepted silently as ascending instead of 400.',
  },
  'list-withacl-ignored': { rule: 'events.list.withacl', description: 'GET /api/events ignores withacl=true.' },
  'get-withacl-ignored': { rule: 'events.get.withacl', description: 'GET /api/events/{id} ignores withacl=true.' },
  'list-withmetadata-ignored': { rule: 'events.list.withmetadata', description: 'GET /api/events ignores withmetadata=true.' },
  'get-withmetadata-ignored': { rule: 'events.get.withmetadata', description: 'GET /api/events/{id} ignores withmetadata=true.' },
  'list-withpublications-ignored': { rule: 'events.list.withpublications', description: 'GET /api/events ignores withpublications=true.' },
  'get-withpublications-ignored': { rule: 'events.get.withpublications', description: 'GET /api/events/{id} ignores withpublications=true.' },
  'list-withscheduling-ignored': {
    rule: 'events.list.withscheduling',
    description: 'GET /api/events ignores withscheduling=true.',
    since: '1.1.0',
  },
  'get-withscheduling-ignored': {
    rule: 'events.get.withscheduling',
    description: 'GET /api/events/{id} ignores withscheduling=true.',
    since: '1.1.0',
  },
});

/** The planted "flag ignored" bugs (list-with*-ignored, get-with*-ignored), per endpoint and flag. */
const IGNORED: Record<'list' | 'get', Record<Exclude<keyof WithFlags, 'internalPublication'>, MutantName>> = {
  list: {
    acl: 'list-withacl-ignored',
    metadata: 'list-withmetadata-ignored',
    publications: 'list-withpublications-ignored',
    scheduling: 'list-withscheduling-ignored',
  },
  get: {
    acl: 'get-withacl-ignored',
    metadata: 'get-withmetadata-ignored',
    publications: 'get-withpublications-ignored',
    scheduling: 'get-withscheduling-ignored',
  },
};

/** Bug site (hooks listQuery.flags and eventBody.flags): a with* flag of the list or the single GET ignored. */
export function flagsIgnored(endpoint: 'list' | 'get'): (ctx: Ctx, flags: WithFlags) => WithFlags {
  return (ctx, flags) => {
    const out = { ...flags };
    for (const k of Object.keys(IGNORED[endpoint]) as (keyof typeof IGNORED.list)[]) if (ctx.app.bug(IGNORED[endpoint][k])) out[k] = false;
    return out;
  };
}

const DESC_IGNORED: Partial<Record<SortName, MutantName>> = {
  title: 'sort-title-desc-ignored',
  presenter: 'sort-presenter-desc-ignored',
  start_date: 'sort-start-date-desc-ignored',
  end_date: 'sort-end-date-desc-ignored',
  workflow_state: 'sort-workflow-state-desc-ignored',
  series_name: 'sort-series-name-desc-ignored',
  location: 'sort-location-desc-ignored',
};

/** Bug site (hook listSort.param): a criterion without suffix read as ascending. */
export function sortSuffixOptional(ctx: Ctx, param: string | null): string | null {
  if (param === null || !ctx.app.bug('sort-suffix-optional')) return param;
  return param.split(',').map((e) => (e.trim() === '' || e.includes(':') ? e : `${e}:ASC`)).join(',');
}

/** Bug sites (hook listSort.keys, first): the deprecated criteria refused (400), or a criterion's DESC ignored. */
export function sortKeyBugs(ctx: Ctx, keys: SortKey[]): SortKey[] {
  if (ctx.app.bug('sort-deprecated-rejected')) {
    const old = keys.find((k) => k.name === 'review_status' || k.name === 'scheduling_status');
    if (old) throw badRequest(`unknown sort criterion '${old.name}'`);
  }
  return keys.map((k) => {
    const name = DESC_IGNORED[k.name];
    return name && ctx.app.bug(name) ? { ...k, desc: false } : k;
  });
}

/** Bug sites (hook listSort.keys, after checks-new's): only the first criterion counts, or their order is reversed. */
export function sortOrderBugs(ctx: Ctx, keys: SortKey[]): SortKey[] {
  let out = keys;
  if (ctx.app.bug('sort-secondary-ignored')) out = out.slice(0, 1);
  if (ctx.app.bug('sort-priority-reversed')) out = [...out].reverse();
  return out;
}

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
  'sort-title-by-series-title': wrongKey('title', 'the title of their series (an ambiguous `title` column in a join)'),
  'sort-presenter-by-contributor': wrongKey('presenter', 'their first contributor'),
  'sort-start-date-by-created': wrongKey('start_date', 'their creation date'),
  'sort-end-date-by-start': wrongKey('end_date', 'their start date'),
  // Observable from 1.1.0 (since): in 1.0.0 a client cannot put events in different processing states (there is no
  // scheduling), and 1.0.0 shows no series name, so no data a check controls tells these orders from the right one.
  'sort-workflow-state-by-title': { ...wrongKey('workflow_state', 'their title'), since: '1.1.0' },
  'sort-series-name-by-title': { ...wrongKey('series_name', 'their own title (the events table\'s title, not the series\' one)'), since: '1.1.0' },
  'sort-location-by-agent': wrongKey('location', 'the capture agent identifier of their schedule'),
  'sort-last-criterion-only': {
    rule: 'events.list.sort.multiple',
    description: 'With several sort criteria only the last one is applied; the earlier ones are dropped.',
  },
  'sort-first-criterion-only': {
    rule: 'events.list.sort.multiple',
    description: 'With several sort criteria only the first one is applied; events tied on it stay in creation order.',
  },
  'sort-later-desc-ignored': {
    rule: 'events.list.sort.multiple',
    description: 'Every criterion after the first is applied ascending, whatever its :DESC suffix says.',
  },
  'sort-flaky': {
    rule: 'events.list.sort.title',
    description: 'Every second list request that carries `sort` ignores it (the events come in creation order): a load-balanced replica without the sort code.',
  },
  'sort-title-stale-after-update': {
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
  if (bug('sort-title-by-series-title')) out.title = (v) => v.series;
  if (bug('sort-presenter-by-contributor')) out.presenter = (v) => v.contributors[0] ?? '';
  if (bug('sort-start-date-by-created')) out.start_date = (v) => v.createdMs;
  if (bug('sort-end-date-by-start')) out.end_date = (v) => v.bibStartMs;
  if (bug('sort-workflow-state-by-title')) out.workflow_state = (v) => v.title;
  if (bug('sort-series-name-by-title')) out.series_name = (v) => v.title;
  if (bug('sort-location-by-agent')) out.location = (v) => v.agentId;
  if (bug('sort-title-stale-after-update')) {
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
  if (bug('sort-flaky') && everySecond(ctx.app, 'sorted-list')) return [];
  const wrong = wrongValues(ctx);
  if (Object.keys(wrong).length > 0) {
    const mapped = keys.map((k): SortKey => {
      const value = wrong[k.name];
      return value ? { ...k, by: { label: `wrong-${k.name}`, value } } : k;
    });
    return [...mapped, creationOrder(ctx)];
  }
  if (bug('sort-last-criterion-only')) return keys.slice(-1);
  if (bug('sort-first-criterion-only')) return [keys[0], creationOrder(ctx)];
  if (bug('sort-later-desc-ignored')) return keys.map((k, i) => (i === 0 ? k : { ...k, desc: false }));
  return keys;
}

/**
 * sort=end_date ignored (observable in 1.0.0 only through the reported end): caught by the sort checks that read
 * the reported end of each event, which it passed before.
 */
export const SORT_END_DATE_MUTANTS = family({
  'sort-end-date-ignored': {
    rule: 'events.list.sort.end_date',
    description: 'sort=end_date is accepted but not applied: the list keeps its default order.',
  },
});

/** Bug site (hook listSort.keys): sort=end_date ignored. */
export function sortEndDateIgnored(ctx: Ctx, keys: SortKey[]): SortKey[] {
  return ctx.app.bug('sort-end-date-ignored') ? keys.filter((k) => k.name !== 'end_date') : keys;
}
