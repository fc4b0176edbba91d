import type { ApiVersion } from '../../model/index.js';
import { inRange } from '../../spec/versions.js';
import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { identifiers, isVerdict, jsonOrFail, listedEvent, toJson } from '../evidence.js';
import { aclDiff, expectedEntries, readEntries, type Ace } from './acl.js';
import { PRECISION_QUESTION, PrecisionJudge } from '../../spec/precision.js';

/** Checks of the events rule family (see specs/rules.yaml: events.create.*, events.get.*, events.update.*). */

/**
 * Which event member shows a dublincore/episode field, per version (spec § Event (response object): "A field marked
 * * is a metadata field of the catalog with flavor dublincore/episode"; the oldest variant names presenters and
 * contributors). Data, not branches (house style §9.8).
 */
export const FIELD_MEMBERS: readonly { field: string; member: string; list?: true; since: ApiVersion; until?: ApiVersion }[] = [
  { field: 'title', member: 'title', since: '1.0.0' },
  { field: 'description', member: 'description', since: '1.0.0' },
  { field: 'subjects', member: 'subjects', list: true, since: '1.0.0' },
  { field: 'creator', member: 'presenters', list: true, since: '1.0.0', until: '1.0.0' },
  { field: 'creator', member: 'presenter', list: true, since: '1.1.0' },
  { field: 'contributor', member: 'contributors', list: true, since: '1.0.0', until: '1.0.0' },
  { field: 'contributor', member: 'contributor', list: true, since: '1.1.0' },
  { field: 'location', member: 'location', since: '1.0.0' },
  { field: 'language', member: 'language', since: '1.1.0' },
  { field: 'rightsHolder', member: 'rightsholder', since: '1.1.0' },
  { field: 'license', member: 'license', since: '1.1.0' },
  { field: 'isPartOf', member: 'is_part_of', since: '1.1.0' },
  { field: 'source', member: 'source', since: '1.1.0' },
];

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function asList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  return typeof v === 'string' && v !== '' ? [v] : [];
}

