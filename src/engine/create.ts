import type { Exchange } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { createdIdentifiers, eventCreateParts, taggedTitle, type EventSpec } from './event-form.js';
import type { ScenarioEnv } from './env.js';

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
  });
  const exchange = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: parts });
  const parsed = parseJsonBody(exchange);
  const body = parsed.ok ? parsed.value : undefined;
  const status = exchange.response?.status ?? 0;
  const identifiers = status >= 200 && status < 300 ? createdIdentifiers(body, exchange.response?.headers['location']) : [];
  env.cleanup.add(...identifiers);
  return { exchange, body, identifiers };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until GET /api/events/{id} answers a 2xx (real servers index asynchronously; design §1.7). Any 2xx is
 * enough here: whether it is exactly 200 is the business of events.get.status, not of every scenario's setup.
 */
export async function waitVisible(env: ScenarioEnv, id: string): Promise<boolean> {
  const started = Date.now();
  const deadline = started + env.config.settleMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    const st = ex.response?.status ?? 0;
    if (st >= 200 && st < 300) {
      // The learned lag (src/engine/settle.ts): how long this create took to become readable.
      env.lag?.note(Date.now() - started - ex.durationMs);
      return true;
    }
    if (Date.now() + delay > deadline) return false;
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
