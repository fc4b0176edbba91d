import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import type { SortedPair, SortedResponse } from '../../checks/families/sort-groups.js';
import { isPublished } from '../../checks/families/with-members.js';
import { awaitVisible, createEvent, notCreated } from '../create.js';
import { Unavailable } from '../../core/unavailable.js';
import { taggedTitle } from '../../core/event-form.js';
import type { VersionEnv } from '../../core/version-env.js';
import { eventsNeeds, needing, type Action, type ActionDef } from './types.js';
import { isoUtc } from '../../spec/datetime.js';
import { giveUpTest } from '../../core/readiness.js';

/** Actions of the sort / with* family. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOUR = 3_600_000;

function iso(ms: number): string {
  return isoUtc(ms);
}

function num(v: unknown, what: string): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`action parameter "${what}" must be a number`);
  return n;
}

/**
 * spec § POST /api/events, Scheduling rules: "Give start together with either end or duration." Creates the events
 * of `events` in the order given, each registered for cleanup:
 * - {at, hours, agent?, ...dublincore fields}: scheduled `at` hours after the scenario's far-future base time for
 *   `hours` (with that start as metadata startDate/startTime too, so the technical and the bibliographic start
 *   agree whatever a server makes of a schedule), on the scenario's agent (with `agent`, on the agent `<scenario agent>-<agent>`: events on different
 *   agents may overlap, so their ends can be ordered differently from their starts);
 * - {startAt, media?, ...fields}: not scheduled, with startDate/startTime `startAt` hours after the base time (so
 *   scheduled and unscheduled events can be interleaved in start, title and creation order; suites/DISCRIMINATING-DATA.md).
 * Value {events: [{identifier, title, start, end?}]} in the order given.
 */
const createScheduledEvents: Action = async (env, params) => {
  const list = params.events;
  if (!Array.isArray(list) || list.length === 0) throw new Error('action create-scheduled-events needs a list `events`');
  const base = Date.parse(env.timeBase);
  const exchanges: Exchange[] = [];
  const events: Record<string, string | Unavailable>[] = [];
  // Created one by one in the order given (creation order is part of the discriminating data), readable-waited
  // together (the waits overlap).
  const seen: Promise<void>[] = [];
  for (const [i, raw] of list.entries()) {
    const { at, hours, agent, startAt, media, ...rest } = raw as Record<string, unknown>;
    const fields = rest as Record<string, string | string[]>;
    let record: Record<string, string>;
    let out;
    if (startAt !== undefined) {
      if (at !== undefined) throw new Error(`action create-scheduled-events: events.${i} has both \`at\` and \`startAt\``);
      const start = iso(base + num(startAt, `events.${i}.startAt`) * HOUR);
      const [startDate, time] = start.split('T');
      out = await createEvent(env, { fields: { startDate, startTime: time.replace(/\.\d+Z$/, 'Z'), ...fields }, ...(media ? { media: true } : {}) });
      record = { start };
    } else {
      const start = base + num(at, `events.${i}.at`) * HOUR;
      const end = start + num(hours ?? 1, `events.${i}.hours`) * HOUR;
      const agentId = agent === undefined ? env.agent : `${env.agent}-${String(agent)}`;
      const scheduling = { agent_id: agentId, start: iso(start), end: iso(end) };
      // The metadata start is the schedule start: technical and bibliographic start agree under every reading.
      const [startDate, time] = scheduling.start.split('T');
      out = await createEvent(env, { fields: { startDate, startTime: time, ...fields }, scheduling });
      record = { start: scheduling.start, end: scheduling.end };
    }
    exchanges.push(out.exchange);
    // An event not made, or not readable, is an Unavailable (src/scenarios/create.ts): the checks reading these events
    // (src/checks/families/sort-order.ts runEvents) are then skipped with why, or failed with the unanswered request.
    const event: Record<string, string | Unavailable> = { identifier: notCreated(out) ?? out.identifiers[0], title: taggedTitle(env.tag, fields.title as string | undefined), ...record };
    events.push(event);
    const id = event.identifier;
    if (typeof id === 'string') {
      seen.push(awaitVisible(env, id).then((v) => {
        if (!v.visible) event.identifier = new Unavailable(v.why, v.unanswered);
      }));
    }
  }
  await Promise.all(seen);
  return { exchanges, value: { events } };
};

