import { family } from './types.js';
import { empty, json, type Ctx, type Reply } from '../app.js';
import type { AclWrite } from '../hooks.js';
import type { AclEntry, Caller, EventRecord } from '../types.js';
import type { BugFn, MutantName } from '../bug.js';
import { aclOneBehind, createdState } from './write-state.js';
import { nth, latin1, aclBehind, everySecond } from './mutant-state.js';
import type { FilterGroup } from '../list-params.js';
import { EPISODE_FLAVOR } from '../episode.js';
import type { EventView } from '../view.js';

/** The ACL family: planted bugs of the access policy endpoints and of the ACL checks (rules acl.*, auth.acl-*). */

/** Mutants of the access policy endpoints (spec § Access policy): GET/PUT /acl, POST /acl/{action}, DELETE /acl/{action}/{role}. */
export const ACL_MUTANTS = family({
  'acl-get-status-201': { rule: 'acl.get.status', description: 'GET /acl answers 201 (with the ACL) instead of 200.' },
  'acl-get-no-allow': {
    rule: 'acl.get.schema',
    description: 'GET /acl leaves out the member allow of every entry (only action and role).',
  },
  'acl-get-unknown-200': { rule: 'acl.get.404', description: 'GET /acl of an unknown event answers 200 with [].' },
  'acl-put-merges': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl merges the sent entries into the existing ACL instead of replacing it.',
  },
  'acl-put-status-200': { rule: 'acl.put.204', description: 'PUT /acl answers 200 instead of 204.' },
  'acl-put-unknown-204': { rule: 'acl.put.404', description: 'PUT /acl of an unknown event answers 204.' },
  'acl-add-replaces': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} replaces the whole ACL by the one new entry.',
  },
  'acl-add-deny': { rule: 'acl.add.adds', description: 'POST /acl/{action} adds the entry with allow false.' },
  'acl-add-status-200': { rule: 'acl.add.204', description: 'POST /acl/{action} answers 200 instead of 204.' },
  'acl-add-unknown-204': { rule: 'acl.add.404', description: 'POST /acl/{action} of an unknown event answers 204.' },
  'acl-remove-whole-action': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} removes the entries of that action for every role.',
  },
  'acl-remove-noop': { rule: 'acl.remove.removes', description: 'DELETE /acl/{action}/{role} answers 204 but keeps the entry.' },
  'acl-remove-status-200': { rule: 'acl.remove.204', description: 'DELETE /acl/{action}/{role} answers 200 instead of 204.' },
  'acl-remove-unknown-204': { rule: 'acl.remove.404', description: 'DELETE /acl/{action}/{role} of an unknown event answers 204.' },
});

/**
 * Access policy and access mutants (spec § Access policy: PUT "The existing ACL is
 * overwritten"; POST …/acl/{action} "Adds that permission; other entries are unaffected"; DELETE
 * …/acl/{action}/{role} "Removes that permission; other entries are unaffected"; § Authentication: "Each event has
 * an ACL that maps actions to roles. Each user has roles"). Bug sites: handlers/acl.ts, handlers/metadata.ts
 * (putMetadata's write check) and list-run.ts (the list's read check).
 */
export const ACL_ENTRY_MUTANTS = family({
  'create-acl-deny-dropped': {
    rule: 'events.create.acl',
    description: 'POST /api/events keeps only the entries with allow true of the acl part: entries sent with allow false are dropped.',
  },
  'acl-put-second-merges': {
    rule: 'acl.put.overwrites',
    description: 'The first PUT /acl of an event overwrites; every later PUT merges the sent entries into the existing ACL.',
  },
  'acl-add-shared-default': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} on event A also adds the entry to every other event whose ACL equalled A\'s (a shared default ACL object).',
  },
  'acl-remove-role-dot': {
    rule: 'acl.remove.removes',
    description: 'DELETE /acl/{action}/{role} drops the role\'s last ".xyz" as a file extension: ROLE_TEAM.A removes nothing (204).',
  },
  'acl-remove-role-prefix': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} also removes the entries of that action for roles starting with the role (LIKE \'role%\').',
  },
  'auth-list-role-prefix': {
    rule: 'auth.acl-list',
    description: 'The list shows a user the events readable by any role that starts with one of the user\'s roles (ROLE_A sees events of ROLE_AB).',
  },
  'auth-list-deny-grants': {
    rule: 'auth.acl-list',
    description: 'The list ignores `allow`: a user whose role is only in a read entry with allow false sees the event listed.',
  },
  'auth-metadata-put-read-only': {
    rule: 'auth.acl-write',
    description: 'PUT /metadata checks read access only: a user granted read but not write changes the metadata (204).',
  },
  'auth-acl-remove-read-only': {
    rule: 'auth.acl-write',
    description: 'DELETE /acl/{action}/{role} checks read access only: a user granted read but not write removes ACL entries (204).',
  },
});

