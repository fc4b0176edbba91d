import type { Ctx, Reply } from '../app.js';
import { writableEvent } from '../event-access.js';
import type { EventParts } from '../event-parts.js';
import { renderCatalogs } from '../catalogs.js';
import { isoSeconds } from '../time.js';
import type { EpisodeValues, EventRecord } from '../types.js';
import { atLeast } from '../version.js';
import { sharedListCache } from './spec-acl.js';
import { counted, firstState, latin1Value, nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Mutants of the event object and of the single-event endpoints, written from the spec alone (spec § Event (response
 * object): "In this variant the members for presenters, contributors and the start are named presenters,
 * contributors and start_time, not presenter, contributor and start"; "publication_status | Publications available
 * for the event"; § Versioning: start technical below 1.4.0, bibliographic from 1.4.0, 202 from 1.6.0; § POST
 * /api/events/{event_id}: "Only what is sent is changed"). Bug sites: handlers/event.ts, list.ts, update.ts, create.ts.
 */
export const SPEC_EVENT_MUTANTS = family({
  'spec-get-both-names-oldest': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.0.0 sends presenter, contributor and start beside presenters, contributors and start_time.',
    until: '1.0.0',
  },
  'spec-list-both-names-oldest': {
    rule: 'events.list.schema',
    description: 'List items in 1.0.0 carry presenter, contributor and start beside presenters, contributors and start_time.',
    until: '1.0.0',
  },
  'spec-get-both-names-current': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.1.0+ sends the oldest names presenters, contributors and start_time beside presenter, contributor and start.',
    since: '1.1.0',
  },
  'spec-list-both-names-current': {
    rule: 'events.list.schema',
    description: 'List items in 1.1.0+ carry the oldest names presenters, contributors and start_time beside presenter, contributor and start.',
    since: '1.1.0',
  },
  'spec-start-bibliographic-late': {
    rule: 'events.get.start-bibliographic',
    description: 'The switch of `start` to the bibliographic start comes one version late: 1.4.0 still shows the technical start.',
    since: '1.4.0',
    until: '1.4.0',
  },
  'spec-start-bibliographic-early': {
    rule: 'events.get.start-technical',
    description: 'The switch of `start` to the bibliographic start comes one version early: 1.3.0 already shows it.',
    since: '1.3.0',
    until: '1.3.0',
  },
  'spec-delete-202-early': {
    rule: 'events.delete.204',
    description: 'DELETE in 1.5.0 answers 202 (the 1.6.0 status) instead of 204, although the event is deleted at once.',
    since: '1.5.0',
    until: '1.5.0',
  },
  'spec-update-reverts-earlier': {
    rule: 'events.update.partial',
    description: 'POST /api/events/{id} applies the sent metadata to the catalog as it was created: fields changed by an earlier update revert.',
  },
  'spec-update-drops-other-catalogs': {
    rule: 'events.update.partial',
    description: 'An update whose metadata part carries only some catalogs deletes the event\'s other catalogs (e.g. license/episode).',
  },
  'spec-update-latin1': {
    rule: 'events.update.metadata',
    description: 'POST /api/events/{id} decodes the metadata part as ISO-8859-1: non-ASCII values are stored mangled ("Zürich" → "ZÃ¼rich"); creation is right.',
  },
  'spec-create-location-previous': {
    rule: 'events.create.location',
    description: 'The Location header names the event created by the previous POST /api/events (the first creation is right; the body identifier always is).',
  },
  'spec-list-withacl-first-event': {
    rule: 'events.list.withacl',
    description: 'withacl=true gives every listed event the ACL of the first one listed (a variable reused across the loop).',
  },
  'spec-get-withmetadata-stale': {
    rule: 'events.get.withmetadata',
    description: 'GET /api/events/{id}?withmetadata=true shows the catalogs the event was created with: later metadata changes are missing.',
  },
  'spec-delete-list-stale': {
    rule: 'events.delete.gone',
    description: 'DELETE does not invalidate the list cache: a list query asked before the delete keeps listing the deleted event until the next change (the single GET answers 404).',
  },
  'spec-get-id-prefix': {
    rule: 'events.get.404',
    description: 'GET /api/events/{id} looks the event up by identifier prefix (LIKE \'id%\'): a truncated identifier answers 200 with the event.',
  },
  'spec-publication-status-empty': {
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
  if (ctx.app.bug('spec-publication-status-empty') && Array.isArray(o.publication_status)) o.publication_status = [];
}

/** Bug site (handlers/event.ts): the single GET's body as a buggy server sends it. */
export function getBody(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const oldest = ctx.version === '1.0.0';
  const names = oldest ? bug('spec-get-both-names-oldest') : bug('spec-get-both-names-current');
  const start = (ctx.version === '1.4.0' && bug('spec-start-bibliographic-late')) || (ctx.version === '1.3.0' && bug('spec-start-bibliographic-early'));
  const metadata = bug('spec-get-withmetadata-stale');
  if (!names && !start && !metadata && !bug('spec-publication-status-empty')) return text;
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
  const names = ctx.version === '1.0.0' ? bug('spec-list-both-names-oldest') : bug('spec-list-both-names-current');
  const out = staleAfterDelete(ctx, sharedListCache(ctx, text));
  const firstAcl = bug('spec-list-withacl-first-event');
  if (!names && !firstAcl && !bug('spec-publication-status-empty')) return out;
  const list = JSON.parse(out) as Obj[];
  for (const o of list) {
    if (names) bothNames(o);
    if (firstAcl && 'acl' in o) o.acl = list[0].acl;
    publicationStatusEmpty(ctx, o);
  }
  return JSON.stringify(list);
}

/** The catalogs of event `id` as it was created (spec-get-withmetadata-stale). */
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

/** spec-delete-list-stale: list answers cached by a revision that a DELETE does not advance. */
function staleAfterDelete(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('spec-delete-list-stale')) return text;
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
  if (!ctx.app.bug('spec-get-id-prefix') || ctx.app.store.get(id)) return;
  for (const rec of ctx.app.store.values()) {
    if (rec.id.startsWith(id)) {
      ctx.params[0] = rec.id;
      return;
    }
  }
}

