import type { Exchange } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { untilReadable, waitOptions } from '../core/readiness.js';
import type { VersionEnv } from '../core/version-env.js';
import { createEvent } from './create.js';

/**
 * A write made on purpose while an event's processing runs, judged only where a read proves it was (the checks of
 * track.post.409 and acl.put.while-processing): never a verdict that depends on how the server's processing time
 * compares with its index lag or the machine's speed.
 *
 * One attempt: an event is created with media (`seconds` of the shipped tone, src/core/media.ts toneBytes) and read
 * until it reads (ARCHITECTURE.md, principle 7); only while it shows an active workflow state is the write sent;
 * then it is read until a read proves the workflow still ran after the write was answered. A read shows the state
 * of some moment up to the server's index lag L before it (the run's learned lag or this event's own time to become
 * readable, whichever is longer): an active state read by a request started 2 L or more after the write was answered
 * proves the workflow ran when the write came, since a workflow does not restart on its own (spec § States and
 * transitions; the writes judged here start none: addendum § POST /track, "No workflow is started"). Any other
 * state ends the attempt unproven.
 *
 * Attempts run side by side (ATTEMPTS, each on an event of its own), in rounds, each round uploading a longer medium
 * (MEDIA_SECONDS: a server takes longer over longer media; Opencast's workflows take minutes), until one is proven.
 */

/** Spec § States and transitions / addendum § POST /track rule 2: the states of an active workflow. */
export const WORKFLOW_ACTIVE: ReadonlySet<string> = new Set(['INSTANTIATED', 'RUNNING', 'PAUSED', 'FAILING']);

/** Attempts side by side per round, and the seconds of media each round uploads. */
const ATTEMPTS = 2;
export const MEDIA_SECONDS: readonly number[] = [1, 5, 25, 125];

export interface WhileProcessingAttempt {
  /** Every exchange of the attempt, the write last when there was one. */
  exchanges: Exchange[];
  id?: string;
  /** The write, when it was sent. */
  write?: Exchange;
  /** Whether a read proved the workflow ran when the write came. */
  proven: boolean;
  /** Why the attempt is not proven. */
  why?: string;
}

export interface WhileProcessingOutcome {
  attempts: WhileProcessingAttempt[];
  /** The proven attempts (none when every round ended unproven). */
  proven: WhileProcessingAttempt[];
  /** Why none was proven (the last attempt's reason, with the rounds tried). */
  why?: string;
}

function stateOf(ex: Exchange): string | undefined {
  const st = ex.response?.status ?? 0;
  const parsed = st >= 200 && st < 300 ? parseJsonBody(ex) : undefined;
  const s = parsed?.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
  return typeof s === 'string' ? s : undefined;
}

/** Rounds of attempts until one is proven (or the rounds run out, or the stage is stopped). */
export async function whileProcessing(env: VersionEnv, title: string, what: string, write: (id: string) => Promise<Exchange>): Promise<WhileProcessingOutcome> {
  const attempts: WhileProcessingAttempt[] = [];
  for (let round = 0; round < MEDIA_SECONDS.length && !attempts.some((a) => a.proven) && !env.signal?.aborted; round++) {
    const seconds = MEDIA_SECONDS[round];
    attempts.push(...await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(env, `${title}-${round + 1}-${i + 1}`, seconds, what, write))));
  }
  const proven = attempts.filter((a) => a.proven);
  if (proven.length > 0) return { attempts, proven };
  const last = attempts[attempts.length - 1]?.why ?? `no ${what} could be made while processing ran`;
  return { attempts, proven, why: `${last} (${attempts.length} attempts, with media of ${MEDIA_SECONDS.slice(0, Math.ceil(attempts.length / ATTEMPTS)).join(', ')} s)` };
}

async function attempt(env: VersionEnv, title: string, seconds: number, what: string, write: (id: string) => Promise<Exchange>): Promise<WhileProcessingAttempt> {
  const out = await createEvent(env, { fields: { title }, media: true, mediaSeconds: seconds });
  const id = out.identifiers[0];
  if (!id) return { exchanges: [out.exchange], proven: false, why: `the event with media was not created (POST /api/events → ${out.exchange.response?.status ?? out.exchange.error?.code ?? 'no response'})` };
  const seen = await untilReadable(env.clients.admin, id, { settleMs: env.config.settleMs, firstDelayMs: 10, maxDelayMs: 100, giveUpFirst: true, ...(env.lag ? { lag: env.lag } : {}), ...waitOptions(env) });
  if (!seen.readable) return { exchanges: [out.exchange], id, proven: false, why: `the event with media did not read within --settle-ms (${seen.by}), so no ${what} could be made while it processed` };
  const first = stateOf(seen.exchange);
  if (first === undefined || !WORKFLOW_ACTIVE.has(first)) {
    return { exchanges: [out.exchange, seen.exchange], id, proven: false, why: `processing of the new event (${seconds} s of media) had ended (processing_state ${JSON.stringify(first)}) when it first read, so no ${what} could be made while it ran` };
  }
  const w = await write(id);
  const answered = Date.now();
  const lagMs = 2 * Math.max(env.lag?.ms ?? 0, seen.lagMs);
  const path = `/api/events/${encodeURIComponent(id)}`;
  for (;;) {
    const started = Date.now();
    const ev = await env.clients.admin.send({ method: 'GET', path });
    const state = stateOf(ev);
    const exchanges = [out.exchange, seen.exchange, ev, w];
    if (state === undefined || !WORKFLOW_ACTIVE.has(state)) {
      return { exchanges, id, write: w, proven: false, why: `processing of the new event (${seconds} s of media) had ended (processing_state ${JSON.stringify(state)}) before a read could show it still ran after the ${what}` };
    }
    if (started - answered >= lagMs) return { exchanges, id, write: w, proven: true };
    if (env.signal?.aborted) return { exchanges, id, write: w, proven: false, why: `the run was stopped before the ${what} could be judged` };
    await new Promise((r) => setTimeout(r, Math.max(10, Math.min(100, lagMs - (Date.now() - answered)))));
  }
}
