import type { Ctx, Reply } from '../app.js';
import { emptyEpisode } from '../episode.js';
import { toSeconds } from '../time.js';
import type { EpisodeValues, EventRecord } from '../types.js';
import { family } from './types.js';

/**
 * Event mutants of the second spec-only round (spec § POST /api/events: "201: the event is created. The Location
 * header holds {base_url}/api/events/<event_id>"; § POST /api/events/{event_id}: "Only what is sent is changed";
 * § Event (response object): "created | Creation date and time", "presenter* | array[string] | Presenters").
 * Bug sites: handlers/create.ts (spec2CreateReply, spec2NewEpisode) and handlers/update.ts (spec2UpdateBase, spec2Updated).
 */
export const SPEC2_EVENT_MUTANTS = family({
  'spec2-create-location-missing-scheduled': {
    rule: 'events.create.location',
    description: 'The 201 of a single scheduled event (scheduling part, no rrule) has no Location header (only the upload path sets it).',
    since: '1.1.0',
  },
  'spec2-create-presenters-first-only': {
    rule: 'events.create.metadata',
    description: 'POST /api/events stores only the first presenter (creator) of the list; the others are dropped (updates keep them all).',
  },
  'spec2-update-unsent-fields-cleared': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} rebuilds dublincore/episode from the fields sent: episode fields not sent (e.g. description) are emptied.',
  },
  'spec2-update-touches-created': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} sets `created` to the time of the update (an ON UPDATE CURRENT_TIMESTAMP column).',
  },
});

/** Bug site (handlers/create.ts, the 201 reply): the Location header a buggy server leaves out. */
export function spec2CreateReply(ctx: Ctx, reply: Reply, scheduled: boolean): Reply {
  if (!ctx.app.bug('spec2-create-location-missing-scheduled') || !scheduled || reply.status !== 201) return reply;
  const { Location: _l, ...rest } = reply.headers ?? {};
  return { ...reply, headers: rest };
}

/** Bug site (handlers/create.ts newRecord): the episode a creation stores. */
export function spec2NewEpisode(ctx: Ctx, e: EpisodeValues): void {
  if (ctx.app.bug('spec2-create-presenters-first-only')) e.creator = e.creator.slice(0, 1);
}

/** Bug site (handlers/update.ts): the catalog an update's episode fields are applied to. */
export function spec2UpdateBase(ctx: Ctx, base: EpisodeValues): EpisodeValues {
  return ctx.app.bug('spec2-update-unsent-fields-cleared') ? emptyEpisode() : base;
}

/** Bug site (handlers/update.ts, before the commit): what a buggy update changes besides the parts sent. */
export function spec2Updated(ctx: Ctx, rec: EventRecord): void {
  if (ctx.app.bug('spec2-update-touches-created')) rec.createdMs = toSeconds(Date.now());
}

