import type { HttpClient } from '../http/index.js';
import { parseJsonBody } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import { mapPool } from '../core/pool.js';
import { createdIdentifiers, eventCreateParts } from '../core/event-form.js';
import { episodeFields, type SeedPlan } from './seed-plan.js';
import type { Capabilities } from '../model/index.js';

/**
 * Seeding of the load stage's events through the API (ARCHITECTURE.md, principle 6: everything evconf creates is
 * tagged with the run and deleted at the end, also after a failure or Ctrl-C: see deleteEvents in src/core/cleanup.ts).
 * Seeding is bounded in concurrency.
 */

export interface SeedOptions {
  client: HttpClient;
  plan: SeedPlan;
  /** Requests in flight at once (default 16). */
  concurrency?: number;
  workflow: string;
  /** The probe's findings: media uploaded with every seeded event where the server needs it (src/core/probe.ts). */
  caps?: Capabilities;
  /** Each identifier as soon as it is known (the caller's cleanup list). */
  onCreated: (id: string) => void;
  signal?: AbortSignal;
}

export interface SeedOutcome {
  created: number;
  /** The first failed create, as evidence. */
  failure?: Exchange;
  failures: number;
}

/** POST /api/events for every planned event (spec § POST /api/events: 201 + identifier). Stops early on abort. */
export async function seedEvents(o: SeedOptions): Promise<SeedOutcome> {
  const out: SeedOutcome = { created: 0, failures: 0 };
  await mapPool(o.plan.events, o.concurrency ?? 16, async (e) => {
    if (o.signal?.aborted) return;
    const multipart = eventCreateParts({ fields: episodeFields(e, o.plan.tag) }, { tag: o.plan.tag, workflow: o.workflow, adminRoles: ['ROLE_ADMIN'], ...(o.caps ? { caps: o.caps } : {}) });
    const ex = await o.client.send({ method: 'POST', path: '/api/events', multipart });
    const status = ex.response?.status ?? 0;
    const parsed = parseJsonBody(ex);
    const ids = status >= 200 && status < 300 ? createdIdentifiers(parsed.ok ? parsed.value : undefined, ex.response?.headers['location']) : [];
    for (const id of ids) o.onCreated(id);
    if (ids.length > 0) out.created++;
    else {
      out.failures++;
      out.failure ??= ex;
    }
  });
  return out;
}
