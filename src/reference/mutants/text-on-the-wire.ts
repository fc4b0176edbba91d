import type { Ctx } from '../app.js';
import type { FieldInput } from '../episode.js';
import type { FilterGroup } from '../list-params.js';
import { flagOn } from '../latitude/shape.js';
import { atLeast } from '../version.js';
import { family } from './types.js';

/**
 * Text on the wire: `+`, `%`, decomposed accents in path segments, query values and form fields, wrong in ONE view
 * or ONE endpoint only (the same text crosses the others intact).
 */
export const TEXT_ON_THE_WIRE_MUTANTS = family({
  'acl-add-role-plus-as-space': {
    rule: 'acl.add.adds',
    description: 'POST /api/events/{id}/acl/{action} reads a "+" in the form parameter role as a space (the decoded value is form-decoded again): role ROLE_A+B (sent as ROLE_A%2BB) adds an entry for "ROLE_A B"; PUT /acl and the create keep the "+".',
  },
  'acl-remove-role-decoded-twice': {
    rule: 'acl.remove.removes',
    description: 'DELETE /api/events/{id}/acl/{action}/{role} percent-decodes the role path segment twice: role "ROLE_100%41" (sent as ROLE_100%2541) is looked up as "ROLE_100A", nothing is removed and 204 is answered; roles without "%" are removed.',
  },
  'filter-title-value-decoded-twice': {
    rule: 'events.list.filter.title',
    description: 'filter=title:<v> percent-decodes the value once more after the query is decoded: title:50%2541 (the title "50%41") looks for "50A" and lists nothing; titles without "%" are found.',
    since: '1.1.0',
  },
  'list-row-title-composed': {
    rule: 'events.create.metadata',
    description: 'GET /api/events shows each title in Unicode composed form (NFC): a title sent decomposed ("Cafe\\u0301") is listed as "Caf\\u00e9", while GET /api/events/{id} and the metadata catalog show it as sent.',
  },
  'metadata-put-plus-as-space': {
    rule: 'metadata.put.applies',
    description: 'PUT /api/events/{id}/metadata reads a "+" in the values as a space (the form parameter is form-decoded twice): title "C++ basics" is stored as "C   basics"; create and update (multipart) keep the "+".',
  },
  'get-withmetadata-astral-replaced': {
    rule: 'events.get.withmetadata',
    description: 'GET /api/events/{id}?withmetadata=true shows each character outside the Basic Multilingual Plane in the catalogs as U+FFFD (a 3-byte UTF-8 column): a title holding U+1D11E shows U+FFFD in its place there, while the event\'s title member and GET …/metadata show it as sent.',
  },
});

// --- get-withmetadata-astral-replaced (hook eventBody.body) -------------------------------------------------------

const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;
const replaceAstral = (v: unknown): unknown => (typeof v === 'string' ? v.replace(ASTRAL, '\uFFFD') : Array.isArray(v) ? v.map(replaceAstral) : v);

/** Bug site (handlers/event.ts GET, the body text): astral characters of the withmetadata catalogs replaced. */
export function textGetBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('get-withmetadata-astral-replaced') || !flagOn(ctx.app, ctx.url.searchParams.get('withmetadata'))) return text;
  const o = JSON.parse(text) as Record<string, unknown>;
  for (const key of ['metadata', 'withmetadata']) {
    if (!Array.isArray(o[key])) continue;
    o[key] = (o[key] as Record<string, unknown>[]).map((c) => ({
      ...c,
      fields: Array.isArray(c.fields) ? (c.fields as Record<string, unknown>[]).map((f) => ({ ...f, value: replaceAstral(f.value) })) : c.fields,
    }));
  }
  return JSON.stringify(o);
}

// --- acl-add-role-plus-as-space (hook aclWrite.addRole) -----------------------------------------------------------

/** Bug site (handlers/acl.ts POST, the role read): "+" as space. */
export function textAddRole(ctx: Ctx, role: string | undefined): string | undefined {
  return role !== undefined && ctx.app.bug('acl-add-role-plus-as-space') ? role.replace(/\+/g, ' ') : role;
}

// --- acl-remove-role-decoded-twice (hook aclWrite.removeRole) -----------------------------------------------------

/** Bug site (handlers/acl.ts DELETE, the role path segment as decoded by the router): decoded again. */
export function textRemoveRole(ctx: Ctx, role: string): string {
  if (!ctx.app.bug('acl-remove-role-decoded-twice') || !role.includes('%')) return role;
  try {
    return decodeURIComponent(role);
  } catch {
    return role;
  }
}

// --- filter-title-value-decoded-twice (hook listFilters.groups) ---------------------------------------------------

/** Bug site (handlers/list.ts, the parsed filter groups): title values decoded once more. */
export function textFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('filter-title-value-decoded-twice') || !atLeast(ctx.version, '1.1.0')) return groups;
  return groups.map((g) => {
    if (g.name !== 'title' || g.test) return g;
    return {
      ...g,
      values: g.values.map((v) => {
        try {
          return decodeURIComponent(v);
        } catch {
          return v;
        }
      }),
    };
  });
}

// --- list-row-title-composed (hook listBody) ----------------------------------------------------------------------

/** Bug site (handlers/list.ts, the list body text): titles composed (NFC). */
export function textListBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('list-row-title-composed')) return text;
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) return text;
  for (const row of rows as Record<string, unknown>[]) if (typeof row.title === 'string') row.title = row.title.normalize('NFC');
  return JSON.stringify(rows);
}

// --- metadata-put-plus-as-space (hook writeInput) ---------------------------------------------------------

const plusToSpace = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/\+/g, ' ') : Array.isArray(v) ? v.map(plusToSpace) : v);

/** Bug site (handlers/metadata.ts PUT, the fields to apply): "+" in the values read as spaces. */
export function textPutFields(ctx: Ctx, fields: FieldInput[]): FieldInput[] {
  if (!ctx.app.bug('metadata-put-plus-as-space')) return fields;
  return fields.map((f) => ({ ...f, value: plusToSpace(f.value) }));
}
