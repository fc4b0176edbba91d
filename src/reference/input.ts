import { badRequest, type AclEntry, type Processing } from './types.js';

/** Validation of the JSON parameters (spec § Conventions: "Parameters of type acl, catalogs, values and processing carry JSON text"). */

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses JSON text of a part or form parameter; 400 naming the parameter when it is not JSON. */
export function parseJsonParam(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(`parameter '${name}' is not valid JSON`);
  }
}

function parseAllow(v: unknown, where: string, dflt: boolean | 'required'): boolean {
  if (v === undefined || v === null) {
    if (dflt === 'required') throw badRequest(`${where}: 'allow' is required`);
    return dflt;
  }
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw badRequest(`${where}: 'allow' must be a boolean`);
}

/**
 * An ACL (spec § Access control list entry); `allow` optional, default true (docs/opencast-notes.md) unless
 * `dflt` says otherwise (latitude choices acl-allow-default, put-acl-allow).
 */
export function parseAcl(v: unknown, name: string, dflt: boolean | 'required' = true): AclEntry[] {
  if (!Array.isArray(v)) throw badRequest(`parameter '${name}' must be a JSON array of ACL entries`);
  return v.map((e, i) => {
    const where = `parameter '${name}' entry ${i}`;
    if (!isObject(e)) throw badRequest(`${where} must be an object with action and role`);
    const { action, role } = e;
    if (typeof action !== 'string' || action.trim() === '') throw badRequest(`${where}: 'action' must be a non-empty string`);
    if (typeof role !== 'string' || role.trim() === '') throw badRequest(`${where}: 'role' must be a non-empty string`);
    return { allow: parseAllow(e.allow, where, dflt), action, role };
  });
}

/** Processing instructions (spec § Processing instructions): {workflow, configuration}. */
export function parseProcessing(v: unknown): Processing {
  if (!isObject(v)) throw badRequest(`parameter 'processing' must be a JSON object`);
  const out: Processing = {};
  if (v.workflow !== undefined && v.workflow !== null) {
    if (typeof v.workflow !== 'string') throw badRequest(`parameter 'processing': 'workflow' must be a string`);
    out.workflow = v.workflow;
  }
  if (v.configuration !== undefined && v.configuration !== null) {
    if (!isObject(v.configuration)) throw badRequest(`parameter 'processing': 'configuration' must be an object`);
    out.configuration = { ...v.configuration };
  }
  return out;
}

/** A boolean query/form flag: true only for `true` (any case) or `1`. */
export function isTrue(v: string | null | undefined): boolean {
  if (v === null || v === undefined) return false;
  const s = v.trim().toLowerCase();
  return s === 'true' || s === '1';
}

/** A flavor `type/subtype`. */
export function isFlavor(s: string): boolean {
  return /^[^/\s]+\/[^/\s]+$/.test(s);
}
