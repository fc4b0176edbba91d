import type { CheckDef, CheckVerdict } from '../types.js';
import { identifiers, isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { holds, type WithParams } from './with-members.js';
import { REFUSED_OR_LISTED_PARAMS, refusedOrListed } from '../pagination.js';

/**
 * Checks of list views: numbers past 32 bits on the list's offset, views read
 * after a write that a refused write cannot judge, and lists whose events must not show each other's members.
 */

const skip = (why: string): CheckVerdict => ({ pass: false, skip: why, message: why });

/**
 * spec § GET /api/events, offset: "index of the first result to return" (1.1.0+), "number of result sets (pages of
 * size limit) to skip" (1.0.0), with an offset whose first result lies far past every event (2^31, 2^32 and more):
 * there is no such result, so the run's events are not listed ("The array may be empty"). § Limits shows no range of
 * the integer, so a server may refuse a value it cannot hold (a status of `refused` skips, with that reason, as a
 * JAX-RS server answers 404 for a query parameter its int cannot hold); a 200 that lists them (an offset read
 * modulo 2^32) fails.
 */
export const noneListedUnlessRefusedCheck: CheckDef = {
  name: 'none-listed-unless-refused',
  doc: 'a status of `refused` skips (the value may be refused); otherwise the body is an array listing none of the identifiers of `ids`',
  params: REFUSED_OR_LISTED_PARAMS,
  run(ctx, p) {
    const l = refusedOrListed(ctx, p.refused as number[], 'the spec shows no range of the integer');
    if (isVerdict(l)) return l;
    const listed = (p.ids as string[]).filter((id) => l.got.has(id));
    return {
      pass: listed.length === 0,
      message: listed.length === 0 ? 'no event listed past the end' : `the offset lies past every event, yet ${listed.length} of them are listed: ${listed.join(', ')} (an offset read modulo 2^32?)`,
      expected: [],
      actual: toJson(listed),
    };
  },
};

/** Whether a write's status (a number, or the text of one) is a 2xx. */
function succeeded(status: unknown): boolean {
  const n = Number(status);
  return Number.isInteger(n) && n >= 200 && n < 300;
}

/**
 * A list read after a write (`writeStatus`: the status the write answered): the body is an array holding every
 * identifier of `ids` and none of `absent`. A write the server refused changed nothing to judge: skipped with that.
 */
export const containsIdsAfterCheck: CheckDef = {
  name: 'contains-ids-after',
  doc: 'skipped unless `writeStatus` is a 2xx; then the body is an array of events containing every identifier of `ids` and none of `absent`',
  params: {
    type: 'object',
    required: ['writeStatus'],
    additionalProperties: false,
    properties: {
      writeStatus: { description: 'the status the write this read judges answered' },
      ids: { type: 'array', items: { type: 'string' } },
      absent: { type: 'array', items: { type: 'string' } },
    },
  },
  run(ctx, p) {
    if (!succeeded(p.writeStatus)) return skip(`precondition: the write this list judges answered ${JSON.stringify(p.writeStatus)}, not a 2xx: nothing changed to judge`);
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) return { pass: false, message: `a filter of the spec's table was answered ${r.status}, not 200`, expected: 200, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array' };
    const got = new Set(identifiers(j.value));
    const missing = ((p.ids as string[] | undefined) ?? []).filter((id) => !got.has(id));
    const present = ((p.absent as string[] | undefined) ?? []).filter((id) => got.has(id));
    const pass = missing.length === 0 && present.length === 0;
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', present.length ? `should not list ${present.join(', ')}` : ''].filter(Boolean);
    return { pass, message: pass ? 'expected events listed' : parts.join('; '), expected: toJson({ ids: p.ids ?? [], absent: p.absent ?? [] }), actual: toJson([...got]) };
  },
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A list mixing states (spec § GET /api/events: "withscheduling | boolean | Include scheduling information"): the
 * scheduling of one event (`agent`, `start`) is that event's, so no member of the other events `ids` holds it (an
 * unscheduled event listed after a scheduled one showing its schedule fails). Events not in the list are not judged.
 */
export const memberNotElsewhereCheck: CheckDef = {
  name: 'member-not-elsewhere',
  doc: 'the body is an array in which no event of `ids` has a member holding the scheduling (`agent`, `start`) of another event',
  params: {
    type: 'object',
    required: ['kind', 'ids', 'agent', 'start'],
    additionalProperties: false,
    properties: {
      kind: { enum: ['scheduling'] },
      ids: { type: 'array', minItems: 1, items: { type: 'string' } },
      agent: { type: 'string' },
      start: { type: 'string' },
    },
  },
  run(ctx, p) {
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) return { pass: false, message: `answered ${r.status}, not 200`, expected: 200, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array', actual: toJson(j.value) };
    const ids = (p.ids as string[]).filter((id) => id !== '');
    const want = { kind: p.kind, id: '', agent: p.agent, start: p.start } as WithParams;
    const seen = j.value.filter((e): e is Record<string, unknown> => isObj(e) && typeof e.identifier === 'string' && ids.includes(e.identifier));
    if (seen.length === 0) return skip('precondition: none of the events to judge is in the list');
    const leaks = seen.flatMap((e) => Object.entries(e).filter(([, v]) => holds(want, v)).map(([k]) => `${String(e.identifier)}.${k}`));
    return {
      pass: leaks.length === 0,
      message: leaks.length === 0
        ? `none of ${seen.length} other event(s) carries the scheduling of the scheduled event`
        : `other events carry the scheduling of the scheduled event (agent ${String(p.agent)}, start ${String(p.start)}): ${leaks.join(', ')}`,
      expected: 'no member of another event holds that scheduling', actual: toJson(leaks),
    };
  },
};

/** What the action `list-with-singles` read: the list, then each event alone. */
export interface ListWithSingles {
  status: number | null;
  list: unknown;
  singles: Record<string, { status: number | null; body: unknown }>;
}

const asSet = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map((x) => JSON.stringify(x)) : undefined);

