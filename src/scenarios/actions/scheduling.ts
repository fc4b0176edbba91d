import type { Exchange } from '../../model/index.js';
import { parseJsonBody, type HttpClient } from '../../http/index.js';
import { createdVars, createEvent, waitVisible, type CreateOutcome } from '../create.js';
import { settleWindow } from '../../core/settle.js';
import { taggedTitle, type EventSpec } from '../../core/event-form.js';
import type { VersionEnv } from '../../core/version-env.js';
import { needing, type Action, type ActionDef } from './types.js';
import { expectedOccurrences, mergedWindow, resolveScheduling, singleWindow, type Window } from './scheduling-times.js';

/**
 * Actions of the scheduling family. Times in `scheduling` are
 * offsets from {{time.base}} ("+10:30", "+2d09:00"; see scheduling-times.ts), resolved here.
 */

function schedulingParam(params: Record<string, unknown>, env: VersionEnv): Record<string, unknown> {
  const s = params.scheduling;
  if (!s || typeof s !== 'object' || Array.isArray(s)) throw new Error('`scheduling` must be an object');
  return resolveScheduling(s as Record<string, unknown>, env.timeBase);
}

function clientAs(env: VersionEnv, as: unknown): HttpClient {
  if (as === undefined || as === 'admin') return env.clients.admin;
  if (as === 'none') return env.clients.none;
  if (as === 'user') {
    if (!env.clients.user) throw new Error('`as: user` needs --user-auth (give the scenario `needs: [user]`)');
    return env.clients.user;
  }
  throw new Error(`\`as\` must be admin, user or none, not ${JSON.stringify(as)}`);
}

