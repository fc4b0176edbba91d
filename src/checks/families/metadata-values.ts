import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { excerpt, isVerdict, jsonOrFail, listedEvent, responseOrFail, toJson } from '../evidence.js';
import { instant } from '../../spec/datetime.js';
import { PRECISION_QUESTION, PrecisionJudge, matchWindow } from '../../spec/precision.js';
import { inRange } from '../../spec/versions.js';
import { FIELD_MEMBERS } from './events.js';
import { unpublished } from './publications.js';

/**
 * Checks of values a server shows where they do not belong: members confined to another response, members that
 * must stay empty (no stand-in from another field), the start as a pair startDate/startTime, a flavor that only looks
 * like a catalog the event has, and the occurrences of an rrule left after a write to one of them.
 */

const skip = (why: string): CheckVerdict => ({ pass: false, skip: why, message: why });

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** spec § Publication: media, attachments and metadata are "Only in the single-publication response". */
const SINGLE_ONLY = ['media', 'attachments', 'metadata'] as const;

/**
 * publications.list.schema: spec § Publication, "media | array[track] | Only in the single-publication response" (and
 * attachments, metadata likewise); § Publications: the list is "200 with an array of publications (id, channel,
 * mediatype, url)". Other extra members are accepted; these three are confined to GET …/publications/{id}.
 */
export const publicationListSummaryCheck: CheckDef = {
  name: 'publication-list-summary',
  doc: 'once the event is published, the publication list is an array none of whose items carries media, attachments or metadata (members "Only in the single-publication response")',
  params: {
    type: 'object', required: ['published'], additionalProperties: false,
    properties: { published: { description: 'the saved value of the action await-media-published' } },
  },
  run(ctx, p) {
    const why = unpublished(p.published);
    if (why) return skip(why);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'the publication list is not an array', actual: toJson(j.value) };
    const bad = j.value.flatMap((item, i) => (isRecord(item) ? SINGLE_ONLY.filter((m) => m in item).map((m) => `item ${i} (${String(item.id)}) has ${m}`) : []));
    return bad.length === 0
      ? { pass: true, message: `${j.value.length} publications, none with media, attachments or metadata` }
      : {
        pass: false,
        message: `the list carries members the spec gives "Only in the single-publication response": ${bad.slice(0, 6).join('; ')}`,
        expected: 'items without media, attachments, metadata', actual: toJson(j.value.slice(0, 3)),
      };
  },
};

/** An empty value of a member: "", [], null or the member left out. */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The event judged: the single body, or (with `id`) the list item with that identifier. */
function eventOf(ctx: CheckContext, id: unknown): Record<string, unknown> | CheckVerdict {
  const j = jsonOrFail(ctx);
  if (isVerdict(j)) return j;
  if (typeof id === 'string') {
    if (!Array.isArray(j.value)) return { pass: false, message: 'the list body is not an array', actual: toJson(j.value) };
    const listed = listedEvent(j.value, id);
    return isVerdict(listed) ? listed : listed.item;
  }
  if (!isRecord(j.value)) return { pass: false, message: 'the body is not an event object', actual: toJson(j.value) };
  return j.value;
}

/**
 * events.create.metadata: spec § Event, "A field marked * is a metadata field of the catalog with flavor
 * dublincore/episode". A field the event was created without has no value, so its member is empty: not the value of
 * another field (description from the title, contributors from the presenters).
 */
export const eventMembersEmptyCheck: CheckDef = {
  name: 'event-members-empty',
  doc: 'the event (single body, or the list item `id`) shows the members of the dublincore/episode fields `fields` (ids as sent) empty: "", [], null or left out',
  params: {
    type: 'object', required: ['fields'], additionalProperties: false,
    properties: { fields: { type: 'array', minItems: 1, items: { type: 'string' } }, id: { type: 'string' } },
  },
  run(ctx, p) {
    const ev = eventOf(ctx, p.id);
    if (isVerdict(ev)) return ev;
    const members = (p.fields as string[]).flatMap((f) => FIELD_MEMBERS.filter((d) => d.field === f && inRange(ctx.version, d.since, d.until)).map((d) => d.member));
    if (members.length === 0) return skip(`no field of ${(p.fields as string[]).join(', ')} is an event member in ${ctx.version}`);
    const filled = members.filter((m) => !isEmpty(ev[m]));
    return filled.length === 0
      ? { pass: true, message: `members ${members.join(', ')} are empty, as the fields were never set` }
      : {
        pass: false,
        message: `the event was created without ${filled.join(', ')}, but shows a value there: ${filled.map((m) => `${m} ${JSON.stringify(ev[m])}`).join('; ')}`,
        expected: toJson(Object.fromEntries(members.map((m) => [m, '']))), actual: toJson(Object.fromEntries(members.map((m) => [m, ev[m] ?? 'missing']))),
      };
  },
};

