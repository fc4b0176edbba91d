import type { Ctx, Reply } from '../app.js';
import type { ApiVersion } from '../../model/version.js';
import type { SerializeVariant } from '../serialize.js';
import type { EventView } from '../view.js';
import type { EventParts } from '../event-parts.js';
import type { AclEntry, EpisodeValues, EventRecord } from '../types.js';
import type { ListQuery } from '../list-run.js';
import type { SortKey } from '../list-params.js';
import { atLeast } from '../version.js';
import { family } from './types.js';
import { writableEvent } from '../event-access.js';
import { renderCatalogs } from '../catalogs.js';
import { isoSeconds } from '../time.js';
import { sharedListCache } from './acl.js';
import { counted, firstState, latin1Value, nth } from './mutant-state.js';

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

/** Bug sites (hook writeInput): the metadata or the acl part of an update is ignored. */
export function updateIgnores(ctx: Ctx, parts: EventParts): void {
  if (ctx.app.bug('update-metadata-ignored')) delete parts.metadata;
  if (ctx.app.bug('update-acl-ignored')) delete parts.acl;
}

/** Bug site (hook stored): an update without an acl part empties the ACL. */
export function updateWipesAcl(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('update-wipes-acl') ? [] : acl;
}

/** Bug site (hook updateParts.status): the update answers 200. */
export function updateStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('update-status-200') ? 200 : status;
}

/** Bug site (hook writeInput): POST /api/events accepts metadata fields of the wrong type. */
export function createLenient(ctx: Ctx, lenient: boolean): boolean {
  return lenient || ctx.app.bug('create-lenient-metadata');
}

/** Bug site (hook stored, last): the acl part of a create is ignored. */
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

/**
 * Mutants of the event object and of the single-event endpoints, written from the spec alone (spec § Event (response
 * object): "In this variant the members for presenters, contributors and the start are named presenters,
 * contributors and start_time, not presenter, contributor and start"; "publication_status | Publications available
 * for the event"; § Versioning: start technical below 1.4.0, bibliographic from 1.4.0, 202 from 1.6.0; § POST
 * /api/events/{event_id}: "Only what is sent is changed"). Bug sites: handlers/event.ts, list.ts, update.ts, create.ts.
 */
export const SPEC_EVENT_MUTANTS = family({
  'get-both-names-oldest': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.0.0 sends presenter, contributor and start beside presenters, contributors and start_time.',
    until: '1.0.0',
  },
  'list-both-names-oldest': {
    rule: 'events.list.schema',
    description: 'List items in 1.0.0 carry presenter, contributor and start beside presenters, contributors and start_time.',
    until: '1.0.0',
  },
  'get-both-names-current': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.1.0+ sends the oldest names presenters, contributors and start_time beside presenter, contributor and start.',
    since: '1.1.0',
  },
  'list-both-names-current': {
    rule: 'events.list.schema',
    description: 'List items in 1.1.0+ carry the oldest names presenters, contributors and start_time beside presenter, contributor and start.',
    since: '1.1.0',
  },
  'start-bibliographic-late': {
    rule: 'events.get.start-bibliographic',
    description: 'The switch of `start` to the bibliographic start comes one version late: 1.4.0 still shows the technical start.',
    since: '1.4.0',
    until: '1.4.0',
  },
  'start-bibliographic-early': {
    rule: 'events.get.start-technical',
    description: 'The switch of `start` to the bibliographic start comes one version early: 1.3.0 already shows it.',
    since: '1.3.0',
    until: '1.3.0',
  },
  'delete-202-early': {
    rule: 'events.delete.204',
    description: 'DELETE in 1.5.0 answers 202 (the 1.6.0 status) instead of 204, although the event is deleted at once.',
    since: '1.5.0',
    until: '1.5.0',
  },
  'update-reverts-earlier': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} applies the sent metadata to the catalog as it was created: fields changed by an earlier update revert.',
  },
  'update-drops-other-catalogs': {
    rule: 'events.update.partial',
    description: 'An update whose metadata part carries only some catalogs deletes the event\'s other catalogs (e.g. license/episode).',
  },
  'update-latin1': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} decodes the metadata part as ISO-8859-1: non-ASCII values are stored mangled ("Zürich" → "ZÃ¼rich"); creation is right.',
  },
  'create-location-previous': {
    rule: 'events.create.location',
    description: 'The Location header names the event created by the previous POST /api/events (the first creation is right; the body identifier always is).',
  },
  'list-withacl-first-event': {
    rule: 'events.list.withacl',
    description: 'withacl=true gives every listed event the ACL of the first one listed (a variable reused across the loop).',
  },
  'get-withmetadata-stale': {
    rule: 'events.get.withmetadata',
    description: 'GET /api/events/{id}?withmetadata=true shows the catalogs the event was created with: later metadata changes are missing.',
  },
  'delete-list-stale': {
    rule: 'events.delete.gone',
    description: 'DELETE does not invalidate the list cache: a list query asked before the delete keeps listing the deleted event until the next change (the single GET answers 404).',
  },
  'get-id-prefix': {
    rule: 'events.get.404',
    description: 'GET /api/events/{id} looks the event up by identifier prefix (LIKE \'id%\'): a truncated identifier answers 200 with the event.',
  },
  'publication-status-empty': {
    rule: 'events.get.publication-status',
    description: 'publication_status stays [] after the event is published (list and single GET).',
  },
});

