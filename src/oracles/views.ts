/**
 * Comparing two views of one event (a list row and the single GET, a with* member and its sub-resource). Pure
 * functions, no I/O: the oracles (list-rows.ts) read, these judge. Every comparison is one a conformant server passes
 * whatever legal choice it made: arrays compare as multisets (no order is promised anywhere for members, entries,
 * catalogs or fields), datetimes as instants to the second (the spec gives datetimes no precision), and only what
 * both views show is compared (the names of the with* members are "not shown", and a server may show a subset).
 */

/** The with* flags (spec § GET /api/events: withacl, withmetadata, withpublications, withscheduling from 1.1.0). */
export type WithFlag = 'acl' | 'metadata' | 'publications' | 'scheduling';

export const WITH_FLAGS: readonly WithFlag[] = ['acl', 'metadata', 'publications', 'scheduling'];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An ISO-8601 datetime with a time of day (what the spec calls datetime), so text like a title never parses as one. */
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Canonical text of a value: objects by sorted keys, arrays as sorted multisets, datetimes as whole seconds. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).sort().join(',')}]`;
  if (isObj(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  if (typeof v === 'string' && DATETIME.test(v)) {
    const ms = Date.parse(v);
    if (!Number.isNaN(ms)) return `@${Math.floor(ms / 1000)}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

/** Whether two values agree as views of one thing (canonical text equal). */
export function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Members an object with a flag has beyond the same object without flags (the with* member(s), whatever their names). */
export function addedMembers(withFlag: Record<string, unknown>, plain: Record<string, unknown>): string[] {
  return Object.keys(withFlag).filter((k) => !(k in plain));
}

/** The members of `a` and `b` that differ, among those both show (`skip` left out). */
export function differingMembers(a: Record<string, unknown>, b: Record<string, unknown>, skip: ReadonlySet<string> = new Set()): string[] {
  return Object.keys(a).filter((k) => k in b && !skip.has(k) && !same(a[k], b[k]));
}

/**
 * Members whose values may legally change between two reads a moment apart: while an event is processing, its state
 * and what processing produces (publications, previews, the archive version). Compared only once both reads show a
 * state past processing.
 */
export const PROCESSING_MEMBERS: ReadonlySet<string> = new Set(['processing_state', 'publication_status', 'has_previews', 'archive_version', 'status']);

/** Whether an event object shows processing in progress (spec § States and transitions: RUNNING, PAUSED, FAILING). */
export function processing(ev: Record<string, unknown>): boolean {
  return ev.processing_state === 'RUNNING' || ev.processing_state === 'PAUSED' || ev.processing_state === 'FAILING';
}

/** ACL entries as a set of action/role (allow where given): duplicates may be kept or merged (not shown). */
function aclKeys(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const keys = v.map((e) => (isObj(e) ? `${String(e.action)}\u0000${String(e.role)}\u0000${typeof e.allow === 'boolean' ? e.allow : 'true'}` : canonical(e)));
  return [...new Set(keys)].sort();
}

/** Publication ids (entries on channel `internal` left out: a server may leave its archive channel out of one view). */
function publicationIds(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter((p) => !(isObj(p) && p.channel === 'internal')).map((p) => (isObj(p) ? String(p.id) : canonical(p))).sort();
}

/** Catalogs by flavor, each a map field id → value. */
function catalogMap(v: unknown): Map<string, Map<string, unknown>> | undefined {
  if (!Array.isArray(v)) return undefined;
  const out = new Map<string, Map<string, unknown>>();
  for (const c of v) {
    if (!isObj(c) || typeof c.flavor !== 'string' || !Array.isArray(c.fields)) continue;
    const fields = new Map<string, unknown>();
    for (const f of c.fields) if (isObj(f) && typeof f.id === 'string') fields.set(f.id, f.value);
    out.set(c.flavor, fields);
  }
  return out;
}

/** A sub-resource as read: its status and parsed body (undefined where it is not JSON). */
export interface SubRead {
  status?: number;
  body?: unknown;
}

/**
 * Why the with* member `member` (the value a flag added) disagrees with the event's sub-resource, or undefined. Only
 * what both show is compared: the ACL as a set, publications by identifier, catalogs by flavor and field id, the
 * schedule by agent, start and end (a 204 "not scheduled" against a member that names an agent).
 */
export function memberVersusResource(flag: WithFlag, member: unknown, sub: SubRead): string | undefined {
  if (sub.status !== 200 && !(flag === 'scheduling' && sub.status === 204)) return undefined;
  switch (flag) {
    case 'acl': {
      const a = aclKeys(member);
      const b = aclKeys(sub.body);
      return a && b && a.join('\n') !== b.join('\n') ? 'its entries are not those of GET …/acl' : undefined;
    }
    case 'publications': {
      const a = publicationIds(member);
      const b = publicationIds(sub.body);
      return a && b && a.join('\n') !== b.join('\n') ? `it names publications ${JSON.stringify(a)}, GET …/publications ${JSON.stringify(b)}` : undefined;
    }
    case 'metadata': {
      const a = catalogMap(member);
      const b = catalogMap(sub.body);
      if (!a || !b) return undefined;
      for (const [flavor, fields] of a) {
        const other = b.get(flavor);
        if (!other) continue;
        for (const [id, value] of fields) {
          if (other.has(id) && !same(value, other.get(id))) return `field ${id} of catalog ${flavor} is ${JSON.stringify(value)}, GET …/metadata shows ${JSON.stringify(other.get(id))}`;
        }
      }
      return undefined;
    }
    case 'scheduling': {
      if (sub.status === 204) return isObj(member) && typeof member.agent_id === 'string' ? 'it shows a schedule, GET …/scheduling answers 204 (not scheduled)' : undefined;
      if (!isObj(sub.body)) return undefined;
      if (!isObj(member)) return 'it shows no schedule, GET …/scheduling shows one';
      for (const k of ['agent_id', 'start', 'end'] as const) {
        if (k in member && k in sub.body && !same(member[k], sub.body[k])) return `its ${k} is ${JSON.stringify(member[k])}, GET …/scheduling shows ${JSON.stringify(sub.body[k])}`;
      }
      if (Array.isArray(member.inputs) && Array.isArray(sub.body.inputs) && !same([...new Set(member.inputs)], [...new Set(sub.body.inputs)])) return 'its inputs are not those of GET …/scheduling';
      return undefined;
    }
  }
}

/** The query parameter of a flag. */
export function flagParam(flag: WithFlag): string {
  return `with${flag}`;
}
