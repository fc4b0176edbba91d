import type { CreateSpec, Reply } from './api.js';
import { EPISODE } from './api.js';
import type { CaseKit } from './case.js';
import { excerpt, firstFailing, isBroken, jsonTypeIs, statusIs } from './expect.js';
import { broken, type Broken, type Verdict } from './verdict.js';
import { evconfField } from '../core/capabilities.js';
import { waitOptions, waitProcessed } from '../core/readiness.js';
import { judgeBy } from './judge.js';

const SCHEDULING_SHAPE = judgeBy('scheduling-shape');

/**
 * Reads and preconditions of the generated stages. A read that fails (status other than 200, a body of the wrong
 * shape) breaks the rule of that read (events.get.status, acl.get.schema …), not the rule the caller checks: so
 * every fault is reported under the rule it breaks. Content comparisons are the callers'.
 */

/** 200 (`status`) and a JSON `type` body (`json-type`), both under `rule` unless `typeRule` names the body's. */
function is200(kit: CaseKit, r: Reply, type: 'array' | 'object', rule: string, what: string, typeRule = rule): Verdict {
  return firstFailing(statusIs(kit.env, r, [200], rule, what), () => jsonTypeIs(kit.env, r, type, typeRule, what));
}

/** Options of readList. */
export interface ListRead {
  /** No event is expected: a 404 then breaks events.list.empty ("The array may be empty"). */
  emptyExpected?: boolean;
  /** The query is valid: a 4xx/5xx refusal breaks this rule (e.g. the filter's own rule). */
  refusalRule?: string;
}

/**
 * GET /api/events?…: 200 and a JSON array (events.list.status, events.list.array). A transport failure fails the
 * list rule with the error as evidence (ARCHITECTURE.md, principle 4): no response → events.list.status, a broken body →
 * events.list.array. A long but complete body is parsed whole by the client (only its evidence is cut).
 */
export async function readList(kit: CaseKit, query: Record<string, string | undefined>, o: ListRead = {}): Promise<unknown[] | Broken> {
  const r = await kit.api.list(query);
  const what = `GET /api/events?${new URLSearchParams(query as Record<string, string>).toString()}`;
  if (r.status === 404 && o.emptyExpected) return broken('events.list.empty', `${what} answered 404 where no event matches`, { status: 200, body: [] }, { status: 404 });
  if (o.refusalRule && r.status !== undefined && r.status >= 400) return broken(o.refusalRule, `${what} was refused with ${r.status}`, { status: 200 }, { status: r.status, body: excerpt(r) });
  const e = r.ex.error;
  if (e) {
    const rule = r.ex.response ? 'events.list.array' : 'events.list.status';
    return broken(rule, `${what}: transport error (${e.code}): ${e.message}`, 'a complete JSON array', { transportError: e.code });
  }
  const s = is200(kit, r, 'array', 'events.list.status', what, 'events.list.array');
  return s.ok ? (r.body as unknown[]) : (s as Broken);
}

/** Identifiers of a list body. */
export function listIds(list: unknown[]): string[] {
  return list.map((e) => (e as { identifier?: unknown })?.identifier).map((x) => (typeof x === 'string' ? x : '?'));
}

/** GET /api/events/{id}: 200 and an object (events.get.status). */
export async function readEventReply(kit: CaseKit, id: string): Promise<Reply | Broken> {
  const r = await kit.api.get(id);
  const s = is200(kit, r, 'object', 'events.get.status', 'GET /api/events/{id}');
  return s.ok ? r : (s as Broken);
}

/** readEventReply's event object. */
export async function readEvent(kit: CaseKit, id: string): Promise<Record<string, unknown> | Broken> {
  const r = await readEventReply(kit, id);
  return isBroken(r) ? r : (r.body as Record<string, unknown>);
}

/** GET /metadata?type=<flavor>: 200 and an array of fields with ids (metadata.get-type.status, metadata.get-type.values). */
export async function readCatalog(kit: CaseKit, id: string, flavor = EPISODE): Promise<Reply | Broken> {
  const r = await kit.api.catalog(id, flavor);
  const what = `GET /api/events/{id}/metadata?type=${flavor}`;
  const s = is200(kit, r, 'array', 'metadata.get-type.status', what, 'metadata.get-type.values');
  if (!s.ok) return s as Broken;
  // Fields need an id to be read by it (no registry check says just that; the shape metadata-field-list asks more).
  const ok = (r.body as unknown[]).every((f) => typeof (f as { id?: unknown })?.id === 'string');
  return ok ? r : broken('metadata.get-type.values', `${what}: the body is not an array of metadata fields`, 'an array of {id, value, …}', excerpt(r));
}