/**
 * spec § Event (response object): "publication_status | array[string] | Publications available for the event"; the
 * list and the single retrieval carry the same event object ("Oldest variant of the event object (list and single
 * retrieval)"). Each event of `ids` read alone after the list shows what is available for it: its list item names
 * nothing its single GET does not (an unpublished event listed after a published one showing that one's
 * publications fails). Read after the list, so a publication added in between cannot make a false alarm.
 */
export const listMemberWithinSingleCheck: CheckDef = {
  name: 'list-member-within-single',
  doc: 'the value (list-with-singles) shows, for every event of `ids`, a list item whose `member` names nothing (array elements) that the event\'s own later GET does not',
  params: {
    type: 'object',
    required: ['member', 'ids'],
    additionalProperties: false,
    properties: { member: { type: 'string' }, ids: { type: 'array', minItems: 1, items: { type: 'string' } } },
  },
  run(ctx, p) {
    const v = ctx.value as ListWithSingles | undefined;
    if (!v || !('list' in v)) return skip('no list was read');
    if (v.status !== 200) return { pass: false, message: `the list answered ${v.status}, not 200`, actual: v.status };
    if (!Array.isArray(v.list)) return { pass: false, message: 'the list body is not an array', actual: toJson(v.list) };
    const member = p.member as string;
    const wrong: string[] = [];
    const unanswered: string[] = [];
    let judged = 0;
    for (const id of (p.ids as string[]).filter((x) => x !== '')) {
      const item = v.list.find((e) => isObj(e) && e.identifier === id) as Record<string, unknown> | undefined;
      const single = v.singles[id];
      // A single GET the server did not answer at all: the member cannot be shown (ARCHITECTURE.md, principle 4: a transport error
      // fails the rule, with it as evidence), unlike a 404 of an event the index has not shown yet.
      if (item && single && single.status === null) unanswered.push(id);
      if (!item || !single || single.status !== 200 || !isObj(single.body)) continue;
      const own = asSet(single.body[member]);
      if (!own) continue; // not an array in the single GET: the schema's business
      judged++;
      const listed = item[member];
      const extra = Array.isArray(listed) ? listed.filter((x) => !own.includes(JSON.stringify(x))) : undefined;
      if (extra === undefined || extra.length > 0) {
        wrong.push(`${id}: the list shows ${JSON.stringify(listed)}, the event alone ${JSON.stringify(single.body[member])}`);
      }
    }
    if (judged === 0 && unanswered.length > 0) {
      return { pass: false, message: `GET /api/events/{id} got no answer for the listed event(s) ${unanswered.join(', ')}: their ${member} cannot be read alone`, actual: { unanswered } };
    }
    if (judged === 0) return skip(`precondition: none of the events was both listed and readable alone with an array ${member}`);
    return {
      pass: wrong.length === 0,
      message: wrong.length === 0 ? `${judged} event(s): the list's ${member} names nothing the event alone does not` : `${member} of a list item names what its event does not have: ${wrong.join('; ')}`,
      expected: `each list item's ${member} within its event's own`, actual: toJson(wrong),
    };
  },
};

export const CHECKS_LIST_VIEWS: CheckDef[] = [noneListedUnlessRefusedCheck, containsIdsAfterCheck, memberNotElsewhereCheck, listMemberWithinSingleCheck];
