import type { CaseKit } from '../cases/case.js';
import { waitOptions, waitProcessed } from '../core/readiness.js';

/** processing_state values of an event whose processing is under way (spec § States and transitions). */
const UNDER_WAY = new Set(['RUNNING', 'PAUSED', 'FAILING']);

/**
 * Waits (bounded by --processing-timeout) until no event of `ids` shows processing under way: a state that still
 * changes moves an event between the pages of a sort by workflow_state, and changes what processing produces, so the
 * oracles compare views only once nothing changes on its own. waitProcessed stops at the first state past RUNNING
 * (PAUSED included); a paused job may go on, so each event is asked again until its state is settled.
 */
export async function untilSettledStates(kit: CaseKit, ids: readonly string[]): Promise<void> {
  const timeout = kit.env.config.processingTimeoutMs ?? kit.env.config.settleMs;
  const deadline = Date.now() + timeout;
  await Promise.all(ids.map(async (id) => {
    for (;;) {
      const state = await waitProcessed(kit.env.clients.admin, id, Math.max(0, deadline - Date.now()), waitOptions(kit.env));
      if (state === undefined || !UNDER_WAY.has(state) || Date.now() >= deadline || kit.env.signal?.aborted) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }));
}
