import type { Ctx } from '../app.js';
import type { EventRecord } from '../types.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * Mutants whose member type drifts with the event's state, fourth spec-only round (spec § Event (response object):
 * "presenter* | array[string] | Presenters", "publication_status | array[string] | Publications available for the
 * event"). Bug sites: the list and single-GET bodies (mutants/spec4-sites.ts).
 */
export const SPEC4_STATE_SHAPE_MUTANTS = family({
  'spec4-published-publication-status-string': {
    rule: 'events.list.schema',
    description: 'List items of a published event send publication_status as one comma-joined string ("engage-player") instead of an array of strings; unpublished events keep [].',
  },
  'spec4-scheduled-presenter-null': {
    rule: 'events.get.schema',
    description: 'The single GET of a scheduled event without presenters sends presenter null instead of [] (the scheduler\'s catalog has no creator element); uploaded events keep [].',
    since: '1.1.0',
  },
});

type Obj = Record<string, unknown>;

/** A list item as a buggy server shapes it. */
export function stateShapesListItem(ctx: Ctx, item: Obj): void {
  if (ctx.app.bug('spec4-published-publication-status-string') && Array.isArray(item.publication_status) && item.publication_status.length > 0) {
    item.publication_status = item.publication_status.join(',');
  }
}

/** The single event object as a buggy server shapes it. */
export function stateShapesGet(ctx: Ctx, rec: EventRecord, o: Obj): void {
  if (!ctx.app.bug('spec4-scheduled-presenter-null') || !atLeast(ctx.version, '1.1.0') || !rec.schedule) return;
  if (Array.isArray(o.presenter) && o.presenter.length === 0) o.presenter = null;
}
