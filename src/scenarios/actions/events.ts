import type { Exchange } from '../../model/index.js';
import { parseJsonBody, type MultipartPart } from '../../http/index.js';
import { createdIdentifiers, eventCreateParts, taggedTitle } from '../../core/event-form.js';
import { createEvent } from '../create.js';
import type { VersionEnv } from '../../core/version-env.js';
import { needing, schedulingNeeds, type Action, type ActionDef } from './types.js';
import { serverField } from '../../core/capabilities.js';
import { resolveScheduling } from './scheduling-times.js';
import { giveUpTest } from '../../core/readiness.js';
import { Unavailable } from '../../core/unavailable.js';

/** Actions of the events family. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function catalogsParam(v: unknown): { flavor: string; fields: Record<string, unknown> }[] {
  const ok = Array.isArray(v) && v.every((c) => c && typeof c === 'object' && typeof (c as { flavor?: unknown }).flavor === 'string'
    && (c as { fields?: unknown }).fields && typeof (c as { fields?: unknown }).fields === 'object');
  if (!ok) throw new Error('action parameter "catalogs" must be a list of {flavor, fields: {id: value}}');
  return v as { flavor: string; fields: Record<string, unknown> }[];
}

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
  // `catalogs`: more catalogs ([{flavor, fields: {id: value}}], field ids as given) in the same metadata part, after
  // dublincore/episode (spec § Metadata field (as sent): "the catalog is an object with flavor (string) and fields").
  const extra = params.catalogs === undefined ? [] : catalogsParam(params.catalogs);
  if (fields || extra.length > 0) {
    const catalogs = fields ? [{ flavor: 'dublincore/episode', fields: Object.entries(fields).map(([fid, value]) => ({ id: serverField(env.caps, fid), value })) }] : [];
    for (const c of extra) catalogs.push({ flavor: c.flavor, fields: Object.entries(c.fields).map(([fid, value]) => ({ id: fid, value })) });
    parts.push({ name: 'metadata', value: JSON.stringify(catalogs) });
  }
  if (params.acl !== undefined) parts.push({ name: 'acl', value: JSON.stringify(params.acl) });
  // `scheduling`: the scheduling part (1.1.0+), its start/end offsets from {{time.base}} resolved (scheduling-times.ts).
  if (params.scheduling !== undefined) {
    const sch = params.scheduling;
    if (!sch || typeof sch !== 'object' || Array.isArray(sch)) throw new Error('action parameter "scheduling" must be an object');
    parts.push({ name: 'scheduling', value: JSON.stringify(resolveScheduling(sch as Record<string, unknown>, env.timeBase)) });
  }
  for (const [name, value] of Object.entries((params.parts as Record<string, unknown> | undefined) ?? {})) {
    parts.push({ name, value: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  if (parts.length === 0) throw new Error('action update-event needs fields, catalogs, acl, scheduling or parts');
  const ex = await env.clients.admin.send({ method: 'POST', path: `/api/events/${encodeURIComponent(id)}`, multipart: parts });
  // `event`: the event as updated (identifier and the fields sent, also under `fields` as in a given event's
  // variables), for checks that judge by the values sent.
  const event = { identifier: id, ...(fields ?? {}), fields: fields ?? {} };
  return { exchanges: [ex], value: { status: ex.response?.status ?? null, fields: fields ?? null, acl: params.acl ?? null, event } };
};

/**
 * The scenario's own events: asked for with textFilter, then kept only when their title carries the scenario's
 * tag. The server's filter is never trusted on its own — a server that ignores textFilter must not make evconf
 * count, or register for deletion, events it did not create (ARCHITECTURE.md, principle 6).
 */
async function listTagged(env: VersionEnv): Promise<{ ex: Exchange; ids: string[]; body: unknown[] }> {
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
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path });
    const parsed = parseJsonBody(ex);
    const state = parsed.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
    const st = ex.response?.status ?? 0;
    const ok = st >= 200 && st < 300 && typeof state === 'string';
    // A GET the server will not answer ends the wait: the step's checks judge that read.
    if ((ok && !BUSY.has(state)) || Date.now() + delay > deadline || giveUp(ex) || env.signal?.aborted) {
      return { exchanges: [ex], value: parsed.ok ? parsed.value : undefined };
    }
    await sleep(delay);
  }
};

/**
 * await-gone {id}: polls GET /api/events/{id} until it answers 404 on two reads in a row, within --settle-ms (a
 * deleted event of a server whose index lags, or whose 1.6.0 delete answered 202, may still read for a while).
 * Value {gone: true, id} once the event reads 404; else Unavailable with why (a check that needs a deleted event
 * names `{{saved.X.id}}` and is skipped by the engine).
 */