/** Lists compare as multisets: the spec gives no order for presenters, contributors or subjects. */
function sameValue(sent: unknown, got: unknown, list: boolean): boolean {
  if (!list) return typeof got === 'string' && got === String(sent ?? '');
  if (!Array.isArray(got)) return false;
  const a = asList(sent).sort();
  const b = got.map(String).sort();
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Compares the sent fields with an event object's members in `version`; returns the differences. */
export function fieldDifferences(event: Record<string, unknown>, fields: Record<string, unknown>, version: ApiVersion): { compared: string[]; wrong: Record<string, { sent: unknown; member: string; got: unknown }> } {
  const compared: string[] = [];
  const wrong: Record<string, { sent: unknown; member: string; got: unknown }> = {};
  for (const [field, sent] of Object.entries(fields)) {
    const m = FIELD_MEMBERS.find((d) => d.field === field && inRange(version, d.since, d.until));
    if (!m) continue;
    compared.push(m.member);
    const got = event[m.member];
    if (!sameValue(sent, got, m.list === true)) wrong[field] = { sent, member: m.member, got: got === undefined ? 'missing' : got };
  }
  return { compared, wrong };
}

/** events.create.metadata / events.update.metadata / events.update.partial: sent catalog fields read back in the event. */
export const eventFieldsCheck: CheckDef = {
  name: 'event-fields',
  doc: 'the event object shows every field of `fields` (dublincore/episode ids; `title` overrides the title) in the member of this version',
  params: {
    type: 'object',
    required: ['fields'],
    additionalProperties: false,
    properties: { fields: { type: ['object', 'string'] }, title: { type: 'string' } },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    // A placeholder that names a saved value of the wrong kind means an earlier step did not give what it should.
    if (!isRecord(p.fields)) return { pass: false, skip: 'the fields to compare are not an object (an earlier step failed)', message: '' };
    const fields = { ...p.fields, ...(typeof p.title === 'string' ? { title: p.title } : {}) };
    if (!j.value || typeof j.value !== 'object' || Array.isArray(j.value)) return { pass: false, message: 'the body is not an event object', actual: toJson(j.value) };
    const { compared, wrong } = fieldDifferences(j.value as Record<string, unknown>, fields, ctx.version);
    if (compared.length === 0) return { pass: false, skip: `no sent field is an event member in ${ctx.version}`, message: '' };
    const bad = Object.keys(wrong);
    return bad.length === 0
      ? { pass: true, message: `members ${compared.join(', ')} show what was sent` }
      : { pass: false, message: `members do not show what was sent: ${bad.map((f) => `${f} → ${wrong[f].member}`).join(', ')}`, expected: toJson(fields), actual: toJson(wrong) };
  },
};

function aceList(v: unknown): Ace[] | undefined {
  return Array.isArray(v) && v.every(isRecord) ? expectedEntries(v) : undefined;
}

/**
 * The ACL differences: sent entries missing from `got`, and (mode equals) entries of `got` that were not sent,
 * judged as acl-equals judges them (acl.ts aclDiff: allow judged only where sent, spec § Access control list entry).
 */
export function aclDifferences(sent: Ace[], got: Ace[], mode: 'contains' | 'equals'): { missing: Ace[]; extra: Ace[] } {
  const d = aclDiff(sent, got);
  return { missing: d.missing, extra: mode === 'equals' ? d.extra : [] };
}

/** events.create.acl / events.update.acl / events.update.partial: GET /acl shows the ACL that was sent (as a set). */
export const eventAclCheck: CheckDef = {
  name: 'event-acl',
  doc: 'the body (GET …/acl) holds every (action, role) of `acl` (with its allow, when sent); mode equals: and nothing else',
  params: {
    type: 'object',
    required: ['acl'],
    additionalProperties: false,
    properties: { acl: { type: ['array', 'string'] }, mode: { enum: ['contains', 'equals'] } },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const sent = aceList(p.acl);
    if (!sent) return { pass: false, skip: 'the ACL to compare with is not an array of entries (an earlier step failed)', message: '' };
    if (!Array.isArray(j.value)) return { pass: false, message: 'the ACL is not a JSON array', actual: toJson(j.value) };
    const got = readEntries(j.value, 'the ACL');
    if (isVerdict(got)) return got;
    const mode = (p.mode as 'contains' | 'equals' | undefined) ?? 'contains';
    const { missing, extra } = aclDifferences(sent, got, mode);
    const pass = missing.length === 0 && extra.length === 0;
    // A sent entry whose (action, role) reads back with another allow is named as such, one difference each (an
    // expectation can name that one, src/expectations/differences.ts); the read entry is then not "not sent" too.
    const pair = (e: Ace) => `${e.action}/${e.role}`;
    const turned = missing.filter((e) => e.allow !== undefined && got.some((g) => g.action === e.action && g.role === e.role));
    const absent = missing.filter((e) => !turned.includes(e));
    const others = extra.filter((x) => !turned.some((e) => e.action === x.action && e.role === x.role));
    const allowRead = (e: Ace) => [...new Set(got.filter((g) => g.action === e.action && g.role === e.role).map((g) => (g.allow === undefined ? 'no allow' : `allow ${g.allow}`)))].join(' and ');
    const parts = [absent.length ? `missing ${absent.map(pair).join(', ')}` : '',
      ...turned.map((e) => `${pair(e)} sent allow ${e.allow}, read ${allowRead(e)}`),
      others.length ? `not sent: ${others.map(pair).join(', ')}` : ''].filter(Boolean);
    return { pass, message: pass ? `the ACL ${mode === 'equals' ? 'is' : 'holds'} what was sent` : `the ACL differs from what was sent: ${parts.join('; ')}`, expected: toJson(sent), actual: toJson(j.value) };
  },
};

function instant(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * events.get.start-technical / start-bibliographic: the member `start` is the instant `at` (instants, not strings),
 * unless `skip`. With `id`, the body is a list (GET /api/events: "Returns a JSON array of event objects") and its
 * item with that identifier is judged. events.update.partial: with `member` and `before` (the event read before an
 * update), that member is still the instant it was then; a `before` without a date-time there skips
 * (events.get.schema judges that read).
 */
export const eventStartCheck: CheckDef = {
  name: 'event-start',
  doc: 'the event member `start` (or `member`) is the same instant as `at` (ISO date-time), or as `member` of the event `before`',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      at: { type: 'string' }, member: { type: 'string' }, before: { description: 'the event object read before (with `member`)' },
      skip: { type: 'string', description: 'an unmet precondition (from an action value); non-empty = skip' },
      id: { type: 'string', description: 'the body is a list: judge its item with this identifier' },
      notAt: { type: 'string', description: 'the member is a date-time, but not this instant (a value it must not have been filled from)' },
    },
    oneOf: [{ required: ['at'] }, { required: ['before', 'member'] }, { required: ['notAt'] }],
  },
  run(ctx, p) {
    if (typeof p.skip === 'string' && p.skip !== '') return { pass: false, skip: p.skip, message: p.skip };
    const member = typeof p.member === 'string' ? p.member : 'start';
    if (typeof p.notAt === 'string') return notAtVerdict(ctx, member, p.notAt, p.id);
    const at = p.at ?? (isRecord(p.before) ? p.before[member] : undefined);
    const want = instant(at);
    if (want === undefined && p.at !== undefined) throw new Error(`check parameter "at" is not a date-time: ${String(p.at)}`);
    if (want === undefined) return { pass: false, skip: `precondition: the event read before has no date-time ${member}: ${JSON.stringify(at ?? null)}`, message: 'precondition' };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    let item: unknown = j.value;
    if (typeof p.id === 'string') {
      if (!Array.isArray(j.value)) return { pass: false, message: 'the list body is not an array', actual: toJson(j.value) };
      const listed = listedEvent(j.value, p.id);
      if (isVerdict(listed)) return listed;
      item = listed.item;
    }
    const got = (item as Record<string, unknown> | null)?.[member];
    const ms = instant(got);
    if (ms === undefined) return { pass: false, message: `member ${member} is not a date-time: ${JSON.stringify(got ?? 'missing')}`, expected: String(at), actual: toJson(got ?? 'missing') };
    // `at`: an instant evconf computed, judged at the precision the server keeps (src/spec/precision.ts); `before`:
    // what this server showed earlier, so the very same instant.
    const pass = p.at !== undefined ? new PrecisionJudge(ctx.readings?.get(PRECISION_QUESTION)).same(got, want) : ms === want;
    return { pass, message: pass ? `${member} ${String(got)}` : `${member} is ${String(got)}, expected the instant ${String(at)}`, expected: String(at), actual: toJson(got) };
  },
};

