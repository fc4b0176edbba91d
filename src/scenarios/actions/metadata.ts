import type { Exchange } from '../../model/index.js';
import { parseJsonBody, type MultipartPart } from '../../http/index.js';
import { isEmptyValue } from '../../checks/families/metadata.js';
import { createdIdentifiers, eventCreateParts, taggedTitle } from '../../core/event-form.js';
import { usableEvent } from '../create.js';
import type { VersionEnv } from '../../core/version-env.js';
import type { Action, ActionDef } from './types.js';
import { requiredFill } from '../../core/catalogs.js';
import { Unavailable } from '../../core/unavailable.js';
import { giveUpTest } from '../../core/readiness.js';

/**
 * Actions of the metadata family.
 * spec § Metadata catalog: "Further configurable catalogs exist, for example license/episode." Deleting a catalog
 * needs one other than dublincore/episode, so an event is created with a second catalog part.
 */

interface ExtraCatalog {
  flavor: string;
  fields: Record<string, string | string[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function catalogParam(v: unknown): ExtraCatalog {
  const c = v as Partial<ExtraCatalog> | null;
  if (!c || typeof c.flavor !== 'string' || !c.fields || typeof c.fields !== 'object') {
    throw new Error('action parameter "catalog" must be {flavor, fields: {id: value}}');
  }
  return { flavor: c.flavor, fields: c.fields };
}

/** The standard create body (event-form.ts) with more catalogs (one or several, in order) in its metadata part. */
export function partsWithCatalog(parts: MultipartPart[], extra: ExtraCatalog | ExtraCatalog[]): MultipartPart[] {
  const extras = Array.isArray(extra) ? extra : [extra];
  return parts.map((p) => {
    if (p.name !== 'metadata' || !('value' in p)) return p;
    const catalogs = JSON.parse(p.value) as unknown[];
    const more = extras.map((x) => ({ flavor: x.flavor, fields: Object.entries(x.fields).map(([id, value]) => ({ id, value })) }));
    return { name: 'metadata', value: JSON.stringify([...catalogs, ...more]) };
  });
}

/** Whether every sent field of `extra` holds a value in `fields` (a server dropping a field it does not know keeps less). */
function holdsAll(fields: unknown[], extra: ExtraCatalog): boolean {
  return Object.keys(extra.fields).every((id) => fields.some((f) => {
    const o = f as { id?: unknown; value?: unknown } | null;
    return o?.id === id && !isEmptyValue(o.value);
  }));
}

/** Whether GET ?type= answered the catalog with every sent field holding a value. */
function kept(ex: Exchange, extra: ExtraCatalog): boolean {
  const body = parseJsonBody(ex);
  if (ex.response?.status !== 200 || !body.ok || !Array.isArray(body.value)) return false;
  return holdsAll(body.value, extra);
}

/** Whether the catalog list (GET /metadata) holds the catalog `flavor` with every sent field holding a value. */
function listed(ex: Exchange, extra: ExtraCatalog): boolean {
  const body = parseJsonBody(ex);
  if (ex.response?.status !== 200 || !body.ok || !Array.isArray(body.value)) return false;
  const c = body.value.find((x) => (x as { flavor?: unknown } | null)?.flavor === extra.flavor) as { fields?: unknown } | undefined;
  return !!c && Array.isArray(c.fields) && holdsAll(c.fields, extra);
}

/** Whether a ?type answer is the field list of dublincore/episode (it holds the event's tagged title). */
function episodeAnswer(ex: Exchange, title: string): boolean {
  const body = parseJsonBody(ex);
  return ex.response?.status === 200 && body.ok && Array.isArray(body.value)
    && body.value.some((f) => (f as { id?: unknown; value?: unknown } | null)?.id === 'title' && (f as { value?: unknown }).value === title);
}

/**
 * Polls (bounded by --settle-ms) GET /metadata?type=<flavor> and GET /metadata until either shows the catalog with
 * values: the catalog list tells "the server keeps the catalog" apart from "the server ignores ?type",
 * so a server that ignores ?type is not excused as "not configured".
 */
async function waitCatalog(env: VersionEnv, id: string, extra: ExtraCatalog): Promise<{ exchanges: Exchange[]; byType: boolean; inList: boolean }> {
  const deadline = Date.now() + env.config.settleMs;
  const path = `/api/events/${encodeURIComponent(id)}/metadata`;
  const [giveUpTyped, giveUpAll] = [giveUpTest(env.clients.admin), giveUpTest(env.clients.admin)];
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const typed = await env.clients.admin.send({ method: 'GET', path, query: { type: extra.flavor } });
    const all = await env.clients.admin.send({ method: 'GET', path });
    const byType = kept(typed, extra);
    const inList = listed(all, extra);
    if ((byType && inList) || Date.now() + delay > deadline || (Boolean(giveUpTyped(typed)) && Boolean(giveUpAll(all))) || env.signal?.aborted) return { exchanges: [typed, all], byType, inList };
    await sleep(delay);
  }
}

/**
 * create-with-catalog {title, …episode fields, catalog: {flavor, fields}} (or `catalogs: [{flavor, fields}, …]`, several
 * extra catalogs in that order): POST /api/events with the extra catalog(s) (fields the server marks required filled
 * in with values of their type: src/core/catalogs.ts), then waits until GET ?type=<flavor> or the catalog list shows
 * each with every field sent holding a value.
 * Value: Unavailable (the refusal) when the server did not create a readable event, so every step built on it is
 * skipped by the engine; else {identifier, typeIgnored, catalog, catalogs}: `catalogs[i]` is {flavor} of the i-th
 * catalog sent when the server kept it, else Unavailable with why (which catalogs exist is configuration: never a
 * failure); `catalog` is catalogs[0]. A check that needs a kept catalog names `{{saved.X.catalog.flavor}}` and is
 * skipped by the engine otherwise. `typeIgnored`: GET ?type=<flavor> answered the fields of dublincore/episode (the
 * reason then says so, it is no configuration matter: metadata.get-type.values).
 */
const createWithCatalog: Action = async (env, params) => {
  const { catalog, catalogs, ...fields } = params;
  if ((catalog === undefined) === (catalogs === undefined)) throw new Error('create-with-catalog: give exactly one of "catalog" and "catalogs"');
  if (catalogs !== undefined && (!Array.isArray(catalogs) || catalogs.length === 0)) throw new Error('create-with-catalog: "catalogs" must be a non-empty list');
  const extras = (catalogs !== undefined ? (catalogs as unknown[]).map(catalogParam) : [catalogParam(catalog)])
    .map((x) => ({ flavor: x.flavor, fields: { ...requiredFill(env.caps, x.flavor, Object.keys(x.fields), env.tag), ...x.fields } }));
  const flavors = extras.map((x) => x.flavor).join(' and ');
  const parts = eventCreateParts({ fields: fields as Record<string, string | string[]> }, { tag: env.tag, workflow: env.config.workflow, adminRoles: ['ROLE_ADMIN'], caps: env.caps });
  const post = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: partsWithCatalog(parts, extras) });
  const body = parseJsonBody(post);
  const status = post.response?.status ?? 0;
  const ids = status >= 200 && status < 300 ? createdIdentifiers(body.ok ? body.value : undefined, post.response?.headers['location']) : [];
  env.cleanup.add(...ids);
  if (ids.length === 0) {
    const excerpt = (post.response?.body ?? '').replace(/\s+/g, ' ').slice(0, 120);
    const why = post.response ? `POST /api/events → ${status}${excerpt ? `: ${excerpt}` : ''}` : `POST /api/events failed: ${post.error?.code ?? 'no response'}`;
    return { exchanges: [post], value: new Unavailable(`the server refused the create of an event with catalog ${flavors} (${why})`) };
  }
  const id = ids[0];
  const exchanges: Exchange[] = [post];
  const notUsable = await usableEvent(env, id, {}, exchanges);
  if (notUsable) return { exchanges, value: new Unavailable(`${notUsable} (the event with catalog ${flavors})`) };
  // Each catalog sent: kept when either read shows every field sent for it with a value; the others are Unavailable
  // with why (with several catalogs, a server keeping only some of them skips the checks that need them all).
  let typeIgnored = false;
  const kept: unknown[] = [];
  for (const extra of extras) {
    const read = await waitCatalog(env, id, extra);
    exchanges.push(...read.exchanges);
    const ignored = !read.byType && episodeAnswer(read.exchanges[0], taggedTitle(env.tag, fields.title as string | undefined));
    typeIgnored ||= ignored;
    if (read.byType || read.inList) {
      kept.push({ flavor: extra.flavor });
      continue;
    }
    const typed = `GET ?type=${extra.flavor} → ${read.exchanges[0].response?.status ?? read.exchanges[0].error?.code}`;
    const what = Object.keys(extra.fields).length > 1 ? ` with every field sent (${Object.keys(extra.fields).join(', ')})` : '';
    kept.push(new Unavailable(ignored
      ? `the catalog list does not show ${extra.flavor}, and ${typed} answered the fields of dublincore/episode: ?type seems ignored (see metadata.get-type.values)`
      : `the server does not keep the ${extra.flavor} catalog sent on create${what} (neither ${typed} nor the catalog list shows its values); it may not have that catalog configured`));
  }
  return { exchanges, value: { identifier: id, typeIgnored, catalog: kept[0], catalogs: kept } };
};

