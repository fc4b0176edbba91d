/**
 * Documented deviations of real Opencast (docs/opencast-behaviour.md, each citing the Opencast source file), each a
 * named switch: the reference server's Opencast mode (src/reference/profiles) turns them on together; each also
 * stands alone as a mutant, proven caught by the rule it breaks.
 */
import type { Ctx } from '../app.js';
import type { ApiVersion } from '../../model/version.js';
import type { ListQuery } from '../list-run.js';
import type { AclEntry, Publication } from '../types.js';
import { family } from './types.js';

export const OPENCAST_MUTANTS = family({
  'opencast-acl-part-allow-ignored': {
    rule: 'events.create.acl',
    description: 'Opencast: the acl part of a create (and update) ignores allow: every entry is stored with allow true, also one sent with allow false (EHR deserializeJsonToAcl(assumeAllow=true)).',
  },
  'opencast-filter-repeat-last': {
    rule: 'events.list.filter.or',
    // Opencast's query builder keeps the last value in every version; below 1.5.0 the spec leaves the repetition
    // open (AND or OR, src/spec/readings.ts), and this switch models only the documented 1.5.0 deviation.
    since: '1.5.0',
    description: 'Opencast: a repeated single-valued filter keyword (title:A,title:B) keeps the last value only; only contributors, presenters and identifier OR their values (EQB; the 1.5.0 OR rule is not implemented as documented).',
  },
  'opencast-scheduled-state-empty': {
    rule: 'events.create.scheduled-state',
    description: 'Opencast: a scheduled event has processing_state "" (no workflow exists yet), not INSTANTIATED (Event.java updateEventStatus).',
  },
  'opencast-publications-list-full': {
    rule: 'publications.list.schema',
    description: 'Opencast: GET …/publications lists full publication objects (media, attachments, metadata), the members the spec keeps "Only in the single-publication response" (EE getPublications; docs/opencast-notes.md, Things… 3).',
  },
  'opencast-oldest-current-names': {
    rule: 'events.list.schema',
    until: '1.0.0',
    description: 'Opencast: in 1.0.0 list items (and the single GET) use presenter, contributor and start, the later names; no released server sent presenters/contributors/start_time (tag 2.3.0 EventsEndpoint.java).',
  },
});

/** Bug site (handlers/create.ts newRecord, handlers/update.ts): the acl part as Opencast stores it. */
export function opencastAclPart(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('opencast-acl-part-allow-ignored') ? acl.map((e) => ({ ...e, allow: true })) : acl;
}

/** Bug site (list-params.ts parseFilters): whether a repeated keyword replaces the value before it. */
export function opencastRepeatLast(bug: Ctx['app']['bug'], multiValued: boolean, from150: boolean): boolean {
  return from150 && !multiValued && bug('opencast-filter-repeat-last');
}

/** Bug site (hook listQuery.query): 1.0.0 list items in the later shape (presenter, contributor, start). */
export function opencastOldestListNames(ctx: Ctx, q: ListQuery): ListQuery {
  return q.version === '1.0.0' && ctx.app.bug('opencast-oldest-current-names') ? { ...q, version: '1.1.0' } : q;
}

/** Bug site (handlers/create.ts newRecord): the processing_state of a new scheduled event. */
export function opencastScheduledState(ctx: Ctx): string | undefined {
  return ctx.app.bug('opencast-scheduled-state-empty') ? '' : undefined;
}


/** Bug site (handlers/publications.ts listPublications): a listed publication as Opencast shows it (the whole object). */
export function opencastListedPublication(ctx: Ctx, summary: Record<string, unknown>, p: Publication): Record<string, unknown> {
  return ctx.app.bug('opencast-publications-list-full') ? { ...summary, media: p.media, attachments: p.attachments, metadata: p.metadata } : summary;
}

/** Bug site (hook eventBody.version): the single GET of 1.0.0 uses the later names too. */
export function opencastOldestGetNames(ctx: Ctx, version: ApiVersion): ApiVersion {
  return version === '1.0.0' && ctx.app.bug('opencast-oldest-current-names') ? '1.1.0' : version;
}
