import type { Exchange } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { createdIdentifiers, eventCreateParts, sendsMedia, taggedTitle, type EventSpec } from '../core/event-form.js';
import type { ScenarioEnv } from './env.js';
import { giveUpTest, waitOptions, waitProcessed } from '../core/readiness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CreateOutcome {
  exchange: Exchange;
  body: unknown;
  identifiers: string[];
}

/** POST /api/events with the standard body; registers whatever was created for cleanup. */
export async function createEvent(env: ScenarioEnv, spec: EventSpec): Promise<CreateOutcome> {
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
  const identifiers = status >= 200 && status < 300 ? createdIdentifiers(body, exchange.response?.headers['location']) : [];
  env.cleanup.add(...identifiers);
  return { exchange, body, identifiers };
}

/**
 * What the body and the Location header of a create each name, apart (events.create.location must not compare the
 * header with an identifier read from the header itself; issue 11 item 6). A missing Location gives a placeholder
 * that names no event, so a GET of it answers 404.
 */
export function createdNames(env: ScenarioEnv, out: CreateOutcome): { bodyIdentifier: string; locationId: string } {
  const b = out.body as { identifier?: unknown } | null | undefined;
  const bodyIdentifier = b && typeof b === 'object' && typeof b.identifier === 'string' ? b.identifier : '';
  const location = out.exchange.response?.headers['location'];
  const locationId = (location ? createdIdentifiers(undefined, location)[0] : undefined) ?? `evconf-no-location-${env.tag}`;
  return { bodyIdentifier, locationId };
}

/**
 * Whether a created event became readable. When not: `unanswered` holds the read the server did not answer once it
 * had shown it will not (issue 21 item 3: the rules that needed the event fail with it as evidence); without it,
 * the wait ran out (--settle-ms, or the stage was stopped: `why` says which), which judges nothing.
 */
export type Visibility = { visible: true } | { visible: false; why: string; unanswered?: Exchange };

/**
 * Waits until GET /api/events/{id} answers a 2xx (real servers index asynchronously; design §1.7), and, for an event
 * evconf uploaded media for, until its processing is over (a server may refuse changes while the workflow runs).
 * Gives up at once when the server shows it will not answer the GET (src/core/readiness.ts giveUpTest).
 */
export async function awaitVisible(env: ScenarioEnv, id: string, spec?: Pick<EventSpec, 'media' | 'scheduling'>): Promise<Visibility> {
  const started = Date.now();
  const deadline = started + env.config.settleMs;
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    const st = ex.response?.status ?? 0;
    if (st >= 200 && st < 300) {
      // The learned lag (src/core/settle.ts): how long this create took to become readable.
      const lag = Date.now() - started - ex.durationMs;
      env.lag?.note(lag);
      env.waits?.readable(lag);
      if (spec && sendsMedia(spec, env.caps)) await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs, waitOptions(env));
      return { visible: true };
    }
    // The server has shown it will not answer this GET (a reset, a stall): not "not indexed yet" (issues 12, 21).
    const why = giveUp(ex);
    if (why) {
      env.waits?.gaveUp();
      return { visible: false, why: `GET /api/events/${id} got no answer: ${why}`, unanswered: ex };
    }
    if (env.signal?.aborted) return { visible: false, why: `not run: ${String(env.signal.reason ?? 'the run was stopped')}` };
    if (Date.now() + delay > deadline) return { visible: false, why: `created event ${id} never became readable within --settle-ms` };
    await sleep(delay);
  }
}

/** awaitVisible as a yes or no, for setups whose reads report what the server answered themselves. */
export async function waitVisible(env: ScenarioEnv, id: string, spec?: Pick<EventSpec, 'media' | 'scheduling'>): Promise<boolean> {
  return (await awaitVisible(env, id, spec)).visible;
}

/**
 * For a setup that goes on with the event: undefined when it may (readable; or its GET is one the server will not
 * answer, which is then pushed to `exchanges`: the reads that follow fail with it as evidence, issue 21 item 3),
 * else why not (--settle-ms ran out, or the stage was stopped: a skip, never a failure).
 */
export async function usableEvent(env: ScenarioEnv, id: string, spec: Pick<EventSpec, 'media' | 'scheduling'> | undefined, exchanges: Exchange[]): Promise<string | undefined> {
  const seen = await awaitVisible(env, id, spec);
  if (seen.visible) return undefined;
  if (seen.unanswered) {
    exchanges.push(seen.unanswered);
    return undefined;
  }
  return seen.why;
}

/** The variables a given event exposes to its scenario ({{given.0.identifier}}, {{given.0.title}} …). */
export function givenVars(env: ScenarioEnv, spec: EventSpec, ids: string[]): Record<string, unknown> {
  return {
    identifier: ids[0],
    identifiers: ids,
    title: taggedTitle(env.tag, spec.fields.title as string | undefined),
    fields: spec.fields,
  };
}
