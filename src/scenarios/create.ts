import type { Exchange } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { Unavailable } from '../core/unavailable.js';
import { createdIdentifiers, eventCreateParts, sendsMedia, taggedTitle, type EventSpec } from '../core/event-form.js';
import type { VersionEnv } from '../core/version-env.js';
import { untilReadable, waitOptions, waitProcessed } from '../core/readiness.js';

export interface CreateOutcome {
  exchange: Exchange;
  body: unknown;
  identifiers: string[];
}

/** POST /api/events with the standard body; registers whatever was created for cleanup. */
export async function createEvent(env: VersionEnv, spec: EventSpec): Promise<CreateOutcome> {
  const parts = eventCreateParts(spec, {
    tag: env.tag,
    workflow: env.config.workflow,
    adminRoles: ['ROLE_ADMIN'],
    caps: env.caps,
  });
  const exchange = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: parts });
  const parsed = parseJsonBody(exchange);
  const body = parsed.ok ? parsed.value : undefined;
  const status = exchange.response?.status ?? 0;
  // An empty identifier names no event (a body `{"identifier": ""}`): never one to build on (notCreated).
  const identifiers = status >= 200 && status < 300 ? createdIdentifiers(body, exchange.response?.headers['location']).filter((id) => id !== '') : [];
  env.cleanup.add(...identifiers);
  return { exchange, body, identifiers };
}

/**
 * The Unavailable standing for the event a create did not make, or undefined
 * when it made one: the server did not answer the POST (a timeout, the stall guard, a reset: what is built on it
 * fails with the unanswered POST as evidence, as for a saved request the server did not answer, src/scenarios/step.ts
 * savedValue), refused it, or answered a 2xx naming no event (what is built on it is skipped with why).
 */
export function notCreated(out: CreateOutcome): Unavailable | undefined {
  if (out.identifiers.length > 0) return undefined;
  const ex = out.exchange;
  const status = ex.response?.status;
  if (status === undefined) {
    const e = ex.error;
    return new Unavailable(`the server did not answer the create POST /api/events (${e?.code ?? 'no response'}: ${e?.message ?? 'no response'}), so there is no event to build on`, ex);
  }
  const body = ex.response?.body ? `: ${ex.response.body.replace(/\s+/g, ' ').slice(0, 120)}` : '';
  if (status < 200 || status >= 300) return new Unavailable(`the server refused the create POST /api/events (${status}${body}), so there is no event to build on; see the events.create.* results`);
  return new Unavailable(`the create POST /api/events answered ${status} without naming the event (no identifier in the body, no Location header), so there is no event to build on; see events.create.identifier`);
}

/**
 * What the body and the Location header of a create each name, apart (events.create.location must not compare the
 * header with an identifier read from the header itself). A missing Location gives a placeholder
 * that names no event, so a GET of it answers 404. A create the server did not answer names nothing at all: both
 * are then the Unavailable of notCreated (what is built on them fails with the unanswered POST as evidence).
 */
export function createdNames(env: VersionEnv, out: CreateOutcome): { bodyIdentifier: string | Unavailable; locationId: string | Unavailable } {
  const none = out.exchange.response ? undefined : notCreated(out);
  if (none) return { bodyIdentifier: none, locationId: none };
  const b = out.body as { identifier?: unknown } | null | undefined;
  const bodyIdentifier = b && typeof b === 'object' && typeof b.identifier === 'string' ? b.identifier : '';
  const location = out.exchange.response?.headers['location'];
  const locationId = (location ? createdIdentifiers(undefined, location)[0] : undefined) ?? `evconf-no-location-${env.tag}`;
  return { bodyIdentifier, locationId };
}

