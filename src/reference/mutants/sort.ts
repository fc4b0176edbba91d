import type { Ctx } from '../app.js';
import type { WithFlags } from '../serialize.js';
import type { SortKey, SortName } from '../list-params.js';
import { badRequest } from '../types.js';
import type { MutantName } from '../bug.js';
import { family } from './types.js';

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
const IGNORED: Record<'list' | 'get', Record<keyof WithFlags, MutantName>> = {
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
    for (const k of Object.keys(out) as (keyof WithFlags)[]) if (ctx.app.bug(IGNORED[endpoint][k])) out[k] = false;
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