/** One view of a catalog as read: the status and the field list (undefined when the answer held none). */
export interface CatalogView {
  status: number | null;
  fields?: unknown[];
}

/**
 * What read-catalog-views read: the catalog list (GET /metadata), each catalog asked for by type (GET ?type=), and the
 * catalogs the single GET with withmetadata=true includes (`withMetadata.catalogs`: the member holding an array of
 * catalogs with dublincore/episode among them, whatever its name: the names of the with* members are not shown).
 */
export interface CatalogViews {
  list: { status: number | null; catalogs?: unknown[] };
  byType: Record<string, CatalogView>;
  withMetadata: { status: number | null; catalogs?: unknown[] };
}

/** The member of an event object that holds its catalogs (an array of {flavor, fields} with dublincore/episode). */
function catalogsMember(event: unknown): unknown[] | undefined {
  if (!event || typeof event !== 'object' || Array.isArray(event)) return undefined;
  for (const v of Object.values(event as Record<string, unknown>)) {
    if (Array.isArray(v) && v.some((c) => (c as { flavor?: unknown } | null)?.flavor === 'dublincore/episode')) return v;
  }
  return undefined;
}

/**
 * read-catalog-views {id, flavors: [flavor, …]}: every view that shows an event's catalogs (spec § Metadata: "GET
 * /api/events/{event_id}/metadata | none | 200 with an array of metadata catalogs", "GET …/metadata?type | 200 with
 * an array of metadata fields of that catalog"; § GET /api/events/{event_id}: withmetadata, "Include metadata
 * catalogs"): the catalog list, each flavor of `flavors` by type, and the single GET with withmetadata=true. Value:
 * CatalogViews, judged by the check catalog-views (src/checks/families/metadata.ts).
 */