const eventPath = (id: unknown) => `/api/events/${encodeURIComponent(String(id ?? ''))}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The create, sent again while it answers 409 within the settle window W (src/core/settle.ts) when `retry` is set:
 * a 409 created nothing, so sending it again is safe, and an eventually consistent server may still see a slot that
 * was just freed (e.g. by a delete) for a moment. A 409 that lasts past W is the answer. Every exchange is returned,
 * the last one is the step's.
 */
async function createRetrying(env: VersionEnv, spec: EventSpec, retry: boolean): Promise<{ out: CreateOutcome; exchanges: Exchange[] }> {
  const started = Date.now();
  const windowMs = settleWindow(env.config.settleMs, env.lag?.ms ?? 0);
  const exchanges: Exchange[] = [];
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const out = await createEvent(env, spec);
    exchanges.push(out.exchange);
    if (!retry || out.exchange.response?.status !== 409 || Date.now() - started >= windowMs || env.signal?.aborted) return { out, exchanges };
    await sleep(Math.min(delay, Math.max(0, windowMs - (Date.now() - started)) + 5));
  }
}

/**
 * POST /api/events with a scheduling part (spec § POST /api/events, part scheduling). `with`: the episode fields
 * (title …), `scheduling` (offsets resolved), optional `acl`, optional `retryConflict` (true: a 409 is sent again
 * within the settle window, see createRetrying). The value carries what was sent and what it means: `window` (start
 * and end of a single schedule) or `expected` (the occurrences of an rrule schedule), and what the body and the
 * Location header each name (`bodyIdentifier`, `locationId`, as for create-event).
 */
const createScheduled: Action = async (env, params) => {
  const { scheduling: _s, acl, retryConflict, ...fields } = params;
  const scheduling = schedulingParam(params, env);
  const spec: EventSpec = {
    fields: fields as EventSpec['fields'],
    scheduling,
    ...(acl ? { acl: acl as EventSpec['acl'] } : {}),
  };
  const { rrule, start, end, duration } = scheduling;
  const complete = typeof rrule === 'string' && start !== undefined && end !== undefined && duration !== undefined;
  const expected = complete ? expectedOccurrences(scheduling) : undefined;
  const { out, exchanges } = await createRetrying(env, spec, retryConflict === true);
  // Later steps write to the events: wait until they are readable (ARCHITECTURE.md, principle 7), as for given events.
  // The events of one create (a recurrence) are awaited together: one index lag, not one per occurrence.
  await Promise.all(out.identifiers.map((id) => waitVisible(env, id, spec)));
  const window = singleWindow(scheduling);
  return {
    exchanges,
    value: {
      status: out.exchange.response?.status ?? null,
      body: out.body,
      ...createdVars(env, out),
      title: taggedTitle(env.tag, fields.title as string | undefined),
      scheduling,
      ...(window ? { window } : {}),
      ...(expected ? { expected } : {}),
    },
  };
};

/**
 * POST /api/events/{id} with only a scheduling part (spec § POST /api/events/{event_id}). `with`: id, scheduling, as,
 * and `current` (the event's window before, e.g. {{saved.ev.window}}) for a part that sends only some members: the
 * value's `window` is then the merge (scheduling-times.ts mergedWindow).
 */
const updateSchedule: Action = async (env, params) => {
  const scheduling = schedulingParam(params, env);
  const ex = await clientAs(env, params.as).send({
    method: 'POST', path: eventPath(params.id), multipart: [{ name: 'scheduling', value: JSON.stringify(scheduling) }],
  });
  return { exchanges: [ex], value: sent(ex, scheduling, currentParam(params.current)) };
};

function currentParam(v: unknown): Window | undefined {
  if (v === undefined) return undefined;
  const w = v as Partial<Window> | null;
  if (!w || typeof w.start !== 'string' || typeof w.end !== 'string') throw new Error('action parameter "current" must be a window {start, end}');
  return { start: w.start, end: w.end };
}

/**
 * PUT /api/events/{id}/scheduling (spec § Scheduling information: form parameters scheduling and, from 1.2.0,
 * allowConflict). `with`: id, scheduling, allowConflict (sent as "true"/"false" when given), as.
 */
const putScheduling: Action = async (env, params) => {
  const scheduling = schedulingParam(params, env);
  const form: Record<string, string> = { scheduling: JSON.stringify(scheduling) };
  if (params.allowConflict !== undefined) form.allowConflict = String(params.allowConflict);
  const ex = await clientAs(env, params.as).send({ method: 'PUT', path: `${eventPath(params.id)}/scheduling`, form });
  return { exchanges: [ex], value: sent(ex, scheduling) };
};

function sent(ex: Exchange, scheduling: Record<string, unknown>, current?: Window): Record<string, unknown> {
  const window = current ? mergedWindow(scheduling, current) : singleWindow(scheduling);
  const body = parseJsonBody(ex);
  return { status: ex.response?.status ?? null, body: body.ok ? body.value : null, scheduling, ...(window ? { window } : {}) };
}

/** What GET /api/events/{id}/scheduling answered for one event. */
export interface ReadSchedule {
  identifier: string;
  status: number | null;
  scheduling: unknown;
}

/** GET /api/events/{id}/scheduling for every identifier of `ids` (e.g. the events an rrule created). */
const readSchedules: Action = async (env, params) => {
  const ids = params.ids;
  if (!Array.isArray(ids) || !ids.every((x) => typeof x === 'string')) throw new Error('`ids` must be a list of identifiers');
  const exchanges: Exchange[] = [];
  const value: ReadSchedule[] = [];
  for (const id of ids as string[]) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `${eventPath(id)}/scheduling` });
    exchanges.push(ex);
    const body = parseJsonBody(ex);
    value.push({ identifier: id, status: ex.response?.status ?? null, scheduling: body.ok ? body.value : null });
  }
  return { exchanges, value };
};

/** Actions of the scheduling family; each but read-schedules schedules on the scenario's capture agent (src/core/needs.ts). */
export const SCHEDULING_ACTIONS: readonly ActionDef[] = [
  {
    name: 'create-scheduled',
    doc: 'POST /api/events with a scheduling part whose start/end are offsets from {{time.base}}.',
    run: needing(['agents'], createScheduled),
  },
  {
    name: 'update-schedule',
    doc: 'POST /api/events/{id} carrying only a scheduling part.',
    run: needing(['agents'], updateSchedule),
  },
  {
    name: 'put-scheduling',
    doc: 'PUT /api/events/{id}/scheduling (scheduling, optional allowConflict), as admin or user.',
    run: needing(['agents'], putScheduling),
  },
  {
    name: 'read-schedules',
    doc: 'GET /api/events/{id}/scheduling for each identifier of a list.',
    run: readSchedules,
  },
];
