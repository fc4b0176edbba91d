import type { Exchange } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { createdIdentifiers, eventCreateParts, sendsMedia, taggedTitle, type EventSpec } from './event-form.js';
import type { ScenarioEnv } from './env.js';
import { repeatedTransportError, waitProcessed } from './readiness.js';

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
 * Waits until GET /api/events/{id} answers a 2xx (real servers index asynchronously; design §1.7), and, for an event
 * evconf uploaded media for, until its processing is over (a server may refuse changes while the workflow runs).
 */
export async function waitVisible(env: ScenarioEnv, id: string, spec?: Pick<EventSpec, 'media' | 'scheduling'>): Promise<boolean> {
  const started = Date.now();
  const deadline = started + env.config.settleMs;
  const broken = repeatedTransportError();
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    const st = ex.response?.status ?? 0;
    if (st >= 200 && st < 300) {
      // The learned lag (src/engine/settle.ts): how long this create took to become readable.
      env.lag?.note(Date.now() - started - ex.durationMs);
      if (spec && sendsMedia(spec, env.caps)) await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs);
      return true;
    }
    if (Date.now() + delay > deadline) return false;
    // The same transport error twice in a row (a reset, a stall): the GET is broken, not "not indexed yet" (issue 12).
    if (broken(ex)) return false;
    await sleep(delay);
  }
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