/**
 * The variables of the event(s) a create action made, for later steps ({{saved.ev.identifier}}, …identifiers.N,
 * …bodyIdentifier, …locationId): the one place where an action's value names what its create made. When it made
 * nothing, `identifier` and `identifiers` are the Unavailable of notCreated, never "" or []: a step or check built on
 * them is then not sent and not judged (skipped with why, or failed as unanswered with the POST as evidence), in
 * the engine (src/scenarios/vars.ts), instead of judging e.g. a list for an event with an empty identifier.
 */
export function createdVars(env: VersionEnv, out: CreateOutcome): { identifier: string | Unavailable; identifiers: string[] | Unavailable; bodyIdentifier: string | Unavailable; locationId: string | Unavailable } {
  const none = notCreated(out);
  return { identifiers: none ?? out.identifiers, identifier: none ?? out.identifiers[0], ...createdNames(env, out) };
}

/**
 * Whether a created event became readable. When not: `unanswered` holds the read the server did not answer once it
 * had shown it will not (the rules that needed the event fail with it as evidence); without it,
 * the wait ran out (--settle-ms, or the stage was stopped: `why` says which), which judges nothing.
 */
export type Visibility = { visible: true } | { visible: false; why: string; unanswered?: Exchange };

/**
 * Waits until GET /api/events/{id} answers a 2xx (real servers index asynchronously; ARCHITECTURE.md, principle 7), and, for an event
 * evconf uploaded media for, until its processing is over (a server may refuse changes while the workflow runs).
 * Gives up at once when the server shows it will not answer the GET (src/core/readiness.ts giveUpTest).
 */
export async function awaitVisible(env: VersionEnv, id: string, spec?: Pick<EventSpec, 'media' | 'scheduling'>): Promise<Visibility> {
  // The learned lag (src/core/settle.ts) is noted: how long this create took to become readable. An unanswered GET
  // is reported even at the deadline (giveUpFirst).
  const seen = await untilReadable(env.clients.admin, id, { settleMs: env.config.settleMs, firstDelayMs: 50, maxDelayMs: 500, giveUpFirst: true, ...waitOptions(env), ...(env.lag ? { lag: env.lag } : {}) });
  if (seen.readable) {
    if (spec && sendsMedia(spec, env.caps)) await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs, waitOptions(env));
    return { visible: true };
  }
  // The server has shown it will not answer this GET (a reset, a stall): not "not indexed yet" (21).
  if (seen.by === 'gave-up') return { visible: false, why: `GET /api/events/${id} got no answer: ${seen.why}`, unanswered: seen.exchange };
  if (seen.by === 'stopped') return { visible: false, why: `not run: ${String(env.signal?.reason ?? 'the run was stopped')}` };
  return { visible: false, why: `created event ${id} never became readable within --settle-ms` };
}

/** awaitVisible as a yes or no, for setups whose reads report what the server answered themselves. */
export async function waitVisible(env: VersionEnv, id: string, spec?: Pick<EventSpec, 'media' | 'scheduling'>): Promise<boolean> {
  return (await awaitVisible(env, id, spec)).visible;
}

/**
 * For a setup that goes on with the event: undefined when it may (readable; or its GET is one the server will not
 * answer, which is then pushed to `exchanges`: the reads that follow fail with it as evidence),
 * else why not (--settle-ms ran out, or the stage was stopped: a skip, never a failure).
 */
export async function usableEvent(env: VersionEnv, id: string, spec: Pick<EventSpec, 'media' | 'scheduling'> | undefined, exchanges: Exchange[]): Promise<string | undefined> {
  const seen = await awaitVisible(env, id, spec);
  if (seen.visible) return undefined;
  if (seen.unanswered) {
    exchanges.push(seen.unanswered);
    return undefined;
  }
  return seen.why;
}

/** The variables a given event exposes to its scenario ({{given.0.identifier}}, {{given.0.title}} …). */
export function givenVars(env: VersionEnv, spec: EventSpec, ids: string[]): Record<string, unknown> {
  return {
    identifier: ids[0],
    identifiers: ids,
    title: taggedTitle(env.tag, spec.fields.title as string | undefined),
    fields: spec.fields,
  };
}
