import type { Exchange } from '../../model/index.js';
import { parseJsonBody, type MultipartPart } from '../../http/index.js';
import { createdIdentifiers, eventCreateParts, taggedTitle } from '../event-form.js';
import type { ScenarioEnv } from '../env.js';
import type { Action } from './types.js';
import { serverField } from '../capabilities.js';

/** Actions of the events family (names listed in src/scenario/actions/events.ts). */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new Error(`action parameter "${what}" must be a string`);
  return v;
}

/**
 * spec § POST /api/events/{event_id}: "The multipart parts are the same as for creation". `fields` becomes a
 * dublincore/episode catalog in the metadata part, `acl` the acl part, `parts` are sent as given (text parts).
 * `waitMs` waits that long first (so that a time the update stamps differs from the creation time in seconds).
 */
const updateEvent: Action = async (env, params) => {
  const id = str(params.id, 'id');
  if (params.waitMs !== undefined) {
    if (typeof params.waitMs !== 'number' || params.waitMs < 0 || params.waitMs > 10_000) throw new Error('action parameter "waitMs" must be a number of milliseconds (0-10000)');
    await sleep(params.waitMs);
  }
  const parts: MultipartPart[] = [];
  const fields = params.fields as Record<string, unknown> | undefined;
  if (fields) {
    const catalog = { flavor: 'dublincore/episode', fields: Object.entries(fields).map(([fid, value]) => ({ id: serverField(env.caps, fid), value })) };
    parts.push({ name: 'metadata', value: JSON.stringify([catalog]) });
  }
  if (params.acl !== undefined) parts.push({ name: 'acl', value: JSON.stringify(params.acl) });
  for (const [name, value] of Object.entries((params.parts as Record<string, unknown> | undefined) ?? {})) {
    parts.push({ name, value: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  if (parts.length === 0) throw new Error('action update-event needs fields, acl or parts');
  const ex = await env.clients.admin.send({ method: 'POST', path: `/api/events/${encodeURIComponent(id)}`, multipart: parts });
  // `event`: the event as updated (identifier and the fields sent, also under `fields` as in a given event's
  // variables), for checks that judge by the values sent.
  const event = { identifier: id, ...(fields ?? {}), fields: fields ?? {} };
  return { exchanges: [ex], value: { status: ex.response?.status ?? null, fields: fields ?? null, acl: params.acl ?? null, event } };
};

/**
 * The scenario's own events: asked for with textFilter, then kept only when their title carries the scenario's
 * tag. The server's filter is never trusted on its own — a server that ignores textFilter must not make evconf
 * count, or register for deletion, events it did not create (design §1.6).
 */
async function listTagged(env: ScenarioEnv): Promise<{ ex: Exchange; ids: string[]; body: unknown[] }> {
  const ex = await env.clients.admin.send({ method: 'GET', path: '/api/events', query: { filter: `textFilter:${env.tag}` } });
  const parsed = parseJsonBody(ex);
  const all = parsed.ok && Array.isArray(parsed.value) ? parsed.value : [];
  const mine = all.filter((e) => {
    const title = (e as { title?: unknown } | null)?.title;
    return typeof title === 'string' && title.includes(env.tag);
  });
  return { ex, ids: createdIdentifiers(mine, undefined), body: mine };
}

/**
 * events.create.400: POST /api/events whose metadata part is not JSON (unquoted keys, as a JavaScript object literal;
 * spec § Conventions: "Parameters of type acl, catalogs, values and processing carry JSON text"). The other parts are
 * the standard ones. The run's events (by tag) are listed before and after; anything created is registered for cleanup.
 */
const createInvalidEvent: Action = async (env, params) => {
  const title = taggedTitle(env.tag, 'invalid');
  const raw = typeof params.metadata === 'string' ? params.metadata
    : `[{flavor: "dublincore/episode", fields: [{id: "title", value: "${title}"}, {id: "subjects", value: ["${env.tag}"]}]}]`;
  const parts = eventCreateParts({ fields: { title: 'invalid' } }, { tag: env.tag, workflow: env.config.workflow, adminRoles: ['ROLE_ADMIN'], caps: env.caps })
    .map((p) => (p.name === 'metadata' ? { name: 'metadata', value: raw } : p));
  const before = await listTagged(env);
  const post = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: parts });
  const status = post.response?.status ?? 0;
  const parsed = parseJsonBody(post);
  const created = status >= 200 && status < 300 ? createdIdentifiers(parsed.ok ? parsed.value : undefined, post.response?.headers['location']) : [];
  env.cleanup.add(...created);
  const after = await listTagged(env);
  env.cleanup.add(...after.ids.filter((id) => !before.ids.includes(id)));
  return { exchanges: [before.ex, post, after.ex], value: { status, created, before: before.body, after: after.body } };
};

/** States in which processing may still change (spec § States and transitions); "" = not indexed yet on real servers. */
const BUSY = new Set(['', 'INSTANTIATED', 'RUNNING', 'PAUSED', 'FAILING']);

/**
 * Waits until the event's processing is over: processing_state leaves the busy states, or --processing-timeout passes
 * (then the last state is what the step checks). Only the last GET is kept as the step's exchange.
 */
const awaitProcessing: Action = async (env, params) => {
  const path = `/api/events/${encodeURIComponent(str(params.id, 'id'))}`;
  const deadline = Date.now() + env.config.processingTimeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path });
    const parsed = parseJsonBody(ex);
    const state = parsed.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
    const st = ex.response?.status ?? 0;
    const ok = st >= 200 && st < 300 && typeof state === 'string';
    if ((ok && !BUSY.has(state)) || Date.now() + delay > deadline) {
      return { exchanges: [ex], value: parsed.ok ? parsed.value : undefined };
    }
    await sleep(delay);
  }
};

