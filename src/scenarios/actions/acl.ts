import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import type { VersionEnv } from '../../core/version-env.js';
import type { Action, ActionDef } from './types.js';
import { giveUpTest } from '../../core/readiness.js';

/**
 * Actions of the acl family: one permission is added or removed
 * (spec § Access policy), after reading the ACL as it was, so that "other entries are unaffected" can be judged
 * against what the server itself held before the change.
 */

interface Pair {
  action: string;
  role: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function str(params: Record<string, unknown>, key: string): string {
  const v = params[key];
  if (typeof v !== 'string' || v === '') throw new Error(`action parameter "${key}" must be a non-empty string`);
  return v;
}

function holds(acl: unknown, ready: Pair[]): acl is unknown[] {
  if (!Array.isArray(acl)) return false;
  return ready.every((p) => acl.some((e) => (e as Pair | null)?.action === p.action && (e as Pair | null)?.role === p.role));
}

/**
 * GET /api/events/{id}/acl until it is a 200 array holding every pair of `ready` (real servers index
 * asynchronously, ARCHITECTURE.md, principle 7), bounded by --settle-ms. Returns the last exchange and the ACL (null if never ready).
 */
export async function readAclWhenReady(env: VersionEnv, event: string, ready: Pair[]): Promise<{ exchange: Exchange; acl: unknown[] | null }> {
  const path = `/api/events/${encodeURIComponent(event)}/acl`;
  const deadline = Date.now() + env.config.settleMs;
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const exchange = await env.clients.admin.send({ method: 'GET', path });
    const body = parseJsonBody(exchange);
    const acl = exchange.response?.status === 200 && body.ok ? body.value : undefined;
    if (holds(acl, ready)) return { exchange, acl };
    if (Date.now() + delay > deadline || giveUp(exchange) || env.signal?.aborted) return { exchange, acl: null };
    await sleep(delay);
  }
}

function readyOf(params: Record<string, unknown>): Pair[] {
  const r = params.ready;
  if (r === undefined) return [];
  if (!Array.isArray(r) || !r.every((p) => typeof (p as Pair)?.action === 'string' && typeof (p as Pair)?.role === 'string')) {
    throw new Error('action parameter "ready" must be a list of {action, role}');
  }
  return r as Pair[];
}

/**
 * Reads the ACL, then sends the change; the value holds the ACL before (`before`, null if unreadable) and the
 * change's status (`status`, null without an answer: a later read may skip where the server refused the input).
 */
function changeAction(send: (env: VersionEnv, event: string, pair: Pair) => Promise<Exchange>): Action {
  return async (env, params) => {
    const event = str(params, 'event');
    const pair = { action: str(params, 'action'), role: str(params, 'role') };
    const before = await readAclWhenReady(env, event, readyOf(params));
    const exchange = await send(env, event, pair);
    return { exchanges: [before.exchange, exchange], value: { before: before.acl, status: exchange.response?.status ?? null } };
  };
}

const base = (event: string) => `/api/events/${encodeURIComponent(event)}/acl`;

/** Actions of the acl family (spec § ACL: POST /api/events/{event_id}/acl/{action}, DELETE …/{action}/{role}). */
export const ACL_ACTIONS: readonly ActionDef[] = [
  {
    name: 'acl-add',
    doc: '{event, action, role, ready?}: reads the ACL (until it holds the `ready` pairs), then POST /api/events/{event}/acl/{action} with form role ("Adds that permission"). Value: {before: the ACL read first, or null; status: the change\'s status, or null}.',
    run: changeAction((env, event, p) => env.clients.admin.send({
      method: 'POST', path: `${base(event)}/${encodeURIComponent(p.action)}`, form: { role: p.role },
    })),
  },
  {
    name: 'acl-remove',
    doc: '{event, action, role, ready?}: as acl-add, then DELETE /api/events/{event}/acl/{action}/{role} ("Removes that permission").',
    run: changeAction((env, event, p) => env.clients.admin.send({
      method: 'DELETE', path: `${base(event)}/${encodeURIComponent(p.action)}/${encodeURIComponent(p.role)}`,
    })),
  },
];
