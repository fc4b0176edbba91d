import type { Ctx } from '../app.js';
import { isoSeconds } from '../time.js';
import { notFound } from '../types.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * Version-specific mutants of the second spec-only round (spec § Versioning: "1.1.0 | ... Endpoints GET and PUT
 * /api/events/{event_id}/scheduling"; "1.4.0 | Event field start is the bibliographic start"; "1.6.0 | DELETE of an
 * event retracts its publications first; status 202 is possible"; § Event (response object): "The earliest
 * description shows different member names"; § GET /api/events, offset). Bug sites: handlers/list.ts (spec2ListBody,
 * via mutants/spec2-paging.ts spec2Paging), handlers/event.ts (spec2Delete), handlers/scheduling.ts (spec2SchedulingRoute).
 */
export const SPEC2_VERSION_MUTANTS = family({
  'spec2-list-oldest-names-1.1.0': {
    rule: 'events.list.schema',
    description: 'List items in 1.1.0 still use the oldest names presenters, contributors and start_time (the rename lands in 1.2.0; the single GET is right).',
    since: '1.1.0',
    until: '1.1.0',
  },
  'spec2-offset-page-in-1.1.0': {
    rule: 'events.list.offset-index',
    description: 'offset is still read as a page index (skip offset*limit) in 1.1.0; from 1.2.0 it is an item index.',
    since: '1.1.0',
    until: '1.1.0',
  },
  'spec2-list-start-technical': {
    rule: 'events.get.start-bibliographic',
    description: 'List items show the technical start as `start` also in 1.4.0+ (the single GET shows the bibliographic start).',
    since: '1.4.0',
  },
  'spec2-scheduling-endpoint-late': {
    rule: 'scheduling.get.status',
    description: 'GET and PUT /api/events/{id}/scheduling answer 404 in 1.1.0 (the endpoints arrive in 1.2.0).',
    since: '1.1.0',
    until: '1.1.0',
  },
});

type Obj = Record<string, unknown>;

/** Bug site (handlers/list.ts, the list body): the items as a buggy server shows them. */
export function spec2ListBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const oldest = bug('spec2-list-oldest-names-1.1.0') && ctx.version === '1.1.0';
  const tech = bug('spec2-list-start-technical') && atLeast(ctx.version, '1.4.0');
  if (!oldest && !tech) return text;
  const list = JSON.parse(text) as Obj[];
  return JSON.stringify(list.map((o) => {
    if (tech && typeof o.identifier === 'string' && ctx.app.store.get(o.identifier)) o.start = isoSeconds(ctx.app.store.view(o.identifier).techStartMs);
    if (!oldest) return o;
    const { presenter, contributor, start, ...rest } = o;
    return { ...rest, presenters: presenter, contributors: contributor, start_time: start };
  }));
}

/** Bug site (handlers/scheduling.ts, both methods): the endpoints a 1.1.0 server does not have yet. */
export function spec2SchedulingRoute(ctx: Ctx): void {
  if (ctx.app.bug('spec2-scheduling-endpoint-late') && ctx.version === '1.1.0') throw notFound('no such endpoint');
}
