import { waitOptions, waitProcessed } from '../../core/readiness.js';
import { UnavailableError } from '../../core/unavailable.js';
import { whileProcessing } from '../while-processing.js';
import type { Action, ActionDef } from './types.js';

/**
 * put-acl-while-processing {title, acl}: spec § Access policy, "PUT /api/events/{event_id}/acl | form parameter acl
 * (ACL array). The existing ACL is overwritten. | 204; 404", whatever the event's state ("Transitions: not shown"):
 * an event with media is created, read until it reads (ARCHITECTURE.md, principle 7), and while it still shows an
 * active workflow its ACL is PUT once, with the client that sends every write as it is (no waiting out of a refusal,
 * src/core/busy-retry.ts); the PUT is judged only where a read proves the workflow still ran after it
 * (src/scenarios/while-processing.ts; a longer medium each round), so the answer to an ACL change during processing is
 * judged on purpose, whatever the server's processing time and index lag. Then the events' processing is awaited.
 * The last exchange is the PUT (what the step's expectations judge); value {id}. A skip (UnavailableError) when no
 * attempt could be proven made during processing, with why.
 */
const putAclWhileProcessing: Action = async (env, params) => {
  const title = typeof params.title === 'string' ? params.title : 'acl-while-processing';
  const put = (id: string) => (env.clients.direct ?? env.clients.admin).send({ method: 'PUT', path: `/api/events/${encodeURIComponent(id)}/acl`, form: { acl: JSON.stringify(params.acl ?? []) } });
  const { attempts, proven, why } = await whileProcessing(env, title, 'ACL change', put);
  await Promise.all(attempts.filter((a) => a.id !== undefined).map((a) => waitProcessed(env.clients.admin, a.id!, env.config.processingTimeoutMs, waitOptions(env))));
  if (proven.length === 0) throw new UnavailableError(why ?? 'no ACL change could be made while processing ran', 'action put-acl-while-processing');
  // A refusal in any proven attempt is judged (the last exchange), else the first proven answer.
  const judged = proven.find((a) => a.write!.response?.status !== 204) ?? proven[0];
  const exchanges = attempts.flatMap((a) => a.exchanges).filter((e) => e !== judged.write);
  return { exchanges: [...exchanges, judged.write!], value: { id: judged.id } };
};

/** The action that changes an ACL while processing runs. */
export const ACL_WHILE_PROCESSING_ACTIONS: readonly ActionDef[] = [
  {
    name: 'put-acl-while-processing',
    doc: 'Creates an event with media, reads it until it reads, and while it shows an active workflow PUTs its ACL once (`acl`), as sent (a refusal is not waited out), judged only where a read proves processing still ran after the PUT (while-processing.ts: a longer medium each round until one is); then awaits its processing. The last exchange is the PUT; value {id}. A skip with why when no attempt could be proven made during processing.',
    // Rounds of create, read until readable, and a wait of twice the lag for the proof (src/scenarios/while-processing.ts).
    cost: 4,
    run: putAclWhileProcessing,
  },
];
