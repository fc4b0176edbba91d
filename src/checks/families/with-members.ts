import type { CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { sameFieldValue } from '../field-value.js';
import { sameInstantAtAnyPrecision } from '../../spec/precision.js';

/**
 * The with* flags (spec § GET /api/events: "withacl | boolean | Include the ACL", "withmetadata | Include the
 * metadata catalogs", "withpublications | Include publication identifiers and URLs", "withscheduling | Include
 * scheduling information (version 1.1.0 and above)"; § GET /api/events/{event_id}: "with the same meanings").
 * "Names of the extra members that the with* flags add to the event object: not shown." So the check is
 * name-agnostic: some member of the event object must hold what the flag asks for, whatever its name.
 */

export type WithKind = 'acl' | 'metadata' | 'publications' | 'scheduling';

export interface WithParams {
  kind: WithKind;
  /** The event to look at (picked from a list by identifier). */
  id: string;
  /** acl: the entries the run set (each must be there; allow is compared only where the entry gives it). */
  acl?: { action: string; role: string; allow?: boolean }[];
  /** metadata: the event's title (the dublincore/episode catalog must carry it). */
  title?: string;
  /** metadata: another catalog the event has (flavor, field id → value): it must be included too. */
  catalog?: { flavor: string; values: Record<string, string | string[]> };
  /** scheduling: the agent and start the run scheduled. */
  agent?: string;
  start?: string;
  /** publications / scheduling: the event has none, so no member may hold one. */
  absent?: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a member's value is what the flag of `p.kind` asks for. */
export function holds(p: WithParams, v: unknown): boolean {
  switch (p.kind) {
    case 'acl':
      return Array.isArray(v) && v.length > 0 && v.every((e) => isObj(e) && typeof e.action === 'string' && typeof e.role === 'string')
        && (p.acl ?? []).every((want) => v.some((e) => e.action === want.action && e.role === want.role
          && (typeof want.allow !== 'boolean' || e.allow === want.allow)));
    case 'metadata':
      return Array.isArray(v) && hasCatalog(v, 'dublincore/episode', { title: p.title ?? '' })
        && (p.catalog === undefined || hasCatalog(v, p.catalog.flavor, p.catalog.values));
    case 'publications':
      return Array.isArray(v) && v.length > 0 && v.every((e) => isObj(e) && typeof e.id === 'string' && typeof e.url === 'string');
    case 'scheduling':
      return isObj(v) && v.agent_id === p.agent && sameInstantAtAnyPrecision(v.start, p.start ?? '');
  }
}

/** Whether a catalog list holds the catalog `flavor` with every field of `values` (field-value.ts comparison). */
function hasCatalog(list: unknown[], flavor: string, values: Record<string, string | string[]>): boolean {
  return list.some((c) => isObj(c) && c.flavor === flavor && Array.isArray(c.fields)
    && Object.entries(values).every(([id, want]) => (c.fields as unknown[]).some((f) => isObj(f) && f.id === id && sameFieldValue(want, f.value))));
}

/**
 * Whether publication_status names a channel other than `internal`: a server may name its internal archive
 * channel there yet leave it out of the publications it includes (docs/opencast-notes.md, with* member names:
 * "channel `internal` excluded"), so an event published only there cannot show a publication.
 */
export function isPublished(status: unknown): boolean {
  return Array.isArray(status) && status.some((c) => typeof c === 'string' && c !== 'internal');
}

const WHAT: Record<WithKind, string> = {
  acl: 'the ACL the run set (an array of {action, role})',
  metadata: 'the metadata catalogs (an array with the dublincore/episode catalog carrying the title, and the other catalog asked for)',
  publications: 'the publications (an array of objects with id and url)',
  scheduling: 'the scheduling information (an object with the agent_id and start the run scheduled)',
};

/** The event object of the step: the body itself, or the element of a list with the wanted identifier. */
function eventOf(body: unknown, id: string): Record<string, unknown> | string {
  if (Array.isArray(body)) {
    const ev = body.find((e) => isObj(e) && e.identifier === id);
    return isObj(ev) ? ev : `the list lacks the run event ${id}`;
  }
  if (!isObj(body)) return 'the body is not an event object';
  return body.identifier === id ? body : `the body is event ${JSON.stringify(body.identifier)}, not ${id}`;
}

/**
 * events.list.with* / events.get.with* (spec § GET /api/events: "withacl | boolean | Include the ACL", …): with the
 * flag, the event carries the content asked for. The members' names are not shown by the spec, so any member
 * holding it counts (the names seen are an observation).
 */
export const withMemberCheck: CheckDef = {
  name: 'with-member',
  doc: 'the event `id` (single body or list element) has some member holding what the with* flag `kind` includes (with `absent`: no member holds a publication / a schedule on `agent`)',
  params: {
    type: 'object',
    required: ['kind', 'id'],
    additionalProperties: false,
    properties: {
      kind: { enum: ['acl', 'metadata', 'publications', 'scheduling'] },
      id: { type: 'string' },
      acl: { type: 'array', minItems: 1, items: { type: 'object', required: ['action', 'role'], properties: { action: { type: 'string' }, role: { type: 'string' }, allow: { type: 'boolean' } } } },
      title: { type: 'string' },
      catalog: {
        type: 'object', required: ['flavor', 'values'], additionalProperties: false,
        properties: { flavor: { type: 'string' }, values: { type: 'object', minProperties: 1, additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } } },
      },
      skip: { type: 'string', description: 'a precondition the server does not meet (from an action value); non-empty = skip' },
      written: { type: 'string', description: 'acl: how the run wrote that ACL (e.g. "PUT /acl"), named in a failure' },
      setup: { description: 'the setup the judgement is built on (a placeholder such as "{{saved.acl}}"): a setup the server refused or never showed skips the check (the engine resolves it first); its value is not judged' },
      agent: { type: 'string' },
      start: { type: 'string' },
      absent: { type: 'boolean', description: 'publications or scheduling only: the event has none of that kind, so no member may hold any (another event\'s, in a list that mixes states)' },
    },
    allOf: [
      { if: { required: ['absent'], properties: { absent: { const: true } } }, then: { properties: { kind: { enum: ['publications', 'scheduling'] } } } },
      { if: { properties: { kind: { const: 'acl' } } }, then: { required: ['acl'] } },
      { if: { properties: { kind: { const: 'metadata' } } }, then: { required: ['title'] } },
      { if: { properties: { kind: { const: 'scheduling' } } }, then: { required: ['agent'] } },
      { if: { properties: { kind: { const: 'scheduling' } }, not: { required: ['absent'] } }, then: { required: ['start'] } },
    ],
  },
  run(ctx, raw): CheckVerdict {
    const p = raw as unknown as WithParams & { skip?: string };
    if (typeof p.skip === 'string' && p.skip !== '') return { pass: false, skip: p.skip, message: p.skip };
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) return { pass: false, message: `answered ${r.status}, not 200`, expected: 200, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (p.id === '') return { pass: false, skip: 'precondition: the run event could not be created', message: 'precondition' };
    const ev = eventOf(j.value, p.id);
    if (typeof ev === 'string') return { pass: false, message: ev };
    if (p.absent === true) return absentVerdict(p, ev);
    const found = Object.entries(ev).filter(([, v]) => holds(p, v)).map(([k]) => k);
    if (found.length > 0) return { pass: true, message: `member ${found.map((k) => JSON.stringify(k)).join(', ')} holds ${WHAT[p.kind]}`, actual: toJson(found) };
    if (p.kind === 'publications' && !isPublished(ev.publication_status)) {
      return { pass: false, skip: 'the event has no publication (publication_status names no public channel): the server did not publish it within --processing-timeout, so withpublications cannot be judged', message: 'precondition' };
    }
    const how = p.kind === 'acl' && typeof raw.written === 'string' && raw.written !== '' ? `, written with ${raw.written}` : '';
    return { pass: false, message: `no member of the event holds ${WHAT[p.kind]}${how}${p.kind === 'acl' ? allowOnly(p, ev) : ''}`, expected: WHAT[p.kind], actual: toJson(Object.keys(ev)) };
  },
};

/**
 * acl: where a member holds every (action, role) pair the run set but with another allow on some, a failure names
 * that member and each entry whose allow differs ("read ROLE_X sent allow false, read allow true", " / " between
 * entries), after the head: an expectation can name that one difference and any other stays new
 * (src/expectations/differences.ts). '' when no member holds every pair.
 */
function allowOnly(p: WithParams, ev: Record<string, unknown>): string {
  const pairsOnly: WithParams = { ...p, acl: (p.acl ?? []).map(({ action, role }) => ({ action, role })) };
  const member = Object.entries(ev).find(([, v]) => holds(pairsOnly, v));
  if (!member) return '';
  const got = member[1] as Record<string, unknown>[];
  const differing = (p.acl ?? []).filter((w) => typeof w.allow === 'boolean' && !got.some((e) => e.action === w.action && e.role === w.role && e.allow === w.allow))
    .map((w) => {
      const seen = got.filter((e) => e.action === w.action && e.role === w.role).map((e) => (typeof e.allow === 'boolean' ? `allow ${e.allow}` : 'no allow'));
      return `${w.action} ${w.role} sent allow ${w.allow}, read ${[...new Set(seen)].join(' and ')}`;
    });
  return `: member ${JSON.stringify(member[0])} holds its entries with another allow (${differing.join(' / ')})`;
}

/**
 * `absent`: the event has no publication (or no schedule), so with the flag no member may hold one; in a list that
 * mixes states a member that does was taken from another event. Publications: no member is a
 * non-empty array of objects with id and url (skipped when publication_status names a public channel: then the
 * event was published after all); scheduling: no member is an object whose agent_id is `agent` (the run's agent).
 */
function absentVerdict(p: WithParams & { absent?: boolean }, ev: Record<string, unknown>): CheckVerdict {
  const what = p.kind === 'publications' ? 'a publication' : `a schedule on ${p.agent ?? ''}`;
  const holding = Object.entries(ev).filter(([, v]) => (p.kind === 'publications'
    ? Array.isArray(v) && v.length > 0 && v.every((e) => isObj(e) && typeof e.id === 'string' && typeof e.url === 'string')
    : isObj(v) && v.agent_id === p.agent)).map(([k]) => k);
  if (holding.length === 0) return { pass: true, message: `no member holds ${what} (the event has none)` };
  if (p.kind === 'publications' && isPublished(ev.publication_status)) {
    return { pass: false, skip: 'precondition: the event was created without media, yet publication_status names a public channel', message: 'precondition' };
  }
  return {
    pass: false,
    message: `the event has no ${p.kind === 'publications' ? 'publication' : 'schedule'}, but member ${holding.map((k) => JSON.stringify(k)).join(', ')} holds ${what} (another event's)`,
    expected: `no ${p.kind}`, actual: toJson(Object.fromEntries(holding.map((k) => [k, ev[k]]))),
  };
}

export const WITH_CHECKS: CheckDef[] = [withMemberCheck];