type Obj = Record<string, unknown>;

/** The oldest names next to the current ones (or the reverse), as a server that copies both would send. */
function bothNames(o: Obj): void {
  if ('presenters' in o) Object.assign(o, { presenter: o.presenters, contributor: o.contributors, start: o.start_time });
  else Object.assign(o, { presenters: o.presenter, contributors: o.contributor, start_time: o.start });
}

function publicationStatusEmpty(ctx: Ctx, o: Obj): void {
  if (ctx.app.bug('publication-status-empty') && Array.isArray(o.publication_status)) o.publication_status = [];
}

/** Bug site (handlers/event.ts): the single GET's body as a buggy server sends it. */
export function getBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const oldest = ctx.version === '1.0.0';
  const names = oldest ? bug('get-both-names-oldest') : bug('get-both-names-current');
  const start = (ctx.version === '1.4.0' && bug('start-bibliographic-late')) || (ctx.version === '1.3.0' && bug('start-bibliographic-early'));
  const metadata = bug('get-withmetadata-stale');
  if (!names && !start && !metadata && !bug('publication-status-empty')) return text;
  const o = JSON.parse(text) as Obj;
  if (names) bothNames(o);
  if (metadata && 'metadata' in o) o.metadata = createdCatalogs(ctx, o.identifier);
  if (start && typeof o.identifier === 'string') {
    const v = ctx.app.store.view(o.identifier);
    o.start = isoSeconds(ctx.version === '1.4.0' ? v.techStartMs : v.bibStartMs);
  }
  publicationStatusEmpty(ctx, o);
  return JSON.stringify(o);
}

/** Bug site (handlers/list.ts): the list body as a buggy server sends it. */
export function listBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const names = ctx.version === '1.0.0' ? bug('list-both-names-oldest') : bug('list-both-names-current');
  const out = staleAfterDelete(ctx, sharedListCache(ctx, text));
  const firstAcl = bug('list-withacl-first-event');
  if (!names && !firstAcl && !bug('publication-status-empty')) return out;
  const list = JSON.parse(out) as Obj[];
  for (const o of list) {
    if (names) bothNames(o);
    if (firstAcl && 'acl' in o) o.acl = list[0].acl;
    publicationStatusEmpty(ctx, o);
  }
  return JSON.stringify(list);
}

/** The catalogs of event `id` as it was created (get-withmetadata-stale). */
function createdCatalogs(ctx: Ctx, id: unknown): unknown {
  const rec = typeof id === 'string' ? ctx.app.store.get(id) : undefined;
  if (!rec) return [];
  const first = firstState(rec);
  const episode = first?.episode ?? rec.episode;
  const v = ctx.app.store.view(rec.id);
  const view = { id: rec.id, createdMs: rec.createdMs, startMs: episode.startMs ?? v.techStartMs, durationMs: episode.durationMs ?? v.durationMs };
  return renderCatalogs(episode, view, first?.extras ?? rec.extraCatalogs);
}

const staleLists = new WeakMap<object, Map<string, string>>();

/** delete-list-stale: list answers cached by a revision that a DELETE does not advance. */
function staleAfterDelete(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('delete-list-stale')) return text;
  let m = staleLists.get(ctx.app);
  if (!m) staleLists.set(ctx.app, (m = new Map()));
  const k = `${ctx.app.store.rev - counted(ctx.app, 'deletes')}|${ctx.version}|${ctx.caller.name}|${ctx.url.search}`;
  const hit = m.get(k);
  if (hit !== undefined) return hit;
  m.set(k, text);
  return text;
}

