import { readableEvent, writableEvent, type Ctx } from '../app.js';
import type { AclEntry, Caller, EventRecord } from '../types.js';
import type { BugFn, MutantName } from './index.js';
import { nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Access policy and access mutants of the second spec-only round (spec § Access policy: PUT "The existing ACL is
 * overwritten"; POST …/acl/{action} "Adds that permission; other entries are unaffected"; DELETE
 * …/acl/{action}/{role} "Removes that permission; other entries are unaffected"; § Authentication: "Each event has
 * an ACL that maps actions to roles. Each user has roles"). Bug sites: handlers/acl.ts, handlers/metadata.ts
 * (putMetadata's write check) and list-run.ts (the list's read check).
 */
export const SPEC2_ACL_MUTANTS = family({
  'spec2-create-acl-deny-dropped': {
    rule: 'events.create.acl',
    description: 'POST /api/events keeps only the entries with allow true of the acl part: entries sent with allow false are dropped.',
  },
  'spec2-acl-put-second-merges': {
    rule: 'acl.put.overwrites',
    description: 'The first PUT /acl of an event overwrites; every later PUT merges the sent entries into the existing ACL.',
  },
  'spec2-acl-add-shared-default': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} on event A also adds the entry to every other event whose ACL equalled A\'s (a shared default ACL object).',
  },
  'spec2-acl-remove-role-dot': {
    rule: 'acl.remove.removes',
    description: 'DELETE /acl/{action}/{role} drops the role\'s last ".xyz" as a file extension: ROLE_TEAM.A removes nothing (204).',
  },
  'spec2-acl-remove-role-prefix': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} also removes the entries of that action for roles starting with the role (LIKE \'role%\').',
  },
  'spec2-auth-list-role-prefix': {
    rule: 'auth.acl-list',
    description: 'The list shows a user the events readable by any role that starts with one of the user\'s roles (ROLE_A sees events of ROLE_AB).',
  },
  'spec2-auth-list-deny-grants': {
    rule: 'auth.acl-list',
    description: 'The list ignores `allow`: a user whose role is only in a read entry with allow false sees the event listed.',
  },
  'spec2-auth-metadata-put-read-only': {
    rule: 'auth.acl-write',
    description: 'PUT /metadata checks read access only: a user granted read but not write changes the metadata (204).',
  },
  'spec2-auth-acl-remove-read-only': {
    rule: 'auth.acl-write',
    description: 'DELETE /acl/{action}/{role} checks read access only: a user granted read but not write removes ACL entries (204).',
  },
});

/** Bug site (handlers/acl.ts putAcl): the ACL a PUT stores. */
export function spec2AclPut(ctx: Ctx, rec: EventRecord, sent: AclEntry[]): AclEntry[] {
  if (!ctx.app.bug('spec2-acl-put-second-merges') || nth(rec, 'spec2-acl-put') === 1) return sent;
  const same = (a: AclEntry, b: AclEntry) => a.action === b.action && a.role === b.role;
  return [...rec.acl.filter((o) => !sent.some((s) => same(s, o))), ...sent];
}

/** Bug site (handlers/acl.ts addAce, after the entry is added to `rec`): the events sharing the old ACL object. */
export function spec2AclAdded(ctx: Ctx, rec: EventRecord, before: AclEntry[], added: AclEntry): void {
  if (!ctx.app.bug('spec2-acl-add-shared-default')) return;
  const text = JSON.stringify(before);
  for (const other of ctx.app.store.values()) {
    if (other === rec || JSON.stringify(other.acl) !== text) continue;
    other.acl = [...other.acl, { ...added }];
    ctx.app.store.commit(other);
  }
}

/** Bug site (handlers/acl.ts removeAce): the role as a server with suffix pattern matching reads it. */
export function spec2AclRole(ctx: Ctx, role: string): string {
  return ctx.app.bug('spec2-acl-remove-role-dot') && role.lastIndexOf('.') > 0 ? role.slice(0, role.lastIndexOf('.')) : role;
}

/** Bug site (handlers/acl.ts removeAce): the entries left by a buggy removal. */
export function spec2AclRemoveRest(ctx: Ctx, rec: EventRecord, action: string, role: string, rest: AclEntry[]): AclEntry[] {
  return ctx.app.bug('spec2-acl-remove-role-prefix') ? rec.acl.filter((e) => !(e.action === action && e.role.startsWith(role))) : rest;
}

/** Bug site (list-run.ts): read access as a buggy list decides it (true = listed although canRead says no). */
export function spec2ListReadable(bug: BugFn, rec: EventRecord, caller: Caller): boolean {
  if (caller.admin) return false;
  const reads = rec.acl.filter((e) => e.action === 'read');
  if (bug('spec2-auth-list-role-prefix') && reads.some((e) => e.allow && [...caller.roles].some((r) => e.role.startsWith(r)))) return true;
  return bug('spec2-auth-list-deny-grants') && reads.some((e) => caller.roles.has(e.role));
}

/** Bug site (handlers/acl.ts removeAce, handlers/metadata.ts putMetadata): the write check a buggy endpoint makes. */
export function spec2Writable(ctx: Ctx, name: MutantName): ReturnType<typeof writableEvent> {
  return ctx.app.bug(name) ? readableEvent(ctx) : writableEvent(ctx);
}

/** Bug site (handlers/create.ts newRecord): the ACL a creation stores. */
export function spec2CreateAcl(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('spec2-create-acl-deny-dropped') ? acl.filter((e) => e.allow) : acl;
}