/** Bug site (handlers/acl.ts putAcl): the ACL a PUT stores. */
export function sectionAclPut(ctx: Ctx, rec: EventRecord, sent: AclEntry[]): AclEntry[] {
  if (!ctx.app.bug('acl-put-second-merges') || nth(rec, 'acl-put') === 1) return sent;
  const same = (a: AclEntry, b: AclEntry) => a.action === b.action && a.role === b.role;
  return [...rec.acl.filter((o) => !sent.some((s) => same(s, o))), ...sent];
}

/** Bug site (handlers/acl.ts addAce, after the entry is added to `rec`): the events sharing the old ACL object. */
export function sectionAclAdded(ctx: Ctx, rec: EventRecord, before: AclEntry[], added: AclEntry): void {
  if (!ctx.app.bug('acl-add-shared-default')) return;
  const text = JSON.stringify(before);
  for (const other of ctx.app.store.values()) {
    if (other === rec || JSON.stringify(other.acl) !== text) continue;
    other.acl = [...other.acl, { ...added }];
    ctx.app.store.commit(other);
  }
}

/** Bug site (handlers/acl.ts removeAce): the role as a server with suffix pattern matching reads it. */
export function sectionAclRole(ctx: Ctx, role: string): string {
  return ctx.app.bug('acl-remove-role-dot') && role.lastIndexOf('.') > 0 ? role.slice(0, role.lastIndexOf('.')) : role;
}

/** Bug site (handlers/acl.ts removeAce): the entries left by a buggy removal. */
export function sectionAclRemoveRest(ctx: Ctx, rec: EventRecord, action: string, role: string, rest: AclEntry[]): AclEntry[] {
  return ctx.app.bug('acl-remove-role-prefix') ? rec.acl.filter((e) => !(e.action === action && e.role.startsWith(role))) : rest;
}

/** Bug site (list-run.ts): read access as a buggy list decides it (true = listed although canRead says no). */
export function sectionListReadable(bug: BugFn, rec: EventRecord, caller: Caller): boolean {
  if (caller.admin) return false;
  const reads = rec.acl.filter((e) => e.action === 'read');
  if (bug('auth-list-role-prefix') && reads.some((e) => e.allow && [...caller.roles].some((r) => e.role.startsWith(r)))) return true;
  return bug('auth-list-deny-grants') && reads.some((e) => caller.roles.has(e.role));
}

/** Bug site (handlers/create.ts newRecord): the ACL a creation stores. */
export function sectionCreateAcl(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  return ctx.app.bug('create-acl-deny-dropped') ? acl.filter((e) => e.allow) : acl;
}

/**
 * Access policy and access mutants (spec § Access policy: PUT "The existing
 * ACL is overwritten"; POST …/acl/{action} "Form parameter role (string). Adds that permission; other entries are
 * unaffected"; DELETE …/acl/{action}/{role} "path: event_id, action, role (all strings). Removes that permission";
 * § Authentication: "Access is governed by roles. Each event has an ACL that maps actions to roles. Each user has
 * roles."). Bug sites: handlers/acl.ts, the access decision (fault point authorize: GET /metadata unchecked), app.ts (readBackUnreadable;
 * the permission cache lives in write-state.ts).
 */
export const ACL_ROLE_MUTANTS = family({
  'acl-put-empty-ignored': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl with an empty ACL ([]) answers 204 but keeps the existing ACL (an empty list taken for "nothing sent").',
  },
  'acl-add-onto-created': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} adds the entry to the ACL the event was created with (a stale copy): entries set by an earlier PUT /acl are lost.',
  },
  'acl-add-role-latin1': {
    rule: 'acl.add.adds',
    description: 'POST /acl/{action} decodes the form parameter role as ISO-8859-1: a role with non-ASCII characters is stored mangled (its UTF-8 bytes read as Latin-1 characters).',
  },
  'acl-remove-raw-role': {
    rule: 'acl.remove.removes',
    description: 'DELETE /acl/{action}/{role} compares the role still percent-encoded (the raw path segment): a role with a space or non-ASCII character is never removed (204).',
  },
  'acl-read-stale-third': {
    rule: 'acl.add.adds',
    description: 'Every third GET /acl of the server answers from a replica one ACL change behind (an entry just added is missing on that read).',
    // Which reads are stale depends on how all reads interleave: the default settle window (1.5 s, many reads)
    // always meets one; the self-test's short window may read only twice.
    selftest: { settleMs: 10_000 },
  },
  'auth-second-role-ignored': {
    rule: 'auth.acl-read',
    description: 'Reading one event checks only the first role of a user: a user granted read through a second role gets 404 for the event (the list is right).',
  },
  'auth-write-cached-after-revoke': {
    rule: 'auth.acl-write',
    description: 'A write permission is cached per (event, user) once granted and never invalidated: after write is revoked from the user\'s role, the user still changes the event.',
  },
  'auth-metadata-get-unchecked': {
    rule: 'auth.acl-read',
    description: 'GET /metadata (with or without type) checks only that the event exists, not the read ACL: a user without read access gets its catalogs.',
  },
});