const EPISODE = 'dublincore/episode';

/** The field list of dublincore/episode in a body: the body itself (GET ?type=) or that catalog of a catalog list. */
function episodeFields(body: unknown): unknown[] | undefined {
  if (!Array.isArray(body)) return undefined;
  if (body.some((x) => isRecord(x) && Array.isArray(x.fields))) {
    const c = body.find((x) => isRecord(x) && x.flavor === EPISODE);
    return isRecord(c) && Array.isArray(c.fields) ? c.fields : undefined;
  }
  return body;
}

/**
 * The start a catalog holds: startDate (format date) + startTime (format time with UTC designator), spec § Metadata
 * field. Seconds and fractions are optional (servers show HH:MM, HH:MM:SS or HH:MM:SS.sss); the designator is Z (or
 * +00:00). Undefined, with why, when the fields are not there or not in those formats.
 */
export function catalogStart(fields: unknown[]): { ms: number } | { why: string } {
  const value = (id: string) => (fields.find((f) => isRecord(f) && f.id === id) as { value?: unknown } | undefined)?.value;
  const date = value('startDate');
  const time = value('startTime');
  if (typeof date !== 'string' || typeof time !== 'string') return { why: `the catalog shows no startDate and startTime strings (startDate ${JSON.stringify(date ?? null)}, startTime ${JSON.stringify(time ?? null)})` };
  const d = /^(\d{4}-\d{2}-\d{2})$/.exec(date.trim());
  const t = /^(\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(?:Z|\+00:?00)$/i.exec(time.trim());
  if (!d || !t) return { why: `startDate ${JSON.stringify(date)} / startTime ${JSON.stringify(time)} are not a date and a UTC time` };
  const ms = Date.parse(`${d[1]}T${t[1]}${t[2] ?? ':00'}Z`);
  return Number.isNaN(ms) ? { why: `startDate ${date} startTime ${time} is no instant` } : { ms };
}

/**
 * metadata.put.unsent-unchanged ("Fields not included are not updated") and events.update.metadata (the update's
 * catalog applied as sent): the start is two fields, startDate and startTime; a write of one keeps the other. The
 * catalog read back holds the start `at` (the part written with the part not written, as before). A write the server
 * refused (`writeStatus` not 2xx) is judged by its own rules: skipped here.
 */
export const catalogStartIsCheck: CheckDef = {
  name: 'catalog-start-is',
  doc: 'the dublincore/episode field list (or that catalog of a catalog list) holds startDate + startTime = the instant `at`; skipped when `writeStatus` is not 2xx or the catalog shows no start fields',
  params: {
    type: 'object', required: ['at'], additionalProperties: false,
    properties: { at: { type: 'string' }, writeStatus: { description: 'the status of the write this read judges' } },
  },
  run(ctx, p) {
    const ws = Number(p.writeStatus);
    if (p.writeStatus !== undefined && !(ws >= 200 && ws < 300)) return skip(`precondition: the write this read judges answered ${String(p.writeStatus)} (judged by its own rules)`);
    const want = instant(p.at);
    if (want === undefined) throw new Error(`check parameter "at" is not a date-time: ${String(p.at)}`);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const fields = episodeFields(j.value);
    if (!fields) return { pass: false, message: 'the body is not a field list (nor a catalog list with dublincore/episode)', actual: toJson(j.value) };
    const s = catalogStart(fields);
    if ('why' in s) return skip(`precondition: ${s.why}`);
    const got = new Date(s.ms).toISOString();
    const show = (id: string) => (fields.find((f) => isRecord(f) && f.id === id) as { value?: unknown } | undefined)?.value;
    return new PrecisionJudge(ctx.readings?.get(PRECISION_QUESTION)).same(got, want)
      ? { pass: true, message: `startDate/startTime hold ${got}` }
      : { pass: false, message: `startDate/startTime hold ${got}, expected ${String(p.at)}: the part not written changed`, expected: String(p.at), actual: toJson({ startDate: show('startDate'), startTime: show('startTime') }) };
  },
};

/** Every string in a JSON value. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (isRecord(v)) return Object.values(v).flatMap(strings);
  return [];
}

/**
 * metadata.get-type.values: spec § Metadata, GET ?type "200 with an array of metadata fields of that catalog; 404";
 * § Metadata catalog: "flavor | Unique type of the catalog". Asked for a flavor the event lacks that looks like one it
 * has (same main type, another subtype), the answer is a refusal (4xx: no such catalog) or a field list of that
 * flavor, which holds none of the values (`values`) of the catalog it only looks like.
 */
export const noForeignValuesCheck: CheckDef = {
  name: 'no-foreign-values',
  doc: 'the answer is a 4xx, or a 2xx whose body holds none of `values` (the values of another catalog)',
  params: {
    type: 'object', required: ['values'], additionalProperties: false,
    properties: { values: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } } },
  },
  run(ctx, p) {
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status >= 400 && r.status < 500) return { pass: true, message: `answered ${r.status}: no such catalog` };
    if (r.status < 200 || r.status >= 300) return { pass: false, message: `answered ${r.status}, neither the catalog's fields nor a refusal: ${excerpt(r.body, 200)}`, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const values = p.values as string[];
    const found = values.filter((v) => strings(j.value).includes(v));
    return found.length === 0
      ? { pass: true, message: 'the answer holds none of the other catalog\'s values' }
      : { pass: false, message: `asked for a flavor the event lacks, the answer holds ${found.map((v) => JSON.stringify(v)).join(', ')}: the values of another catalog of the event`, expected: 'a 4xx, or fields without those values', actual: toJson(j.value) };
  },
};

