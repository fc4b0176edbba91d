import type { Ctx } from '../app.js';
import { family } from './types.js';

/**
 * Version and response-member mutants of the third spec-only round, author B (spec § Event (response object):
 * "language | string | Language (version 1.1.0 and above)", "series | string | Title of that series (version 1.1.0
 * and above)", "status | string | Technical status (version 1.1.0 and above)"; "Oldest variant of the event object
 * (list and single retrieval): the members are archive_version, created, creator, ..., has_previews, ..."; §
 * Versioning: "1.1.0 | Event fields language, rightsholder, license, is_part_of, series, source, status"). Bug sites:
 * handlers/list.ts (spec3bListBody) and handlers/event.ts (spec3bGetBody).
 */
export const SPEC3B_VERSION_MUTANTS = family({
  'spec3b-list-unset-strings-null': {
    rule: 'events.list.schema',
    description: 'List items (1.1.0+) send null instead of a string for the 1.1.0 text members an event has no value for (language, rightsholder, license, is_part_of, series, source): SQL NULLs serialized.',
    since: '1.1.0',
  },
  'spec3b-oldest-list-no-has-previews': {
    rule: 'events.list.schema',
    description: 'List items in 1.0.0 lack the member has_previews (taken for a later addition); the single GET and later versions have it.',
    until: '1.0.0',
  },
  'spec3b-get-1.1.0-no-status-series': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.1.0 lacks the members status and series (they arrive one version late, in 1.2.0); the list is right.',
    since: '1.1.0',
    until: '1.1.0',
  },
});

type Obj = Record<string, unknown>;
const NULLABLE = ['language', 'rightsholder', 'license', 'is_part_of', 'series', 'source'];

/** Bug site (handlers/list.ts, the list body): the items as a buggy serializer writes them. */
export function spec3bListBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const nulls = bug('spec3b-list-unset-strings-null') && ctx.version !== '1.0.0';
  const previews = bug('spec3b-oldest-list-no-has-previews') && ctx.version === '1.0.0';
  if (!nulls && !previews) return text;
  const list = JSON.parse(text) as Obj[] | null;
  if (!Array.isArray(list)) return text;
  for (const o of list) {
    if (nulls) for (const k of NULLABLE) if (o[k] === '') o[k] = null;
    if (previews) delete o.has_previews;
  }
  return JSON.stringify(list);
}

/** Bug site (handlers/event.ts getEvent): the single event as a buggy serializer writes it. */
export function spec3bGetBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('spec3b-get-1.1.0-no-status-series') || ctx.version !== '1.1.0') return text;
  const o = JSON.parse(text) as Obj;
  delete o.status;
  delete o.series;
  return JSON.stringify(o);
}
