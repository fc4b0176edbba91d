import type { Ctx, Reply } from '../app.js';
import type { ApiVersion } from '../../model/version.js';
import type { SerializeVariant } from '../serialize.js';
import type { EventView } from '../view.js';
import type { EventParts } from '../event-parts.js';
import type { AclEntry } from '../types.js';
import type { ListQuery } from '../list-run.js';
import type { SortKey } from '../list-params.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/** Mutants of the event endpoints (GET/POST /api/events, GET/POST/DELETE /api/events/{id}). */
export const EVENT_MUTANTS = family({
  'list-status-201': { rule: 'events.list.status', description: 'GET /api/events answers 201 instead of 200.' },
  'list-wrapped-object': {
    rule: 'events.list.array',
    description: 'GET /api/events wraps the array: {"events":[...]}.',
  },
  'list-drops-created': {
    rule: 'events.list.schema',
    description: 'List items lack the member `created` (the single GET is unaffected).',
  },
  'list-limit-off-by-one': { rule: 'events.list.limit', description: 'The list returns limit+1 items.' },
  'list-offset-page-always': {
    rule: 'events.list.offset-index',
    description: 'offset is treated as a page index (skip offset*limit) also in 1.1.0+.',
    since: '1.1.0',
  },
  'list-offset-index-always': {
    rule: 'events.list.offset-page',
    description: 'offset is treated as an item index also in 1.0.0.',
    until: '1.0.0',
  },
  'create-status-200': { rule: 'events.create.status', description: 'POST /api/events answers 200 instead of 201.' },
  'create-location-wrong': {
    rule: 'events.create.location',
    description: 'The Location header points at /api/event/<id> (singular).',
  },
  'create-id-member': {
    rule: 'events.create.identifier',
    description: 'The creation body is {"id": ...} instead of {"identifier": ...}.',
  },
  'create-description-dropped': {
    rule: 'events.create.metadata',
    description: 'POST /api/events does not store the description field of dublincore/episode (updates do).',
  },
  'create-acl-ignored': {
    rule: 'events.create.acl',
    description: 'POST /api/events ignores the acl part: the event gets an empty ACL.',
  },
  'create-lenient-metadata': {
    rule: 'events.create.400',
    description: 'A metadata part that is not JSON is parsed leniently (unquoted keys accepted) and the event is created (201).',
  },
  'get-status-201': { rule: 'events.get.status', description: 'The single GET answers 201 (with the event body).' },
  'get-legacy-names': {
    rule: 'events.get.schema',
    description: 'The single GET uses the 1.0.0 names presenters/contributors/start_time in 1.1.0+.',
    since: '1.1.0',
  },
  'get-current-names-oldest': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.0.0 uses the later names presenter/contributor/start (no presenters/contributors/start_time).',
    until: '1.0.0',
  },
  'get-unknown-200': { rule: 'events.get.404', description: 'GET of an unknown id answers 200 with {}.' },
  'get-state-done': {
    rule: 'events.get.processing-state',
    description: 'The single GET shows processing_state "DONE" (not in the States table) once processing has succeeded.',
  },
  'get-start-always-technical': {
    rule: 'events.get.start-bibliographic',
    description: 'The single GET keeps `start` = technical (schedule) start in 1.4.0+.',
    since: '1.4.0',
  },
  'get-start-always-bibliographic': {
    rule: 'events.get.start-technical',
    description: 'The single GET shows the bibliographic (metadata) start as `start` also below 1.4.0.',
    since: '1.1.0',
    until: '1.3.0',
  },
  'update-status-200': { rule: 'events.update.204', description: 'POST /api/events/{id} answers 200 instead of 204.' },
  'update-unknown-204': { rule: 'events.update.404', description: 'POST /api/events/{id} of an unknown id answers 204.' },
  'update-metadata-ignored': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} answers 204 but ignores the metadata part.',
  },
  'update-wipes-acl': {
    rule: 'events.update.partial',
    description: 'An update without an acl part resets the ACL to empty (acl = parts.acl ?? []).',
  },
  'update-acl-ignored': {
    rule: 'events.update.acl',
    description: 'POST /api/events/{id} answers 204 but ignores the acl part.',
  },
  'delete-status-200': {
    rule: 'events.delete.204',
    description: 'DELETE answers 200 instead of 204.',
    until: '1.5.0',
  },
  'delete-status-200-new': {
    rule: 'events.delete.accepted',
    description: 'DELETE answers 200 instead of 202/204 (1.6.0).',
    since: '1.6.0',
  },
  'delete-keeps-event': { rule: 'events.delete.gone', description: 'DELETE answers 204 but the event stays.' },
  'delete-unknown-204': { rule: 'events.delete.404', description: 'DELETE of an unknown id answers 204.' },
});

/** Bug site (hook listPaging.pageIndex): whether offset counts pages (of size limit) instead of items. */
export function listOffsetReading(ctx: Ctx, pageIndex: boolean): boolean {
  return atLeast(ctx.version, '1.1.0') ? pageIndex || ctx.app.bug('list-offset-page-always') : pageIndex && !ctx.app.bug('list-offset-index-always');
}

/** Bug site (hook listPaging.page): one item more than the limit. */
export function listLimitOffByOne<P extends { limit: number | undefined; skip: number; sort: SortKey[] }>(ctx: Ctx, p: P): P {
  return p.limit !== undefined && ctx.app.bug('list-limit-off-by-one') ? { ...p, limit: p.limit + 1 } : p;
}

