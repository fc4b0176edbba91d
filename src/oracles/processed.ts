import type { CaseKit } from '../cases/case.js';
import { parseJsonBody } from '../http/index.js';
import { giveUpTest } from '../core/readiness.js';

/** processing_state values of an event whose processing is under way (spec § States and transitions). */
const UNDER_WAY = new Set(['RUNNING', 'PAUSED', 'FAILING']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits (bounded by --processing-timeout) until no event of `ids` shows processing under way (RUNNING, PAUSED,
 * FAILING): a state that still changes moves an event between the pages of a sort by workflow_state and changes what
 * processing produces, so the oracles compare views only once nothing changes on its own. A scheduled event
 * (INSTANTIATED) waits for its recording, not for processing: it counts as settled, and so does any other state.
 */
export async function untilSettledStates(kit: CaseKit, ids: readonly string[]): Promise<void> {
  const client = kit.env.clients.admin;
  const deadline = Date.now() + (kit.env.config.processingTimeoutMs ?? kit.env.config.settleMs);
  const giveUp = giveUpTest(client);
  await Promise.all(ids.map(async (id) => {
    for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
      const ex = await client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
      const parsed = parseJsonBody(ex);
      const state = parsed.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
      if (typeof state !== 'string' || !UNDER_WAY.has(state)) return;
      if (Date.now() + delay > deadline || giveUp(ex) || kit.env.signal?.aborted) return;
      await sleep(delay);
    }
  }));
}