const readCatalogViews: Action = async (env, params) => {
  const flavors = params.flavors;
  if (!Array.isArray(flavors) || flavors.length === 0 || !flavors.every((f) => typeof f === 'string' && f !== '')) {
    throw new Error('read-catalog-views: "flavors" must be a non-empty list of flavors');
  }
  const path = `/api/events/${encodeURIComponent(String(params.id ?? ''))}/metadata`;
  const all = await env.clients.admin.send({ method: 'GET', path });
  const exchanges: Exchange[] = [all];
  const parsed = parseJsonBody(all);
  const list = { status: all.response?.status ?? null, ...(parsed.ok && Array.isArray(parsed.value) ? { catalogs: parsed.value } : {}) };
  const byType: Record<string, CatalogView> = {};
  for (const flavor of [...new Set(flavors as string[])]) {
    const ex = await env.clients.admin.send({ method: 'GET', path, query: { type: flavor } });
    exchanges.push(ex);
    const b = parseJsonBody(ex);
    byType[flavor] = { status: ex.response?.status ?? null, ...(b.ok && Array.isArray(b.value) ? { fields: b.value } : {}) };
  }
  const single = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(String(params.id ?? ''))}`, query: { withmetadata: 'true' } });
  exchanges.push(single);
  const sb = parseJsonBody(single);
  const member = sb.ok ? catalogsMember(sb.value) : undefined;
  const withMetadata = { status: single.response?.status ?? null, ...(member ? { catalogs: member } : {}) };
  const value: CatalogViews = { list, byType, withMetadata };
  return { exchanges, value };
};

/** Actions of the metadata family (spec § Metadata). */
export const METADATA_ACTIONS: readonly ActionDef[] = [
  {
    name: 'create-with-catalog',
    doc: '{title, …episode fields, catalog: {flavor, fields}}: creates an event whose metadata part also carries the catalog `flavor` (e.g. license/episode) and waits until GET ?type=<flavor> shows it; with `catalogs: [{flavor, fields}, …]` instead, several extra catalogs in that order. Value: {identifier, skip}; skip is \'\' when the server kept every catalog with every field sent, else the reason to skip.',
    run: createWithCatalog,
  },
  {
    name: 'read-catalog-views',
    doc: '{id, flavors}: GET /metadata (every catalog) and GET /metadata?type=<flavor> for each flavor, every view of the event\'s catalogs after a write. Value: {list: {status, catalogs}, byType: {flavor: {status, fields}}}, judged by the check catalog-views.',
    run: readCatalogViews,
  },
];