/** Bug site (handlers/acl.ts putAcl): the ACL a PUT stores. */
export function readBackAclPut(ctx: Ctx, rec: EventRecord, sent: AclEntry[]): AclEntry[] {
  return ctx.app.bug('acl-put-empty-ignored') && sent.length === 0 ? rec.acl : sent;
}

/** Bug site (handlers/acl.ts addAce, right after the write check): the ACL the new entry is added to. */
export function readBackAclAddBase(ctx: Ctx, rec: EventRecord): EventRecord {
  if (!ctx.app.bug('acl-add-onto-created')) return rec;
  const first = createdState(rec);
  if (first) rec.acl = first.acl.map((e) => ({ ...e }));
  return rec;
}

/** Bug site (handlers/acl.ts addAce): the role parameter as a buggy form decoder reads it. */
export function readBackAclAddRole(ctx: Ctx, role: string | undefined): string | undefined {
  return ctx.app.bug('acl-add-role-latin1') && role !== undefined ? latin1(role) : role;
}

/** Bug site (handlers/acl.ts removeAce): the role path parameter as a buggy router hands it over. */
export function readBackAclRemoveRole(ctx: Ctx, role: string): string {
  if (!ctx.app.bug('acl-remove-raw-role')) return role;
  const raw = (ctx.req.url ?? '').split('?')[0].replace(/\/+$/, '').split('/');
  return raw[raw.length - 1] ?? role;
}

/** Bug site (handlers/acl.ts getAcl): the ACL a GET answers. */
export function readBackAclRead(ctx: Ctx, acl: AclEntry[]): AclEntry[] {
  if (!ctx.app.bug('acl-read-stale-third') || nth(ctx.app, 'stale-acl-read') % 3 !== 0) return acl;
  const rec = ctx.app.store.get(ctx.params[0]);
  return (rec && aclOneBehind(rec)) ?? acl;
}

/** Bug site (app.ts readableEvent, after the read check passed): true when a buggy check refuses the caller. */
export function readBackUnreadable(ctx: Ctx, rec: EventRecord): boolean {
  if (!ctx.app.bug('auth-second-role-ignored') || ctx.caller.admin) return false;
  const first = [...ctx.caller.roles][0];
  return !rec.acl.some((e) => e.allow && e.action === 'read' && e.role === first);
}

/**
 * Exact-identity mutants (spec § Filters: "agent_id | Capture agent identifier";
 * § Access policy: DELETE "Removes that permission; other entries are unaffected"; § Metadata catalog: "flavor |
 * Unique type of the catalog", GET ?type= "200 with an array of metadata fields of that catalog"). Bug sites:
 * mutants/sites.ts (list filters, ACL removal, metadata type).
 */
export const EXACT_IDENTITY_MUTANTS = family({
  'filter-agent-id-prefix': {
    rule: 'events.list.filter.agent_id',
    description: 'agent_id:<v> lists every event whose capture agent starts with <v> (LIKE \'v%\'): agent_id:room1 also lists the events of room10.',
    since: '1.1.0',
  },
  'acl-remove-role-case': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} compares roles case-insensitively (a case-insensitive collation): removing role_user also removes the entry of ROLE_USER.',
  },
  'metadata-type-main-type': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=<flavor> falls back to an extra catalog of the same main type when the flavor is absent: type=license/series answers the fields of license/episode (instead of 404 for a catalog the event lacks).',
  },
});

/** A filter group of agent_id matched by prefix. */
export function identityFilter(ctx: Ctx, g: FilterGroup): FilterGroup {
  if (!ctx.app.bug('filter-agent-id-prefix') || g.name !== 'agent_id' || g.test) return g;
  const tests = g.values.map((val) => (v: EventView) => v.agentId !== '' && v.agentId.startsWith(val));
  const match = g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v));
  return { ...g, test: { label: 'agent-prefix', match } };
}