/**
 * `notAt`: the member is a date-time other than `notAt`, the instant of another member the
 * scenario set far from it (a `created` filled from the start set years ahead shows).
 */
function notAtVerdict(ctx: CheckContext, member: string, notAt: string, id: unknown): CheckVerdict {
  const avoid = instant(notAt);
  if (avoid === undefined) throw new Error(`check parameter "notAt" is not a date-time: ${notAt}`);
  const j = jsonOrFail(ctx);
  if (isVerdict(j)) return j;
  let item: unknown = j.value;
  if (typeof id === 'string') {
    if (!Array.isArray(j.value)) return { pass: false, message: 'the list body is not an array', actual: toJson(j.value) };
    const listed = listedEvent(j.value, id);
    if (isVerdict(listed)) return listed;
    item = listed.item;
  }
  const got = (item as Record<string, unknown> | null)?.[member];
  const ms = instant(got);
  if (ms === undefined) return { pass: false, message: `member ${member} is not a date-time: ${JSON.stringify(got ?? 'missing')}`, actual: toJson(got ?? 'missing') };
  const pass = ms !== avoid;
  return { pass, message: pass ? `${member} ${String(got)} is not ${notAt}` : `${member} is ${String(got)}, the instant ${notAt} of another member (filled from it)`, expected: `not ${notAt}`, actual: toJson(got) };
}