async function listSorted(env: VersionEnv, sort: string, filter: string | undefined): Promise<{ ex: Exchange; r: SortedResponse }> {
  const ex = await env.clients.admin.send({ method: 'GET', path: '/api/events', query: { sort, ...(filter ? { filter } : {}) } });
  const parsed = parseJsonBody(ex);
  return { ex, r: { status: ex.response?.status ?? null, body: parsed.ok ? parsed.value : null } };
}

/** The value of `member` per identifier in a list body, as one comparable text. */
function snapshot(body: unknown, member: string): string {
  if (!Array.isArray(body)) return '';
  const pairs = body.map((e) => [String((e as Record<string, unknown>)?.identifier), String((e as Record<string, unknown>)?.[member])]);
  return JSON.stringify(pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/**
 * spec § GET /api/events, sort "<SortName>:ASC or <SortName>:DESC": the same list sorted both ways, for criteria
 * whose values the server reports itself (processing_state may change while processing goes on: with `stable`, the
 * pair is asked again, within --settle-ms, until both responses show the same values of that member).
 */
const listAscDesc: Action = async (env, params) => {
  const sort = params.sort;
  if (typeof sort !== 'string' || sort === '') throw new Error('action list-asc-desc needs `sort` (a criterion name)');
  const filter = typeof params.filter === 'string' ? params.filter : undefined;
  const stable = typeof params.stable === 'string' ? params.stable : undefined;
  const deadline = Date.now() + env.config.settleMs;
  const [giveUpAsc, giveUpDesc] = [giveUpTest(env.clients.admin), giveUpTest(env.clients.admin)];
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const asc = await listSorted(env, `${sort}:ASC`, filter);
    const desc = await listSorted(env, `${sort}:DESC`, filter);
    const value: SortedPair = { sort, asc: asc.r, desc: desc.r };
    const settled = !stable || snapshot(asc.r.body, stable) === snapshot(desc.r.body, stable);
    if (settled || Date.now() + delay > deadline || giveUpAsc(asc.ex) || giveUpDesc(desc.ex) || env.signal?.aborted) return { exchanges: [asc.ex, desc.ex], value };
    await sleep(delay);
  }
};

/**
 * Waits for processing to publish an event (ARCHITECTURE.md, principle 7: "processing is awaited by polling"): GET
 * /api/events/{id} until publication_status names a public channel (not only `internal`), within --processing-timeout.
 */
const awaitPublication: Action = async (env, params) => {
  const id = typeof params.id === 'string' ? params.id : '';
  if (id === '') throw new Error('action await-publication needs `id`');
  const deadline = Date.now() + env.config.processingTimeoutMs;
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    const parsed = parseJsonBody(ex);
    const status = parsed.ok ? (parsed.value as { publication_status?: unknown } | null)?.publication_status : undefined;
    const published = isPublished(status);
    if (published || Date.now() + delay > deadline || giveUp(ex) || env.signal?.aborted) return { exchanges: [ex], value: { published, publication_status: status ?? null } };
    await sleep(delay);
  }
};

/** Actions of the sort and with* family. */
export const SORT_ACTIONS: readonly ActionDef[] = [
  // The items with `at` are scheduled on the scenario's agent, those with `agent` on agents of its own.
  {
    name: 'create-scheduled-events',
    doc: 'Creates, in order, scheduled events (`at` hours after {{time.base}}, lasting `hours`, on the scenario\'s agent or its `agent` suffix) and unscheduled ones (`startAt` hours after it); value {events: [{identifier, title, start, end?}]}.',
    run: needing(eventsNeeds((e) => e.at !== undefined, (e) => e.agent !== undefined), createScheduledEvents),
  },
  {
    name: 'list-asc-desc',
    doc: 'GET /api/events sorted `sort`:ASC and `sort`:DESC (same filter), repeated while `stable` differs; value {sort, asc, desc}.',
    run: listAscDesc,
  },
  {
    name: 'await-publication',
    doc: 'Polls GET /api/events/{id} until publication_status names a channel other than internal (or --processing-timeout); value {published}.',
    run: awaitPublication,
  },
];