/** The entries a buggy DELETE /acl/{action}/{role} keeps. */
export function identityAclRest(ctx: Ctx, rec: EventRecord, action: string, role: string, rest: AclEntry[]): AclEntry[] {
  if (!ctx.app.bug('acl-remove-role-case')) return rest;
  return rec.acl.filter((e) => !(e.action === action && e.role.toLowerCase() === role.toLowerCase()));
}

/** The flavor a buggy GET /metadata?type= looks up. */
export function identityMetadataType(ctx: Ctx, rec: EventRecord, type: string): string {
  if (!ctx.app.bug('metadata-type-main-type') || type === EPISODE_FLAVOR || rec.extraCatalogs.has(type)) return type;
  const main = type.split('/')[0];
  return [...rec.extraCatalogs.keys()].find((f) => f.split('/')[0] === main) ?? type;
}

const UNKNOWN_204: Record<AclWrite, MutantName> = { put: 'acl-put-unknown-204', add: 'acl-add-unknown-204', remove: 'acl-remove-unknown-204' };
const STATUS_200: Record<AclWrite, MutantName> = { put: 'acl-put-status-200', add: 'acl-add-status-200', remove: 'acl-remove-status-200' };

function unknownEvent(ctx: Ctx): boolean {
  return !ctx.app.store.get(ctx.params[0]);
}

/** Bug site (hook aclRead.early): GET of an unknown event's ACL answers 200 []. */
export function aclGetUnknown(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  return reply ?? (ctx.app.bug('acl-get-unknown-200') && unknownEvent(ctx) ? json(200, []) : undefined);
}

/** Bug site (hook aclRead.body): entries shown without allow. */
export function aclGetNoAllow(ctx: Ctx, acl: object[]): object[] {
  return ctx.app.bug('acl-get-no-allow') ? (acl as AclEntry[]).map(({ action, role }) => ({ action, role })) : acl;
}

/** Bug site (hook aclRead.status): GET answers 201. */
export function aclGetStatus(ctx: Ctx, status: number): number {
  return ctx.app.bug('acl-get-status-201') ? 201 : status;
}

/** Bug sites (hook aclWrite.early): a write to an unknown event's ACL answers 204. */
export function aclWriteUnknown(ctx: Ctx, reply: Reply | undefined, endpoint: AclWrite): Reply | undefined {
  return reply ?? (ctx.app.bug(UNKNOWN_204[endpoint]) && unknownEvent(ctx) ? empty(204) : undefined);
}

/** Bug sites (hook aclWrite.status): a write answers 200. */
export function aclWriteStatus(ctx: Ctx, status: number, endpoint: AclWrite): number {
  return ctx.app.bug(STATUS_200[endpoint]) ? 200 : status;
}

/** Bug site (hook aclWrite.stored, first): PUT merges the ACL sent into the old one (entries it does not name stay). */
export function aclPutMerges(ctx: Ctx, sent: AclEntry[], rec: EventRecord): AclEntry[] {
  if (!ctx.app.bug('acl-put-merges')) return sent;
  return [...rec.acl.filter((o) => !sent.some((s) => s.action === o.action && s.role === o.role)), ...sent];
}

/** Bug site (hook aclWrite.addAllow): POST adds a deny entry. */
export function aclAddDeny(ctx: Ctx, allow: boolean): boolean {
  return allow && !ctx.app.bug('acl-add-deny');
}

/** Bug site (hook aclWrite.addReplaces): POST replaces the whole ACL. */
export function aclAddReplaces(ctx: Ctx, replaces: boolean): boolean {
  return replaces || ctx.app.bug('acl-add-replaces');
}

/** Bug site (hook aclWrite.removeSkipped): DELETE answers success and removes nothing. */
export function aclRemoveNoop(ctx: Ctx, skipped: boolean): boolean {
  return skipped || ctx.app.bug('acl-remove-noop');
}

/** Bug site (hook aclWrite.removed, first): DELETE removes every entry of the action. */
export function aclRemoveWholeAction(ctx: Ctx, rest: AclEntry[], rec: EventRecord, action: string): AclEntry[] {
  return ctx.app.bug('acl-remove-whole-action') ? rec.acl.filter((e) => e.action !== action) : rest;
}

/**
 * Access policy and access mutants written from the spec alone (spec § Access policy: "The existing ACL is
 * overwritten"; "Adds that permission; other entries are unaffected"; "Removes that permission; other entries are
 * unaffected"; § Authentication: "Each event has an ACL that maps actions to roles. Each user has roles").
 * Bug sites: handlers/acl.ts, app.ts readableEvent, and the list body (mutants/events.ts listBody).
 */