/** What the action create-invalid-event saw (src/scenarios/actions/events.ts). */
interface RejectedValue { status?: number; created?: string[]; before?: unknown; after?: unknown }

function rejectedVerdict(ctx: CheckContext, allowed: number[]): CheckVerdict {
  const v = (ctx.value ?? {}) as RejectedValue;
  const post = ctx.exchanges.find((e) => e.request.method === 'POST');
  if (!post?.response) return { pass: false, message: `no response to the invalid POST${post?.error ? ` (${post.error.code})` : ''}`, expected: allowed };
  const status = post.response.status;
  const before = new Set(identifiers(v.before));
  const appeared = identifiers(v.after).filter((id) => id !== null && !before.has(id));
  const created = [...new Set([...(v.created ?? []), ...appeared as string[]])];
  const problems = [allowed.includes(status) ? '' : `status ${status} (expected ${allowed.join(' or ')})`,
    created.length ? `it created ${created.join(', ')}` : ''].filter(Boolean);
  return problems.length === 0
    ? { pass: true, message: `rejected with ${status}, nothing created` }
    : { pass: false, message: `the invalid request was not rejected: ${problems.join('; ')}`, expected: { status: allowed, created: [] }, actual: { status, created } };
}

/** events.create.400: "400: the request is invalid or inconsistent" — and nothing was created. */
export const eventCreateRejectedCheck: CheckDef = {
  name: 'event-create-rejected',
  doc: 'the invalid POST /api/events (action create-invalid-event) answered a status of `in` and created no event',
  params: {
    type: 'object',
    required: ['in'],
    additionalProperties: false,
    properties: { in: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } } },
  },
  run: (ctx, p) => rejectedVerdict(ctx, p.in as number[]),
};

/**
 * events.get.processing-state (spec § States and transitions: "The field processing_state of an event takes these
 * values." INSTANTIATED, RUNNING, PAUSED, STOPPED, FAILING, FAILED, SUCCEEDED): every state the action
 * watch-processing saw on the single GET, while several events were processing at once, is a value of that table.
 */
export const processingStatesSeenCheck: CheckDef = {
  name: 'processing-states-seen',
  doc: 'every processing_state the action watch-processing saw is one of the States table (schema processing-state); skip when it created no event',
  params: { type: 'object', additionalProperties: false, properties: {} },
  run(ctx: CheckContext) {
    const v = ctx.value as { created?: unknown; skip?: unknown; states?: unknown } | undefined;
    if (!v || !Array.isArray(v.states)) throw new Error('check processing-states-seen needs the value of the action watch-processing');
    if (typeof v.skip === 'string' && v.skip !== '') return { pass: false, skip: v.skip, message: v.skip };
    const states = v.states as { id: string; state: unknown }[];
    const outside = states.filter((s) => ctx.shapes.validate('processing-state', s.state).length > 0);
    const shown = (l: { id: string; state: unknown }[]) => l.map((s) => `${s.id}: ${JSON.stringify(s.state)}`).join(', ');
    if (outside.length > 0) {
      return {
        pass: false,
        message: `processing_state outside the States table while ${String(v.created)} events processed at once: ${shown(outside)}`,
        expected: 'INSTANTIATED, RUNNING, PAUSED, STOPPED, FAILING, FAILED or SUCCEEDED', actual: toJson(outside),
      };
    }
    if (states.length === 0) {
      // Nothing read because the server did not answer the GET (the action's last exchange): the rule fails with it.
      const last = ctx.exchange;
      if (last && !last.response && last.error) return { pass: false, message: `no processing_state was read: transport error (${last.error.code}): ${last.error.message}`, actual: { transportError: last.error.code } };
      return { pass: false, skip: 'precondition: no processing_state was read', message: 'precondition' };
    }
    return { pass: true, message: `every state seen is in the States table (${shown(states)})` };
  },
};

export const CHECKS_EVENTS: CheckDef[] = [eventFieldsCheck, eventAclCheck, eventStartCheck, eventCreateRejectedCheck, processingStatesSeenCheck];
