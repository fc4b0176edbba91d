import { readableEvent, type Ctx } from '../app.js';
import type { AclEntry, EventRecord } from '../types.js';
import { notFound } from '../types.js';
import { latin1, nth } from './spec-state.js';
import { aclOneBehind, createdState } from './spec3b-state.js';
import { family } from './types.js';

/**
 * Access policy and access mutants of the third spec-only round, author B (spec § Access policy: PUT "The existing
 * ACL is overwritten"; POST …/acl/{action} "Form parameter role (string). Adds that permission; other entries are
 * unaffected"; DELETE …/acl/{action}/{role} "path: event_id, action, role (all strings). Removes that permission";
 * § Authentication: "Access is governed by roles. Each event has an ACL that maps actions to roles. Each user has
 * roles."). Bug sites: handlers/acl.ts, handlers/metadata.ts (spec3bMetadataReadable), app.ts (spec3bUnreadable;
 * the permission cache lives in spec3b-state.ts).
 */
export const SPEC3B_ACL_MUTANTS = family({
  'spec3b-acl-put-empty-ignored': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl with an empty ACL ([]) answers 204 but keeps the existing ACL (an empty list taken for "nothing sent").',
  },
  'spec3b-acl-add-onto-created': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} adds the entry to the ACL the event was created with (a stale copy): entries set by an earlier PUT /acl are lost.',
  },
  'spec3b-acl-add-role-latin1': {
    rule: 'acl.add.adds',
    description: 'POST /acl/{action} decodes the form parameter role as ISO-8859-1: a role with non-ASCII characters is stored mangled (its UTF-8 bytes read as Latin-1 characters).',
  },
  'spec3b-acl-remove-raw-role': {
    rule: 'acl.remove.removes',
    description: 'DELETE /acl/{action}/{role} compares the role still percent-encoded (the raw path segment): a role with a space or non-ASCII character is never removed (204).',
  },
  'spec3b-acl-read-stale-third': {
    rule: 'acl.add.adds',
    description: 'Every third GET /acl of the server answers from a replica one ACL change behind (an entry just added is missing on that read).',
  },
  'spec3b-auth-second-role-ignored': {
    rule: 'auth.acl-read',
    description: 'Reading one event checks only the first role of a user: a user granted read through a second role gets 404 for the event (the list is right).',
  },
  'spec3b-auth-write-cached-after-revoke': {
    rule: 'auth.acl-write',
    description: 'A write permission is cached per (event, user) once granted and never invalidated: after write is revoked from the user\'s role, the user still changes the event.',
  },
  'spec3b-auth-metadata-get-unchecked': {
    rule: 'auth.acl-read',
    description: 'GET /metadata (with or without type) checks only that the event exists, not the read ACL: a user without read access gets its catalogs.',
  },
});

/** Bug site (handlers/acl.ts putAcl): the ACL a PUT stores. */
export function spec3bAclPut(ctx: Ctx, rec: EventRecord, sent: AclEntry[]): AclEntry[] {
  return ctx.app.bug('spec3b-acl-put-empty-ignored') && sent.length === 0 ? rec.acl : sent;
}

/** Bug site (handlers/acl.ts addAce, right after the write check): the ACL the new entry is added to. */
export function spec3bAclAddBase(ctx: Ctx, rec: EventRecord): EventRecord {
  if (!ctx.app.bug('spec3b-acl-add-onto-created')) return rec;
  const first = createdState(rec);
  if (first) rec.acl = first.acl.map((e) => ({ ...e }));
  return rec;
}

/** Bug site (handlers/acl.ts addAce): the role parameter as a buggy form decoder reads it. */
export function spec3bAclAddRole(ctx: Ctx, role: string | undefined): string | undefined {
  return ctx.app.bug('spec3b-acl-add-role-latin1') && role !== undefined ? latin1(role) : role;
}

/** Bug site (handlers/acl.ts removeAce): the role path parameter as a buggy router hands it over. */
export function spec3bAclRemoveRole(ctx: Ctx, role: string): string {
  if (!ctx.app.bug('spec3b-acl-remove-raw-role')) return role;
  const raw = (ctx.req.url ?? '').split('?')[0].replace(/\/+$/, '').split('/');
  return raw[raw.length - 1] ?? role;
}

/** Bug site (handlers/acl.ts getAcl): the ACL a GET answers. */
export function spec3bAclRead(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  if (!ctx.app.bug('spec3b-acl-read-stale-third') || nth(ctx.app, '3b:acl-read') % 3 !== 0) return acl;
  const rec = ctx.app.store.get(ctx.params[0]);
  return (rec && aclOneBehind(rec)) ?? acl;
}

/** Bug site (app.ts readableEvent, after the read check passed): true when a buggy check refuses the caller. */
export function spec3bUnreadable(ctx: Ctx, rec: EventRecord): boolean {
  if (!ctx.app.bug('spec3b-auth-second-role-ignored') || ctx.caller.admin) return false;
  const first = [...ctx.caller.roles][0];
  return !rec.acl.some((e) => e.allow && e.action === 'read' && e.role === first);
}

/** Bug site (handlers/metadata.ts getMetadata): the event, as a buggy endpoint looks it up. */
export function spec3bMetadataReadable(ctx: Ctx): EventRecord {
  if (!ctx.app.bug('spec3b-auth-metadata-get-unchecked')) return readableEvent(ctx);
  const rec = ctx.app.store.get(ctx.params[0]);
  if (!rec || ctx.app.store.hidden.has(rec.id)) throw notFound(`event '${ctx.params[0]}' not found`);
  return rec;
}