export const SPEC_ACL_MUTANTS = family({
  'acl-third-add-lost': {
    rule: 'acl.add.adds',
    description: 'Every third POST /acl/{action} on one event answers 204 but adds nothing.',
  },
  'acl-added-not-removable': {
    rule: 'acl.remove.removes',
    description: 'An entry added by POST /acl/{action} cannot be removed: DELETE /acl/{action}/{role} answers 404 for it (it lives in a separate list).',
  },
  'acl-add-replaces-role': {
    rule: 'acl.add.others-unaffected',
    description: 'POST /acl/{action} with role R replaces the entries R has for other actions (entries keyed by role).',
  },
  'acl-remove-whole-role': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} removes every entry of that role, for every action.',
  },
  'acl-put-deny-as-allow': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl stores entries sent with allow false as allow true (`allow || true`).',
  },
  'acl-put-truncated-10': {
    rule: 'acl.put.overwrites',
    description: 'PUT /acl keeps at most the first 10 entries of the sent ACL.',
  },
  'acl-read-flaky': {
    rule: 'acl.put.overwrites',
    description: 'Every second GET /acl answers from a replica one ACL change behind (the ACL before the event\'s last change).',
  },
  'auth-deny-grants-read': {
    rule: 'auth.acl-read',
    description: 'Reading one event checks only that a read entry names one of the caller\'s roles, not its allow: a denied role reads the event.',
  },
  'auth-list-cache-shared': {
    rule: 'auth.acl-list',
    description: 'GET /api/events answers from a cache keyed by the query only: a user gets the list computed for the previous caller of the same query.',
  },
});

/** Bug site (handlers/acl.ts getAcl): the ACL a GET answers. */
export function aclRead(ctx: Ctx, rec: EventRecord): AclEntry[] {
  // Counted per event, as for metadata-read-flaky.
  if (!ctx.app.bug('acl-read-flaky') || !everySecond(rec, 'acl-read')) return rec.acl;
  return aclBehind(rec) ?? rec.acl;
}

/** Bug site (handlers/acl.ts putAcl): the ACL a PUT stores. */
export function aclPutBugs(ctx: Ctx, sent: AclEntry[]): AclEntry[] {
  if (ctx.app.bug('acl-put-deny-as-allow')) return sent.map((e) => ({ ...e, allow: e.allow || true }));
  if (ctx.app.bug('acl-put-truncated-10')) return sent.slice(0, 10);
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
  if (bug('acl-third-add-lost') && nth(rec, 'acl-add') % 3 === 0) return true;
  if (bug('acl-added-not-removable')) {
    const set = added.get(rec) ?? new Set();
    set.add(key(action, role));
    added.set(rec, set);
  }
  if (bug('acl-add-replaces-role')) {
    rec.acl = [...rec.acl.filter((e) => e.role !== role), { allow, action, role }];
    ctx.app.store.commit(rec);
    return true;
  }
  return false;
}

/** Bug site (handlers/acl.ts removeAce): true when a buggy server does not find the entry. */
export function aclRemoveRefused(ctx: Ctx, rec: EventRecord, action: string, role: string): boolean {
  return ctx.app.bug('acl-added-not-removable') && (added.get(rec)?.has(key(action, role)) ?? false);
}

/** Bug site (handlers/acl.ts removeAce): the ACL left after a removal. */
export function aclRemoveBugs(ctx: Ctx, rec: EventRecord, rest: AclEntry[], role: string): AclEntry[] {
  return ctx.app.bug('acl-remove-whole-role') ? rec.acl.filter((e) => e.role !== role) : rest;
}

/** Bug site (app.ts readableEvent): read access as a server that ignores `allow` decides it. */
export function denyGrantsRead(ctx: Ctx, rec: EventRecord): boolean {
  return ctx.app.bug('auth-deny-grants-read') && rec.acl.some((e) => e.action === 'read' && ctx.caller.roles.has(e.role));
}

const listCache = new WeakMap<object, Map<string, string>>();

/** The list answer a cache keyed by the query alone (not the caller) gives; the store revision invalidates it. */
export function sharedListCache(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('auth-list-cache-shared')) return text;
  let m = listCache.get(ctx.app);
  if (!m) listCache.set(ctx.app, (m = new Map()));
  const k = `${ctx.app.store.rev}|${ctx.version}|${ctx.url.search}`;
  const hit = m.get(k);
  if (hit !== undefined) return hit;
  m.set(k, text);
  return text;
}
