import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import { giveUpTest, untilReadable, waitOptions, waitProcessed } from '../../core/readiness.js';
import { Unavailable } from '../../core/unavailable.js';
import { createEvent, notCreated } from '../create.js';
import type { VersionEnv } from '../../core/version-env.js';
import type { Action, ActionDef } from './types.js';

/** The delete of an event while its processing runs. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /api/events/{id} until it answers 404 twice in a row, within --settle-ms: undefined once gone, else why not. */
async function untilGone(env: VersionEnv, id: string, exchanges: Exchange[]): Promise<Unavailable | undefined> {
  const path = `/api/events/${encodeURIComponent(id)}`;
  const deadline = Date.now() + env.config.settleMs;
  const giveUp = giveUpTest(env.clients.admin);
  let misses = 0;
  for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path });
    const st = ex.response?.status ?? 0;
    misses = st === 404 ? misses + 1 : 0;
    if (misses >= 2) return undefined;
    const unanswered = giveUp(ex);
    if (Date.now() + delay > deadline || unanswered || env.signal?.aborted) {
      exchanges.push(ex);
      const seen = ex.response ? `GET → ${st}` : `GET failed: ${ex.error?.code ?? 'no response'}`;
      return new Unavailable(`the event ${id} deleted while processing did not read 404 within --settle-ms (${seen}); see events.delete.gone`, unanswered ? ex : undefined);
    }
    await sleep(misses > 0 ? 20 : delay);
  }
}

/** The processing_state of a 2xx GET, or undefined. */
function stateOf(ex: Exchange): string | undefined {
  const st = ex.response?.status ?? 0;
  const parsed = parseJsonBody(ex);
  const s = st >= 200 && st < 300 && parsed.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
  return typeof s === 'string' ? s : undefined;
}

/**
 * delete-while-processing {title}: spec § DELETE /api/events/{event_id}: "Deletes the event." — whatever its
 * processing state ("Transitions: not shown": nothing says a delete is undone when processing ends). Two events with
 * media are created at once, `title` and `<title> witness`; the first is DELETEd right after its 201, while its
 * processing most likely still runs (a DELETE answered 404 because the server's index lags the create is sent again
 * once the event reads, ARCHITECTURE.md, principle 7). The event must then read 404 (twice in a row, within --settle-ms: a 1.6.0
 * delete may answer 202 and finish later); then the witness's processing is awaited, so that the deleted event's
 * processing, had it gone on, would be over too: a job that writes the event back when it ends shows after this.
 * Value {id, witness, deleteStatus, witnessState} (`witnessState`: the witness's processing_state read right after
 * the DELETE, telling whether processing was still running then; an event deleted after processing must stay deleted
 * just the same, so it is judged either way). Unavailable, so that what is built on it is skipped with why, when a
 * create was refused, the DELETE answered anything but a 2xx (whether a running event may be refused is judged by no
 * rule here; events.delete.* judge the plain delete), or the event never read 404 within --settle-ms.
 */
const deleteWhileProcessing: Action = async (env, params) => {
  const title = typeof params.title === 'string' ? params.title : 'deleted-running';
  const witnessMade = createEvent(env, { fields: { title: `${title} witness` }, media: true });
  const doomed = await createEvent(env, { fields: { title }, media: true });
  const exchanges: Exchange[] = [doomed.exchange];
  const refused = notCreated(doomed);
  if (refused) {
    await witnessMade;
    return { exchanges, value: refused };
  }
  const id = doomed.identifiers[0];
  const path = `/api/events/${encodeURIComponent(id)}`;
  let del = await env.clients.admin.send({ method: 'DELETE', path });
  if (del.response?.status === 404) {
    // Not indexed yet: delete once it reads (every stage waits for that before writing, ARCHITECTURE.md, principle 7).
    const seen = await untilReadable(env.clients.admin, id, { settleMs: env.config.settleMs, firstDelayMs: 10, maxDelayMs: 200, giveUpFirst: true, ...waitOptions(env) });
    if (seen.readable) del = await env.clients.admin.send({ method: 'DELETE', path });
  }
  exchanges.push(del);
  const witness = await witnessMade;
  exchanges.unshift(witness.exchange);
  const wid = witness.identifiers[0];
  const witnessState = wid ? stateOf(await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(wid)}` })) : undefined;
  const st = del.response?.status;
  if (st === undefined || st < 200 || st >= 300) {
    if (wid) await waitProcessed(env.clients.admin, wid, env.config.processingTimeoutMs, waitOptions(env));
    const why = st === undefined ? `failed: ${del.error?.code ?? 'no response'}` : `answered ${st}`;
    return { exchanges, value: new Unavailable(`DELETE of the event ${id} right after its create (with media, processing) ${why}`, st === undefined ? del : undefined) };
  }
  const notGone = await untilGone(env, id, exchanges);
  if (wid) await waitProcessed(env.clients.admin, wid, env.config.processingTimeoutMs, waitOptions(env));
  if (notGone) return { exchanges, value: notGone };
  const witnessRefused = notCreated(witness);
  if (witnessRefused) return { exchanges, value: witnessRefused };
  return { exchanges, value: { id, witness: wid, deleteStatus: st, witnessState: witnessState ?? null } };
};

/** The action that deletes an event while its processing runs. */
export const DELETE_WHILE_PROCESSING_ACTIONS: readonly ActionDef[] = [
  {
    name: 'delete-while-processing',
    doc: 'Creates two events with media at once (`title`, and a witness), DELETEs the first right after its 201 (while its processing most likely runs), waits until it reads 404, then until the witness\'s processing is over (about when the deleted event\'s would have ended). Value {id, witness, deleteStatus, witnessState}; Unavailable (a skip) when the server refused a create or the DELETE, or the event never read 404 within --settle-ms (spec § DELETE /api/events/{event_id}: "Deletes the event.").',
    // Waits until the deleted event reads 404, then for the witness's processing to end.
    cost: 3,
    run: deleteWhileProcessing,
  },
];