interface Window { start: string; end: string }

/**
 * events.create.rrule: spec § POST /api/events, "Creates one event, or several scheduled events"; § What the service
 * does: "It reads, updates and deletes a single event". After a write to one occurrence, every other occurrence read
 * back (action read-schedules) is still an event scheduled at one of the rule's occurrences (`expected`), each at a
 * different one, on `agent`.
 */
export const occurrencesAmongCheck: CheckDef = {
  name: 'occurrences-among',
  doc: 'every schedule read back (action read-schedules) answers 200 on `agent` at one of the `expected` occurrences, no two at the same one',
  params: {
    type: 'object', required: ['expected', 'agent'], additionalProperties: false,
    properties: { expected: {}, agent: { type: 'string' } },
  },
  run(ctx, p) {
    const expected = Array.isArray(p.expected) ? (p.expected as Window[]).filter((w) => isRecord(w) && typeof w.start === 'string' && typeof w.end === 'string') : [];
    if (expected.length === 0) return skip('precondition: no expected occurrences (the rrule schedule was not computed)');
    const read = ctx.value;
    if (!Array.isArray(read) || read.length === 0) return { pass: false, message: 'no schedules were read back', actual: toJson(read) };
    const judge = new PrecisionJudge(ctx.readings?.get(PRECISION_QUESTION));
    const key = (s: unknown, e: unknown) => {
      const i = matchWindow(judge, expected, s, e);
      return i >= 0 ? `#${i}` : `?${String(s)}/${String(e)}`;
    };
    const want = new Set(expected.map((_w, i) => `#${i}`));
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const r of read as { identifier?: unknown; status?: unknown; scheduling?: unknown }[]) {
      const s = r?.scheduling;
      if (r?.status !== 200 || !isRecord(s)) { problems.push(`${String(r?.identifier)}: GET scheduling answered ${String(r?.status)}`); continue; }
      if (s.agent_id !== p.agent) problems.push(`${String(r.identifier)}: agent_id ${JSON.stringify(s.agent_id)}`);
      const k = key(s.start, s.end);
      if (!want.has(k)) problems.push(`${String(r.identifier)}: scheduled ${String(s.start)}–${String(s.end)}, not an occurrence of the rule`);
      else if (seen.has(k)) problems.push(`${String(r.identifier)}: a second event at ${String(s.start)}`);
      seen.add(k);
    }
    const actual = toJson((read as { identifier?: unknown; status?: unknown; scheduling?: unknown }[]).map((r) => ({ identifier: r?.identifier ?? null, status: r?.status ?? null, scheduling: r?.scheduling ?? null })));
    return problems.length === 0
      ? { pass: true, message: `${read.length} other occurrences are still scheduled as the rule gave them`, actual }
      : { pass: false, message: `after a write to one occurrence, its siblings are not as the rule created them: ${problems.slice(0, 6).join('; ')}`, expected: toJson(expected), actual };
  },
};

export const CHECKS_MEMBER_VALUES: CheckDef[] = [publicationListSummaryCheck, eventMembersEmptyCheck, catalogStartIsCheck, noForeignValuesCheck, occurrencesAmongCheck];