/** Bug site (handlers/event.ts getEvent, before the lookup): the identifier a prefix lookup resolves. */
export function getIdBugs(ctx: Ctx): void {
  const id = ctx.params[0];
  if (!ctx.app.bug('get-id-prefix') || ctx.app.store.get(id)) return;
  for (const rec of ctx.app.store.values()) {
    if (rec.id.startsWith(id)) {
      ctx.params[0] = rec.id;
      return;
    }
  }
}

/** Bug site (handlers/event.ts deleteEvent): the 1.5.0 delete that answers 202; undefined = the correct path. */
export function deleteBugs(ctx: Ctx): Reply | undefined {
  if (ctx.app.bug('delete-list-stale')) {
    const rec = writableEvent(ctx);
    const retracts = atLeast(ctx.version, '1.6.0') && (rec.publications.length > 0 || rec.deleting);
    if (!retracts) nth(ctx.app, 'deletes'); // removed at once: store.rev + 1
    return undefined;
  }
  if (!ctx.app.bug('delete-202-early') || ctx.version !== '1.5.0') return undefined;
  const rec = writableEvent(ctx);
  ctx.app.timers.cancel(`process:${rec.id}`);
  ctx.app.store.remove(rec.id);
  return { status: 202 };
}

/** Bug site (handlers/update.ts): the catalog an update's episode fields are applied to. */
export function updateBase(ctx: Ctx, rec: EventRecord): EpisodeValues {
  return (ctx.app.bug('update-reverts-earlier') && firstState(rec)?.episode) || rec.episode;
}

/** Bug site (handlers/update.ts, after parsing): the parts as a server decoding them as ISO-8859-1 reads them. */
export function updateParts(ctx: Ctx, parts: EventParts): void {
  if (!ctx.app.bug('update-latin1') || !parts.metadata) return;
  const mangle = (fields: { id: string; value: unknown }[]) => fields.map((f) => ({ ...f, value: latin1Value(f.value) }));
  if (parts.metadata.episode) parts.metadata.episode = mangle(parts.metadata.episode);
  for (const [flavor, fields] of parts.metadata.extras) parts.metadata.extras.set(flavor, mangle(fields));
}

/** Bug site (handlers/update.ts, after the catalogs are applied): catalogs the metadata part did not name are dropped. */
export function updateCatalogBugs(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  if (!ctx.app.bug('update-drops-other-catalogs') || !parts.metadata) return;
  for (const flavor of [...rec.extraCatalogs.keys()]) if (!parts.metadata.extras.has(flavor)) rec.extraCatalogs.delete(flavor);
}

const lastCreated = new WeakMap<object, string>();

/** Bug site (handlers/create.ts): the Location header a server with a stale "last created" variable sends. */
export function createLocation(ctx: Ctx, location: string, id: string): string {
  if (!ctx.app.bug('create-location-previous')) return location;
  const previous = lastCreated.get(ctx.app);
  lastCreated.set(ctx.app, id);
  return previous === undefined ? location : location.replace(encodeURIComponent(id), encodeURIComponent(previous));
}

/**
 * A create body without identifier whose Location names no event: caught by the strengthened checks of
 * events.create.location (the Location names the created event), which it passed before. (The other readings those
 * checks were strengthened for are mutants of the SPEC_* groups: sort-end-date-by-start,
 * sort-workflow-state-by-title, sort-last-criterion-only / first-criterion-only, the both-names ones,
 * metadata-get-type-ignored, publication-status-empty,
 * publications-unpublished-500.)
 */
export const CREATE_LOCATION_MUTANTS = family({
  'create-location-other-event': {
    rule: 'events.create.location',
    description: 'POST /api/events answers a body without identifier and a Location naming an event that does not exist.',
  },
});

/** Bug site (hook created.named): Location names another identifier than the event created. */
export function createNamedElsewhere(ctx: Ctx, id: string): string {
  return ctx.app.bug('create-location-other-event') ? `${id}-elsewhere` : id;
}

/** Bug site (hook created.body): the body of such a create holds no identifier. */
export function createBodyEmpty(ctx: Ctx, body: object): object {
  return ctx.app.bug('create-location-other-event') ? {} : body;
}