/** Bug site (hook listQuery.query): list items without `created`. */
export function listDropsCreated(ctx: Ctx, q: ListQuery): ListQuery {
  return ctx.app.bug('list-drops-created') ? { ...q, variant: { dropCreated: true } } : q;
}

/** Bug site (hook listReply): the list wrapped in an object, or answered 201 (extra: the list's JSON text as run). */
export function listReply(ctx: Ctx, reply: Reply, text: string): Reply {
  const { bug } = ctx.app;
  const wrapped = bug('list-wrapped-object') ? { ...reply, json: `{"events":${text}}` } : reply;
  return bug('list-status-201') ? { ...wrapped, status: 201 } : wrapped;
}

/** Bug site (hook eventBody.early): GET of an unknown id answers 200 {}. */
export function getUnknown(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  return reply ?? (ctx.app.bug('get-unknown-200') && !ctx.app.store.get(ctx.params[0]) ? { status: 200, json: '{}' } : undefined);
}

/** Bug site (hook eventBody.view): derived members (processing_state, start) shown wrongly by the single GET. */
export function getViewBugs(ctx: Ctx, changed: Partial<EventView> | undefined, v: EventView): Partial<EventView> | undefined {
  if (changed) return changed;
  const { bug } = ctx.app;
  const out: Partial<EventView> = {};
  if (bug('get-state-done') && v.processingState === 'SUCCEEDED') out.processingState = 'DONE';
  if (bug('get-start-always-technical')) out.bibStartMs = v.techStartMs;
  if (bug('get-start-always-bibliographic')) out.techStartMs = v.bibStartMs;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Bug site (hook eventBody.variant): the single GET uses the legacy member names. */
export function getLegacyNames(ctx: Ctx, variant: SerializeVariant | undefined): SerializeVariant | undefined {
  return ctx.app.bug('get-legacy-names') ? { ...variant, legacyNames: true } : variant;
}

/** Bug site (hook eventBody.version): the single GET of 1.0.0 uses the names of 1.1.0. */
export function getCurrentNamesOldest(ctx: Ctx, version: ApiVersion): ApiVersion {
  return ctx.app.bug('get-current-names-oldest') && version === '1.0.0' ? '1.1.0' : version;
}

/** Bug site (hook eventBody.status): the single GET answers 201. */
export function getStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('get-status-201') ? 201 : status;
}

/** Bug site (hook deleteEvent.early): DELETE of an unknown id answers 204. */
export function deleteUnknown(ctx: Ctx): Reply | undefined {
  return ctx.app.bug('delete-unknown-204') && !ctx.app.store.get(ctx.params[0]) ? { status: 204 } : undefined;
}

/** Bug site (hook deleteEvent.status): DELETE answers 200 (extra: the 1.6.0 rules). */
export function deleteStatus(ctx: Ctx, status: number, newRules: boolean): number {
  return ctx.app.bug(newRules ? 'delete-status-200-new' : 'delete-status-200') ? 200 : status;
}

/** Bug site (hook deleteEvent.kept): DELETE answers success but keeps the event. */
export function deleteKeeps(ctx: Ctx, kept: boolean): boolean {
  return kept || ctx.app.bug('delete-keeps-event');
}

/** Bug site (hook updateParts.early): POST /api/events/{id} of an unknown id answers 204. */
export function updateUnknown(ctx: Ctx): Reply | undefined {
  return ctx.app.bug('update-unknown-204') && !ctx.app.store.get(ctx.params[0]) ? { status: 204 } : undefined;
}

/** Bug sites (hook updateParts.checked): the metadata or the acl part of an update is ignored. */
export function updateIgnores(ctx: Ctx, parts: EventParts): void {
  if (ctx.app.bug('update-metadata-ignored')) delete parts.metadata;
  if (ctx.app.bug('update-acl-ignored')) delete parts.acl;
}

/** Bug site (hook updateParts.unsentAcl): an update without an acl part empties the ACL. */
export function updateWipesAcl(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('update-wipes-acl') ? [] : acl;
}

/** Bug site (hook updateParts.status): the update answers 200. */
export function updateStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('update-status-200') ? 200 : status;
}

/** Bug site (hook createParts.lenient): POST /api/events accepts metadata fields of the wrong type. */
export function createLenient(ctx: Ctx, lenient: boolean): boolean {
  return lenient || ctx.app.bug('create-lenient-metadata');
}

/** Bug site (hook createParts.acl, last): the acl part of a create is ignored. */
export function createAclIgnored(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('create-acl-ignored') ? [] : acl;
}

/** Bug site (hook created.location, first): Location names /api/event/{id}. */
export function createLocationWrong(ctx: Ctx, location: string): string {
  if (!ctx.app.bug('create-location-wrong')) return location;
  const i = location.lastIndexOf('/api/events/');
  return `${location.slice(0, i)}/api/event/${location.slice(i + '/api/events/'.length)}`;
}

/** Bug site (hook created.body): the identifier sent as `id`. */
export function createIdMember(ctx: Ctx, body: object, id: string): object {
  return ctx.app.bug('create-id-member') ? { id } : body;
}

/** Bug site (hook created.status): a create answers 200. */
export function createStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('create-status-200') ? 200 : status;
}