/** Bug site (handlers/event.ts deleteEvent): the 1.5.0 delete that answers 202; undefined = the correct path. */
export function deleteBugs(ctx: Ctx): Reply | undefined {
  if (ctx.app.bug('spec-delete-list-stale')) {
    const rec = writableEvent(ctx);
    const retracts = atLeast(ctx.version, '1.6.0') && (rec.publications.length > 0 || rec.deleting);
    if (!retracts) nth(ctx.app, 'deletes'); // removed at once: store.rev + 1
    return undefined;
  }
  if (!ctx.app.bug('spec-delete-202-early') || ctx.version !== '1.5.0') return undefined;
  const rec = writableEvent(ctx);
  ctx.app.timers.cancel(`process:${rec.id}`);
  ctx.app.store.remove(rec.id);
  return { status: 202 };
}

/** Bug site (handlers/update.ts): the catalog an update's episode fields are applied to. */
export function updateBase(ctx: Ctx, rec: EventRecord): EpisodeValues {
  return (ctx.app.bug('spec-update-reverts-earlier') && firstState(rec)?.episode) || rec.episode;
}

/** Bug site (handlers/update.ts, after parsing): the parts as a server decoding them as ISO-8859-1 reads them. */
export function updateParts(ctx: Ctx, parts: EventParts): void {
  if (!ctx.app.bug('spec-update-latin1') || !parts.metadata) return;
  const mangle = (fields: { id: string; value: unknown }[]) => fields.map((f) => ({ ...f, value: latin1Value(f.value) }));
  if (parts.metadata.episode) parts.metadata.episode = mangle(parts.metadata.episode);
  for (const [flavor, fields] of parts.metadata.extras) parts.metadata.extras.set(flavor, mangle(fields));
}

/** Bug site (handlers/update.ts, after the catalogs are applied): catalogs the metadata part did not name are dropped. */
export function updateCatalogBugs(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  if (!ctx.app.bug('spec-update-drops-other-catalogs') || !parts.metadata) return;
  for (const flavor of [...rec.extraCatalogs.keys()]) if (!parts.metadata.extras.has(flavor)) rec.extraCatalogs.delete(flavor);
}

const lastCreated = new WeakMap<object, string>();

/** Bug site (handlers/create.ts): the Location header a server with a stale "last created" variable sends. */
export function createLocation(ctx: Ctx, location: string, id: string): string {
  if (!ctx.app.bug('spec-create-location-previous')) return location;
  const previous = lastCreated.get(ctx.app);
  lastCreated.set(ctx.app, id);
  return previous === undefined ? location : location.replace(encodeURIComponent(id), encodeURIComponent(previous));
}