const awaitGone: Action = async (env, params) => {
  const id = str(params.id, 'id');
  const path = `/api/events/${encodeURIComponent(id)}`;
  const deadline = Date.now() + env.config.settleMs;
  let misses = 0;
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path });
    const st = ex.response?.status ?? 0;
    misses = st === 404 ? misses + 1 : 0;
    if (misses >= 2) return { exchanges: [ex], value: { gone: true, id } };
    const unanswered = giveUp(ex);
    if (Date.now() + delay > deadline || unanswered || env.signal?.aborted) {
      const seen = ex.response ? `GET → ${st}` : `GET failed: ${ex.error?.code ?? 'no response'}`;
      const when = unanswered ? `could not be read (${seen}; ${unanswered})` : env.signal?.aborted ? `was not seen gone before the run was stopped (${seen})` : `did not read 404 within --settle-ms (${seen})`;
      return { exchanges: [ex], value: new Unavailable(`the deleted event ${id} ${when}; see events.delete.gone`, unanswered ? ex : undefined) };
    }
    await sleep(misses > 0 ? 20 : delay);
  }
};


/** One processing_state a watch saw, with the GET that first showed it for that event. */
export interface SeenState {
  id: string;
  state: unknown;
  exchange: Exchange;
}

/**
 * watch-processing {count, title}: creates `count` events with media at once (several processing at the same time,
 * spec § States and transitions: "PAUSED | Paused, waiting for a resource"), and reads each one right after its own
 * create, again and again, until its processing is over (or --processing-timeout). Every processing_state a 2xx GET
 * shows is recorded, the first time it is seen per event; "" is not recorded (an event a real server has not
 * indexed yet, as for await-processing). Value {created, skip, states: [{id, state}]}; the exchanges are the creates,
 * then the GETs that first showed each state.
 */
const watchProcessing: Action = async (env, params) => {
  const count = params.count ?? 3;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 2 || count > 6) throw new Error('action parameter "count" must be an integer 2-6');
  const title = params.title === undefined ? 'processing' : str(params.title, 'title');
  const deadline = Date.now() + env.config.processingTimeoutMs;
  const creates: Exchange[] = [];
  const seen: SeenState[] = [];
  const refused: string[] = [];
  const unanswered: Exchange[] = [];
  const watch = async (i: number): Promise<void> => {
    const out = await createEvent(env, { fields: { title: `${title} ${i + 1}` }, media: true });
    creates.push(out.exchange);
    const id = out.identifiers[0];
    if (!id) {
      refused.push(`POST /api/events → ${out.exchange.response?.status ?? out.exchange.error?.code ?? 'no response'}`);
      return;
    }
    const path = `/api/events/${encodeURIComponent(id)}`;
    const mine = new Set<string>();
    const giveUp = giveUpTest(env.clients.admin);
    for (let delay = 10; ; delay = Math.min(delay * 2, 500)) {
      const ex = await env.clients.admin.send({ method: 'GET', path });
      // A GET the server will not answer: waiting longer cannot mend it (src/core/readiness.ts giveUpTest); it is
      // the step's last exchange when no state was read at all (the check then fails with it).
      if (giveUp(ex)) {
        unanswered.push(ex);
        return;
      }
      const parsed = parseJsonBody(ex);
      const st = ex.response?.status ?? 0;
      const body = parsed.ok ? (parsed.value as Record<string, unknown> | null) : null;
      const isEvent = st >= 200 && st < 300 && !!body && typeof body === 'object' && !Array.isArray(body);
      const state = isEvent ? body.processing_state : undefined;
      if (isEvent && state !== '') {
        const key = JSON.stringify(state ?? null);
        if (!mine.has(key)) {
          mine.add(key);
          seen.push({ id, state: state ?? null, exchange: ex });
        }
      }
      if ((isEvent && typeof state === 'string' && !BUSY.has(state)) || Date.now() + delay > deadline || env.signal?.aborted) return;
      await sleep(delay);
    }
  };
  await Promise.all(Array.from({ length: count }, (_, i) => watch(i)));
  const created = count - refused.length;
  const skip = created === 0 ? `precondition: no event with media could be created (${refused.join(', ')}); see events.create.*` : '';
  // The GETs that showed a state outside the States table last: the last exchange is the one a failure shows first.
  const odd = (x: SeenState) => (env.shapes.validate('processing-state', x.state).length === 0 ? 0 : 1);
  const ordered = [...seen].sort((a, b) => odd(a) - odd(b));
  const last = seen.length === 0 ? unanswered.slice(0, 1) : [];
  return { exchanges: [...creates, ...ordered.map((x) => x.exchange), ...last], value: { created, skip, states: seen.map(({ id, state }) => ({ id, state })) } };
};

