import type { Ctx, Reply } from '../app.js';
import { family } from './types.js';

/**
 * Response-shape mutants of the second spec-only round (spec § GET /api/events: "Returns a JSON array of event
 * objects. The array may be empty"; § Event (response object): presenter*, contributor*, subjects* are
 * array[string]; "Oldest variant ...: duration (integer)"; GET /api/events/{event_id}: withacl "with the same
 * meanings as for the list"; § Metadata: "404" for an event that does not exist). Bug sites: handlers/list.ts
 * (spec2ListShape), handlers/event.ts (spec2GetShape), handlers/metadata.ts (spec2MetadataGone / spec2MetadataSeen).
 */
export const SPEC2_SHAPE_MUTANTS = family({
  'spec2-list-single-element-arrays-scalar': {
    rule: 'events.list.schema',
    description: 'List items serialize a one-element presenter/contributor/subjects array as a plain string (an XML-to-JSON mapper); longer arrays stay arrays.',
  },
  'spec2-list-empty-null': {
    rule: 'events.list.empty',
    description: 'A list with no matching event answers 200 with null instead of [] (a nil slice serialized).',
  },
  'spec2-oldest-duration-string': {
    rule: 'events.get.schema',
    description: 'The single GET in 1.0.0 sends duration as a string of digits ("declared as string"), though the oldest variant has duration (integer).',
    until: '1.0.0',
  },
  'spec2-get-withacl-allow-only': {
    rule: 'events.get.withacl',
    description: 'withacl=true on the single GET includes only the entries with allow true: deny entries are missing (the list and GET /acl are right).',
  },
  'spec2-metadata-get-deleted-cached': {
    rule: 'metadata.get.404',
    description: 'GET /metadata of a deleted event answers 200 with the catalogs last read (a cache not evicted on delete) instead of 404.',
  },
});

type Obj = Record<string, unknown>;
const ARRAYS = ['presenter', 'contributor', 'subjects', 'presenters', 'contributors'];

/** Bug site (handlers/list.ts, the list body): the list text as a buggy serializer writes it. */
export function spec2ListShape(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  if (bug('spec2-list-empty-null') && text === '[]') return 'null';
  if (!bug('spec2-list-single-element-arrays-scalar')) return text;
  const list = JSON.parse(text) as Obj[] | null;
  if (!Array.isArray(list)) return text;
  for (const o of list) for (const k of ARRAYS) if (Array.isArray(o[k]) && (o[k] as unknown[]).length === 1) o[k] = (o[k] as unknown[])[0];
  return JSON.stringify(list);
}

/** Bug site (handlers/event.ts getEvent): the single event as a buggy serializer writes it. */
export function spec2GetShape(ctx: Ctx, text: string): string {
  const { bug } = ctx.app;
  const duration = bug('spec2-oldest-duration-string') && ctx.version === '1.0.0';
  const allowOnly = bug('spec2-get-withacl-allow-only');
  if (!duration && !allowOnly) return text;
  const o = JSON.parse(text) as Obj;
  if (duration && typeof o.duration === 'number') o.duration = String(o.duration);
  for (const k of ['acl', 'withacl']) if (allowOnly && Array.isArray(o[k])) o[k] = (o[k] as { allow?: boolean }[]).filter((e) => e.allow === true);
  return JSON.stringify(o);
}

const seen = new WeakMap<object, Map<string, Reply>>();

/** Bug site (handlers/metadata.ts getMetadata, before the lookup): the cached answer for a deleted event, if any. */
export function spec2MetadataGone(ctx: Ctx, type: string | undefined): Reply | undefined {
  if (!ctx.app.bug('spec2-metadata-get-deleted-cached') || type !== undefined || ctx.app.store.get(ctx.params[0])) return undefined;
  return seen.get(ctx.app)?.get(ctx.params[0]);
}

/** Bug site (handlers/metadata.ts getMetadata, after the answer): remembers the catalogs answered. */
export function spec2MetadataSeen(ctx: Ctx, type: string | undefined, reply: Reply): Reply {
  if (!ctx.app.bug('spec2-metadata-get-deleted-cached') || type !== undefined) return reply;
  const m = seen.get(ctx.app) ?? new Map<string, Reply>();
  m.set(ctx.params[0], reply);
  seen.set(ctx.app, m);
  return reply;
}
