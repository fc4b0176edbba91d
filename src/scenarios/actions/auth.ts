import type { Exchange } from '../../model/index.js';
import { notAnswering, parseJsonBody } from '../../http/index.js';
import { type AbsentId, containsIdsCheck } from '../../checks/members.js';
import { settleWindow } from '../../core/settle.js';
import type { Action, ActionDef } from './types.js';

/** Actions of the auth family. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many times user-list-reads reads the list unless told otherwise. */
export const USER_LIST_READS = 60;

function strings(params: Record<string, unknown>, key: string): string[] {
  const v = params[key] ?? [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`action parameter "${key}" must be a list of strings`);
  return v as string[];
}

/** `absent`: identifiers, each alone or as {id, why} (why the event must not be listed; contains-ids names it). */
function absentIds(params: Record<string, unknown>): AbsentId[] {
  const v = params.absent ?? [];
  const ok = (x: unknown) => typeof x === 'string' || (typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string' && typeof (x as { why?: unknown }).why === 'string');
  if (!Array.isArray(v) || !v.every(ok)) throw new Error('action parameter "absent" must be a list of identifiers (each a string or {id, why})');
  return v as AbsentId[];
}

/**
 * user-list-reads {query, ids, absent, reads?}: the user's list, read `reads` times (default 60) spread over the
 * settle window W (src/core/settle.ts), once an earlier settled step has shown the change: every read must list
 * every `ids` and none of `absent` (spec § Authentication: "Each event has an ACL that maps actions to roles"; the
 * list follows the ACL as it is, on every request). A server answering a share of the requests from a lagging
 * replica (not every n-th one, but in runs) is seen where a few settle reads would miss it. Stops at the first read
 * that breaks it: that read is the step's last exchange (after the first read, for the evidence), so the step's
 * contains-ids expectation judges it. Value: {reads: how many were sent}.
 */
const userListReads: Action = async (env, params) => {
  const user = env.clients.user;
  if (!user) throw new Error('user-list-reads needs the non-administrative user (scenario needs: [user])');
  const query = (params.query ?? {}) as Record<string, string | string[]>;
  const check = { ids: strings(params, 'ids'), absent: absentIds(params) };
  const reads = params.reads === undefined ? USER_LIST_READS : Number(params.reads);
  if (!Number.isInteger(reads) || reads < 1) throw new Error('action parameter "reads" must be a positive integer');
  const gap = settleWindow(env.config.settleMs, env.lag?.ms ?? 0) / reads;
  const started = Date.now();
  let first: Exchange | undefined;
  let last: Exchange | undefined;
  for (let i = 0; i < reads; i++) {
    const wait = started + i * gap - Date.now();
    if (wait > 0) await sleep(wait);
    last = await user.send({ method: 'GET', path: '/api/events', query });
    first ??= last;
    const body = parseJsonBody(last);
    const verdict = containsIdsCheck.run({
      version: env.version, baseUrl: env.baseUrl, exchange: last, exchanges: [last], body, value: body.ok ? body.value : undefined,
      vars: {}, shapes: env.shapes,
    }, check);
    if (!verdict.pass || notAnswering(last)) return { exchanges: first === last ? [last] : [first, last], value: { reads: i + 1 } };
  }
  return { exchanges: first === last ? [last!] : [first!, last!], value: { reads } };
};

/** Actions of the auth family. */
export const AUTH_ACTIONS: readonly ActionDef[] = [
  {
    name: 'user-list-reads',
    readOnly: true,
    doc: '{query, ids, absent, reads?}: GET /api/events?query as the user `reads` times (default 60) spread over the settle window; stops at the first answer that does not list every `ids` or lists one of `absent` (that answer is the step\'s last exchange). Value: {reads: how many were sent}.',
    run: userListReads,
  },
];