/** How a look-alike of an identifier is made: a proper prefix, a proper suffix, or the same text in the other case. */
export type LookAlike = 'prefix' | 'suffix' | 'case';

/** The candidates of `kind` for `id`, most telling first (half, then nearly whole, then one character). */
function lookAlikes(id: string, kind: LookAlike): string[] {
  if (kind === 'case') {
    const upper = id.toUpperCase();
    const flipped = upper !== id ? upper : id.toLowerCase();
    return flipped === id ? [] : [flipped];
  }
  const half = Math.max(1, Math.min(id.length - 1, Math.ceil(id.length / 2)));
  const lengths = [...new Set([half, id.length - 1, 1, Math.max(1, half - 1), Math.min(id.length - 1, half + 1)])].filter((n) => n >= 1 && n < id.length);
  return lengths.map((n) => (kind === 'prefix' ? id.slice(0, n) : id.slice(id.length - n)));
}

/**
 * A look-alike of identifier `id` (class 4: identifiers match exactly, not by prefix, suffix or case) that
 * names no event: each candidate is read with GET /api/events/{candidate}; one that answers an event with that very
 * identifier (short sequential identifiers, a server whose identifiers ignore case) is passed over. `skip` says why
 * none can be used (no letters to change the case of, every candidate another event's identifier).
 */
export async function idLookAlike(env: VersionEnv, id: string, kind: LookAlike): Promise<{ exchanges: Exchange[]; prefix: string; skip: string }> {
  const candidates = lookAlikes(id, kind);
  const exchanges: Exchange[] = [];
  for (const c of candidates) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(c)}` });
    exchanges.push(ex);
    const body = parseJsonBody(ex);
    const named = body.ok ? (body.value as { identifier?: unknown } | null)?.identifier : undefined;
    const status = ex.response?.status ?? 0;
    if (!(status >= 200 && status < 300 && named === c)) return { exchanges, prefix: c, skip: '' };
  }
  const skip = candidates.length === 0
    ? `precondition: identifier ${JSON.stringify(id)} has no ${kind === 'case' ? 'letter whose case can change' : `proper ${kind}`}`
    : `precondition: every ${kind === 'case' ? 'case variant' : kind} tried of ${id} is the identifier of another event`;
  return { exchanges, prefix: id, skip };
}

/**
 * pick-id-prefix {id, kind?}: idLookAlike as an action (kind prefix, the default, suffix or case). Value: { prefix } (the
 * look-alike; Unavailable with why when none can be used). The scenario then asks for it and expects 404: a server
 * that looks identifiers up by prefix, suffix or ignoring case answers with the event `id`.
 */
const pickIdPrefix: Action = async (env, params) => {
  const kind = params.kind ?? 'prefix';
  if (kind !== 'prefix' && kind !== 'suffix' && kind !== 'case') throw new Error('action pick-id-prefix: "kind" must be prefix, suffix or case');
  const { exchanges, prefix, skip } = await idLookAlike(env, str(params.id, 'id'), kind);
  return { exchanges, value: { prefix: skip === '' ? prefix : new Unavailable(skip) } };
};

/** Actions of the events family. */
export const EVENTS_ACTIONS: readonly ActionDef[] = [
  // With a `scheduling` part it schedules on the scenario's agent.
  {
    name: 'update-event',
    doc: 'POST /api/events/{id} with the parts built from `with` (id, fields, catalogs, acl, scheduling, parts; waitMs: wait first); spec § POST /api/events/{event_id}.',
    run: needing(schedulingNeeds, updateEvent),
  },
  {
    name: 'create-invalid-event',
    doc: 'POST /api/events whose metadata part is not JSON, with the run\'s events counted before and after (events.create.400).',
    run: createInvalidEvent,
  },
  {
    name: 'await-processing',
    doc: 'Polls GET /api/events/{id} until processing is over (or --processing-timeout); the last GET is the step\'s exchange.',
    run: awaitProcessing,
  },
  {
    name: 'await-gone',
    doc: 'Polls GET /api/events/{id} until it reads 404 twice in a row, within --settle-ms (value: gone, skip).',
    run: awaitGone,
  },
  {
    name: 'watch-processing',
    doc: 'Creates `count` events with media at once and records every processing_state each shows until its processing is over (value: created, skip, states).',
    run: watchProcessing,
  },
  {
    name: 'pick-id-prefix',
    doc: 'A proper prefix (kind: prefix, the default), suffix (suffix) or case variant (case) of `id` that is no other event\'s identifier (value: prefix, skip), for events.get.404.',
    run: pickIdPrefix,
  },
];
