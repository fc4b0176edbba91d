import type { Ctx } from '../app.js';
import type { FilterGroup } from '../list-params.js';
import type { AclEntry, EventRecord } from '../types.js';
import { EPISODE_FLAVOR } from '../episode.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Exact-identity mutants of the fourth spec-only round (spec § Filters: "agent_id | Capture agent identifier";
 * § Access policy: DELETE "Removes that permission; other entries are unaffected"; § Metadata catalog: "flavor |
 * Unique type of the catalog", GET ?type= "200 with an array of metadata fields of that catalog"). Bug sites:
 * mutants/spec4-sites.ts (list filters, ACL removal, metadata type).
 */
export const SPEC4_IDENTITY_MUTANTS = family({
  'spec4-filter-agent-id-prefix': {
    rule: 'events.list.filter.agent_id',
    description: 'agent_id:<v> lists every event whose capture agent starts with <v> (LIKE \'v%\'): agent_id:room1 also lists the events of room10.',
    since: '1.1.0',
  },
  'spec4-acl-remove-role-case': {
    rule: 'acl.remove.others-unaffected',
    description: 'DELETE /acl/{action}/{role} compares roles case-insensitively (a case-insensitive collation): removing role_user also removes the entry of ROLE_USER.',
  },
  'spec4-metadata-type-main-type': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type=<flavor> falls back to an extra catalog of the same main type when the flavor is absent: type=license/series answers the fields of license/episode (instead of 404 for a catalog the event lacks).',
  },
});

/** A filter group of agent_id matched by prefix. */
export function identityFilter(ctx: Ctx, g: FilterGroup): FilterGroup {
  if (!ctx.app.bug('spec4-filter-agent-id-prefix') || g.name !== 'agent_id' || g.test) return g;
  const tests = g.values.map((val) => (v: EventView) => v.agentId !== '' && v.agentId.startsWith(val));
  const match = g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v));
  return { ...g, test: { label: 'agent-prefix', match } };
}

/** The entries a buggy DELETE /acl/{action}/{role} keeps. */
export function identityAclRest(ctx: Ctx, rec: EventRecord, action: string, role: string, rest: AclEntry[]): AclEntry[] {
  if (!ctx.app.bug('spec4-acl-remove-role-case')) return rest;
  return rec.acl.filter((e) => !(e.action === action && e.role.toLowerCase() === role.toLowerCase()));
}

/** The flavor a buggy GET /metadata?type= looks up. */
export function identityMetadataType(ctx: Ctx, rec: EventRecord, type: string): string {
  if (!ctx.app.bug('spec4-metadata-type-main-type') || type === EPISODE_FLAVOR || rec.extraCatalogs.has(type)) return type;
  const main = type.split('/')[0];
  return [...rec.extraCatalogs.keys()].find((f) => f.split('/')[0] === main) ?? type;
}