/**
 * Picks a proper prefix of the identifier `id` that names no other event (spec § Event: "identifier | Unique
 * identifier of the event"): the first half first, then other lengths. A prefix is passed over only when the server
 * answers it with an event whose identifier is exactly that prefix (short sequential identifiers: "4" of "42").
 * `skip` names why no prefix could be used ('' when one was found). Also used by list-filter (`pick` with `prefix`).
 */
export async function idPrefix(env: ScenarioEnv, id: string): Promise<{ exchanges: Exchange[]; prefix: string; skip: string }> {
  const half = Math.max(1, Math.min(id.length - 1, Math.ceil(id.length / 2)));
  const lengths = [...new Set([half, id.length - 1, 1, Math.max(1, half - 1), Math.min(id.length - 1, half + 1)])].filter((n) => n >= 1 && n < id.length);
  const exchanges: Exchange[] = [];
  for (const n of lengths) {
    const prefix = id.slice(0, n);
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(prefix)}` });
    exchanges.push(ex);
    const body = parseJsonBody(ex);
    const named = body.ok ? (body.value as { identifier?: unknown } | null)?.identifier : undefined;
    const status = ex.response?.status ?? 0;
    if (!(status >= 200 && status < 300 && named === prefix)) return { exchanges, prefix, skip: '' };
  }
  const skip = lengths.length === 0
    ? `precondition: identifier ${JSON.stringify(id)} has no proper prefix`
    : `precondition: every prefix tried of ${id} is the identifier of another event`;
  return { exchanges, prefix: id, skip };
}

/**
 * pick-id-prefix {id}: idPrefix as an action. Value: { prefix, skip }. The scenario then asks for the prefix and
 * expects 404: a server that looks identifiers up by prefix answers with the event `id`.
 */
const pickIdPrefix: Action = async (env, params) => {
  const { exchanges, prefix, skip } = await idPrefix(env, str(params.id, 'id'));
  return { exchanges, value: { prefix, skip } };
};

export const IMPL_EVENTS: Record<string, Action> = {
  'pick-id-prefix': pickIdPrefix,
  'update-event': updateEvent,
  'create-invalid-event': createInvalidEvent,
  'await-processing': awaitProcessing,
};