/** readCatalog as a map field id (evconf's names) → value. */
export async function readEpisode(kit: CaseKit, id: string, flavor = EPISODE): Promise<Map<string, unknown> | Broken> {
  const r = await readCatalog(kit, id, flavor);
  return isBroken(r) ? r : ownNames(kit, fieldMap(r.body as unknown[]));
}

/** Field ids as evconf names them (config fieldIds maps evconf's names to the server's). */
function ownNames(kit: CaseKit, m: Map<string, unknown>): Map<string, unknown> {
  if (!kit.env.caps || Object.keys(kit.env.caps.fieldIds).length === 0) return m;
  return new Map([...m].map(([k, v]) => [evconfField(kit.env.caps, k), v]));
}

/** GET /scheduling: 200 (scheduling.get.status) and the shape scheduling (scheduling.get.schema, check scheduling-shape). */
export async function readScheduling(kit: CaseKit, id: string): Promise<{ agent_id: string; start: string; end: string; reply: Reply } | Broken> {
  const r = await kit.api.scheduling(id);
  const what = 'GET /api/events/{id}/scheduling';
  const s = firstFailing(statusIs(kit.env, r, [200], 'scheduling.get.status', what), () => SCHEDULING_SHAPE(kit.env, r, 'scheduling.get.schema', {}, what));
  if (!s.ok) return s as Broken;
  const b = r.body as { agent_id: string; start: string; end: string };
  return { agent_id: b.agent_id, start: b.start, end: b.end, reply: r };
}

/**
 * Creates an event a check needs; any 2xx with an identifier will do (the status is the scenarios' business).
 * A 409 for a schedule the run keeps disjoint breaks events.create.no-conflict; other refusals events.create.status.
 */
export async function mustCreate(kit: CaseKit, spec: CreateSpec): Promise<string | Broken> {
  const ids = await mustCreateAll(kit, [spec]);
  return isBroken(ids) ? ids : ids[0];
}

/**
 * mustCreate for several events: the creates are sent one after the other (creation order stays
 * the order given: the sort and paging data depend on it) and then awaited together, readable and, where media
 * was uploaded, processed, instead of one wait after each create. The identifiers in the order of `specs`.
 */
export async function mustCreateAll(kit: CaseKit, specs: readonly CreateSpec[]): Promise<string[] | Broken> {
  const made: Created[] = [];
  for (const spec of specs) {
    const c = await sendCreate(kit, spec);
    if (isBroken(c)) return c;
    made.push(c);
  }
  await Promise.all(made.map((c) => untilReady(kit, c)));
  return made.map((m) => m.id);
}

/** An event a check created: its identifier, and whether evconf uploaded media for it. */
export interface Created {
  id: string;
  media: boolean;
}

/** POST /api/events for an event a check needs: the event named, or the rule its refusal breaks. */
export async function sendCreate(kit: CaseKit, spec: CreateSpec): Promise<Created | Broken> {
  const r = await kit.api.create(spec);
  if (r.ids.length > 0) return { id: r.ids[0], media: r.media };
  if (r.status === 409 && spec.scheduling) {
    return broken('events.create.no-conflict', 'a schedule disjoint from every other of its capture agent was refused with 409', { status: 201, scheduling: spec.scheduling }, { status: 409, body: excerpt(r) });
  }
  const s = statusIs(kit.env, r, [201], 'events.create.status', 'creating an event the check needs (POST /api/events)');
  return s.ok ? broken('events.create.status', 'POST /api/events answered 201 but named no identifier') : s;
}

/** Waits until a created event reads, and where media was uploaded, until its processing is over. */
export async function untilReady(kit: CaseKit, c: Created): Promise<void> {
  // Readable before the check reads it (an index may lag); if it never is, the reads say which rule breaks.
  await kit.visible(c.id);
  // An event evconf uploaded media for is changed only once its processing is over (src/core/probe.ts).
  if (c.media) await waitProcessed(kit.env.clients.admin, c.id, kit.env.config.processingTimeoutMs ?? kit.env.config.settleMs, waitOptions(kit.env));
}

export { isBroken };

/** Metadata fields (GET /metadata?type=…: "an array of metadata fields") as a map id → value. */
function fieldMap(fields: unknown[]): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const f of fields) {
    if (f && typeof f === 'object' && typeof (f as { id?: unknown }).id === 'string') m.set((f as { id: string }).id, (f as { value?: unknown }).value);
  }
  return m;
}

