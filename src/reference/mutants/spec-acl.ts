import type { Ctx } from '../app.js';
import type { AclEntry, EventRecord } from '../types.js';
import { aclBehind, everySecond, nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Access policy and access mutants written from the spec alone (spec § Access policy: "The existing ACL is
 * overwritten"; "Adds that permission; other entries are unaffected"; "Removes that permission; other entries are
 * unaffected"; § Authentication: "Each event has an ACL that maps actions to roles. Each user has roles").
 * Bug sites: handlers/acl.ts, app.ts readableEvent, and the list body (mutants/spec-events.ts listBody).
 */
export const SPEC_ACL_MUTANTS = family({
  'spec-acl-third-add-lost': {
    rule: 'acl.add.adds',
    description: 'Every third POST /acl/{action} on one event answers 204 but adds nothing.',
  },
  'spec-acl-added-not-removable': {
    rule: 'acl.remove.removes',
    description: 'An entry added by POST /acl/{action} cannot be removed: DELETE /acl/{action}/{role} answers 404 for it (it lives in a separate list).',
  },
  'spec-acl-add-replaces-role': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} with role R replaces the entries R has for other actions (entries keyed by role).',
  },
  'spec-acl-remove-whole-role': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} removes every entry of that role, for every action.',
  },
  'spec-acl-put-deny-as-allow': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl stores entries sent with allow false as allow true (`allow || true`).',
  },
  'spec-acl-put-truncated-10': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl keeps at most the first 10 entries of the sent ACL.',
  },
  'spec-acl-read-flaky': {
    rule: 'acl.put.overwrites',
    description: 'Every second GET /acl answers from a replica one ACL change behind (the ACL before the event\'s last change).',
  },
  'spec-auth-deny-grants-read': {
    rule: 'auth.acl-read',
    description: 'Reading one event checks only that a read entry names one of the caller\'s roles, not its allow: a denied role reads the event.',
  },
  'spec-auth-list-cache-shared': {
    rule: 'auth.acl-list',
    description: 'GET /api/events answers from a cache keyed by the query only: a user gets the list computed for the previous caller of the same query.',
  },
});

/** Bug site (handlers/acl.ts getAcl): the ACL a GET answers. */
export function aclRead(ctx: Ctx, rec: EventRecord): AclEntry[] {
  // Counted per event, as for spec-metadata-read-flaky.
  if (!ctx.app.bug('spec-acl-read-flaky') || !everySecond(rec, 'acl-read')) return rec.acl;
  return aclBehind(rec) ?? rec.acl;
}

/** Bug site (handlers/acl.ts putAcl): the ACL a PUT stores. */
export function aclPutBugs(ctx: Ctx, sent: AclEntry[]): AclEntry[] {
  if (ctx.app.bug('spec-acl-put-deny-as-allow')) return sent.map((e) => ({ ...e, allow: e.allow || true }));
  if (ctx.app.bug('spec-acl-put-truncated-10')) return sent.slice(0, 10);
  return sent;
}

const added = new WeakMap<EventRecord, Set<string>>();
const key = (action: string, role: string) => JSON.stringify([action, role]);

/**
 * Bug site (handlers/acl.ts addAce, before the entry is added): true when a buggy server is done with the request
 * (it lost the change, or applied it its own way).
 */
export function aclAddBugs(ctx: Ctx, rec: EventRecord, action: string, role: string, allow: boolean): boolean {
  const { bug } = ctx.app;
  if (bug('spec-acl-third-add-lost') && nth(rec, 'acl-add') % 3 === 0) return true;
  if (bug('spec-acl-added-not-removable')) {
    const set = added.get(rec) ?? new Set();
    set.add(key(action, role));
    added.set(rec, set);
  }
  if (bug('spec-acl-add-replaces-role')) {
    rec.acl = [...rec.acl.filter((e) => e.role !== role), { allow, action, role }];
    ctx.app.store.commit(rec);
    return true;
  }
  return false;
}

/** Bug site (handlers/acl.ts removeAce): true when a buggy server does not find the entry. */
export function aclRemoveRefused(ctx: Ctx, rec: EventRecord, action: string, role: string): boolean {
  return ctx.app.bug('spec-acl-added-not-removable') && (added.get(rec)?.has(key(action, role)) ?? false);
}

/** Bug site (handlers/acl.ts removeAce): the ACL left after a removal. */
export function aclRemoveBugs(ctx: Ctx, rec: EventRecord, rest: AclEntry[], role: string): AclEntry[] {
  return ctx.app.bug('spec-acl-remove-whole-role') ? rec.acl.filter((e) => e.role !== role) : rest;
}

/** Bug site (app.ts readableEvent): read access as a server that ignores `allow` decides it. */
export function denyGrantsRead(ctx: Ctx, rec: EventRecord): boolean {
  return ctx.app.bug('spec-auth-deny-grants-read') && rec.acl.some((e) => e.action === 'read' && ctx.caller.roles.has(e.role));
}

const listCache = new WeakMap<object, Map<string, string>>();

/** The list answer a cache keyed by the query alone (not the caller) gives; the store revision invalidates it. */
export function sharedListCache(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('spec-auth-list-cache-shared')) return text;
  let m = listCache.get(ctx.app);
  if (!m) listCache.set(ctx.app, (m = new Map()));
  const k = `${ctx.app.store.rev}|${ctx.version}|${ctx.url.search}`;
  const hit = m.get(k);
  if (hit !== undefined) return hit;
  m.set(k, text);
  return text;
}
