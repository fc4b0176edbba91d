import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import { untilReadable, waitOptions, waitProcessed } from '../../core/readiness.js';
import { UnavailableError } from '../../core/unavailable.js';
import { createEvent, notCreated } from '../create.js';
import type { Action } from './types.js';

/**
 * put-acl-while-processing {title, acl}: spec § Access policy, "PUT /api/events/{event_id}/acl | form parameter acl
 * (ACL array). The existing ACL is overwritten. | 204; 404", whatever the event's state ("Transitions: not shown"):
 * an event with media is created, read until it reads (ARCHITECTURE.md, principle 7), and while it still shows processing_state
 * RUNNING its ACL is PUT once, with the client that sends every write as it is (no waiting out of a refusal,
 * src/core/busy-retry.ts), so the answer to an ACL change during processing is judged on purpose in every run.
 * Then its processing is awaited. The last exchange is the PUT (what the step's expectations judge); value {id}.
 * A skip (UnavailableError) when the create was refused or processing had ended before the event read: nothing
 * can then be changed during processing.
 */
const putAclWhileProcessing: Action = async (env, params) => {
  const title = typeof params.title === 'string' ? params.title : 'acl-while-processing';
  const made = await createEvent(env, { fields: { title }, media: true });
  const exchanges: Exchange[] = [made.exchange];
  const refused = notCreated(made);
  if (refused) throw new UnavailableError(refused.reason, 'action put-acl-while-processing');
  const id = made.identifiers[0];
  const path = `/api/events/${encodeURIComponent(id)}`;
  const seen = await untilReadable(env.clients.admin, id, { settleMs: env.config.settleMs, firstDelayMs: 10, maxDelayMs: 100, giveUpFirst: true, ...waitOptions(env) });
  const parsed = seen.readable ? parseJsonBody(seen.exchange) : undefined;
  const state = parsed?.ok ? (parsed.value as { processing_state?: unknown } | null)?.processing_state : undefined;
  if (state !== 'RUNNING') {
    await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs, waitOptions(env));
    throw new UnavailableError(seen.readable
      ? `the event ${id} read processing_state ${JSON.stringify(state)} when it first read, not RUNNING: its processing had ended, so no ACL change could be made while it ran`
      : `the event ${id} never read within --settle-ms`, 'action put-acl-while-processing');
  }
  const put = await (env.clients.direct ?? env.clients.admin).send({ method: 'PUT', path: `${path}/acl`, form: { acl: JSON.stringify(params.acl ?? []) } });
  exchanges.push(put);
  await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs, waitOptions(env));
  return { exchanges, value: { id } };
};

export const IMPL_ACL_WHILE_PROCESSING: Record<string, Action> = { 'put-acl-while-processing': putAclWhileProcessing };
