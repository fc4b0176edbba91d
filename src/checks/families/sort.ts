import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { expectedOrder, idOf, keyOf, runEvents, runOrder, type Direction, type Keyed } from './sort-order.js';
import { groupedByCheck } from './sort-groups.js';
import { WITH_CHECKS } from './with-members.js';
import { endOrderedCheck } from './sort-reported.js';

/**
 * Checks of the sort rules (spec § GET /api/events: "sort | string | Comma-separated list of sort criteria. Each
 * entry has the form <SortName>:ASC or <SortName>:DESC." and the Sort criteria list) and, via with-members.ts, of
 * the with* flags. Only the run's own events are looked at (by identifier); other events in the list are ignored.
 */

const FROM = { oneOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] };
const PICK = { type: 'array', minItems: 1, items: { type: 'integer', minimum: 0 } };
const DIRECTION = { enum: ['ASC', 'DESC'] };

/** The sort parameter of the step's request (for messages). */
export function sortParam(ctx: CheckContext): string {
  const url = ctx.exchange?.request.url;
  return url ? new URL(url).searchParams.get('sort') ?? '(none)' : '(none)';
}

/** The parsed list of a sort request, or a failing verdict: a criterion of the spec must be answered with 200. */
function sortedList(ctx: CheckContext): unknown[] | CheckVerdict {
  const r = responseOrFail(ctx);
  if (isVerdict(r)) return r;
  if (r.status !== 200) {
    return { pass: false, message: `sort=${sortParam(ctx)} was answered ${r.status}, not 200`, expected: 200, actual: r.status };
  }
  const j = jsonOrFail(ctx);
  if (isVerdict(j)) return j;
  if (!Array.isArray(j.value)) return { pass: false, message: `sort=${sortParam(ctx)}: the body is not an array` };
  return j.value;
}

function asList<T>(v: T | T[]): T[] {
  return Array.isArray(v) ? v : [v];
}

/**
 * events.list.sort.* (spec § GET /api/events: "Each entry has the form <SortName>:ASC or <SortName>:DESC."):
 * the run's events appear in the order their keys (as sent) give under the requested direction(s): code-point
 * order of the sent strings, criteria by position. ASC and DESC are separate steps, each checked on its own.
 */
export const sortedByCheck: CheckDef = {
  name: 'sorted-by',
  doc: 'the run events (`from`, `pick`) appear in the order of their `key` value(s) as sent, in `order` (ASC/DESC per criterion)',
  params: {
    type: 'object',
    required: ['order', 'key'],
    additionalProperties: false,
    properties: {
      order: { oneOf: [DIRECTION, { type: 'array', minItems: 1, items: DIRECTION }] },
      key: { oneOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] },
      from: FROM,
      pick: PICK,
      anyPriority: { type: 'boolean' },
      orReported: { type: 'array', minItems: 1, items: { type: 'string' } },
    },
  },
  run(ctx, p) {
    const list = sortedList(ctx);
    if (isVerdict(list)) return list;
    const order = asList(p.order as Direction | Direction[]);
    const paths = asList(p.key as string | string[]);
    if (paths.length !== order.length) throw new Error('scenario bug: `key` and `order` name a different number of criteria');
    const events = runEvents(ctx.vars, (p.from as string | string[] | undefined) ?? 'given', p.pick as number[] | undefined);
    const ids = events.map(idOf);
    if (ids.includes('')) return { pass: false, skip: 'precondition: a run event could not be created (see events.create.*)', message: 'precondition' };
    const keyed = events.map((e) => ({ id: idOf(e), key: keyOf(e, paths) }));
    const expected = expectedOrder(keyed, order);
    // anyPriority (events.list.sort.multiple): which criterion decides first is not stated, so the order with the
    // criteria taken last-first is accepted too; every criterion must still be applied.
    const alt = p.anyPriority === true && paths.length > 1
      ? expectedOrder(keyed.map((e) => ({ id: e.id, key: [...e.key].reverse() })), [...order].reverse())
      : undefined;
    const seen = runOrder(list, ids);
    const keyById = new Map(expected.map((e) => [e.id, e.key.join(' | ')]));
    const want = expected.map((e) => keyById.get(e.id)!);
    const got = seen.order.map((id) => keyById.get(id)!);
    const where = `sort=${sortParam(ctx)}`;
    if (seen.missing.length > 0) {
      return { pass: false, message: `${where}: the list lacks run events ${seen.missing.join(', ')}`, expected: want, actual: got };
    }
    if (seen.doubled.length > 0) {
      return { pass: false, message: `${where}: run events listed twice: ${seen.doubled.join(', ')}`, expected: want, actual: got };
    }
    const same = (ks: Keyed[]) => ks.every((k, i) => k.id === seen.order[i]);
    const pass = same(expected) || (alt !== undefined && same(alt));
    // orReported (start_date): the order of the start the server reports in this version is accepted too, where the
    // reported starts differ (below 1.4.0 `start` is the technical start, which for an unscheduled event need not be
    // the metadata start: spec § Event "Technical start (versions below 1.4.0)").
    if (!pass && Array.isArray(p.orReported)) {
      const by = reportedOrder(list, seen.order, p.orReported as string[], order[0]);
      if (by === 'equal') {
        const why = `${where}: the run events are not in the order of the starts sent, and they all report one start (below 1.4.0 the technical start, which the spec does not tie to the metadata start): the order cannot be seen`;
        return { pass: false, skip: why, message: why, expected: want, actual: got };
      }
      if (by) return { pass: true, message: `${where}: the ${ids.length} run events are in ${order[0]} order of the ${by} they report`, expected: want, actual: got };
    }
    return {
      pass,
      message: pass
        ? `${where}: the ${ids.length} run events are in order`
        : `${where}: the run events are not in ${order.join(',')} order of ${paths.join(', ')}${alt ? ` (nor in the order with the other criterion deciding first: ${alt.map((e) => keyById.get(e.id)!).join('; ')})` : ''}`,
      expected: want,
      actual: got,
    };
  },
};

/**
 * The member (first of `members` that the events carry) whose datetimes the listed order follows; 'equal' when they
 * carry one and the same datetime (no order can be seen in it).
 */
function reportedOrder(list: unknown[], order: string[], members: string[], dir: Direction): string | undefined {
  const byId = new Map(list.map((e) => [idOf(e), e as Record<string, unknown>]));
  for (const m of members) {
    const t = order.map((id) => byId.get(id)?.[m]).map((v) => (typeof v === 'string' ? Date.parse(v) : NaN));
    if (t.some((x) => !Number.isFinite(x))) continue;
    if (new Set(t).size < 2) return 'equal';
    return t.every((v, i) => i === 0 || (dir === 'ASC' ? t[i - 1] <= v : t[i - 1] >= v)) ? m : undefined;
  }
  return undefined;
}

/**
 * A sort the spec names is accepted (200) and lists every run event exactly once (for criteria whose order the
 * run cannot observe in that version, and for the deprecated review_status / scheduling_status).
 */
export const sortAcceptedCheck: CheckDef = {
  name: 'sort-accepted',
  doc: 'the sort request answers 200 with an array that lists every run event (`from`, `pick`) exactly once',
  params: { type: 'object', additionalProperties: false, properties: { from: FROM, pick: PICK, unobservable: { type: 'string' } } },
  run(ctx, p) {
    const list = sortedList(ctx);
    // Why the order itself cannot be judged in this version: said in every pass, so a green row never reads as more.
    const limit = typeof p.unobservable === 'string' ? `; the order itself is not checked: ${p.unobservable}` : '';
    if (isVerdict(list)) return list;
    const ids = runEvents(ctx.vars, (p.from as string | string[] | undefined) ?? 'given', p.pick as number[] | undefined).map(idOf);
    if (ids.includes('')) return { pass: false, skip: 'precondition: a run event could not be created (see events.create.*)', message: 'precondition' };
    const seen = runOrder(list, ids);
    const pass = seen.missing.length === 0 && seen.doubled.length === 0;
    const problems = [seen.missing.length ? `lacks ${seen.missing.join(', ')}` : '', seen.doubled.length ? `lists twice ${seen.doubled.join(', ')}` : ''];
    return {
      pass,
      message: pass ? `sort=${sortParam(ctx)} accepted; every run event listed once${limit}` : `sort=${sortParam(ctx)}: the list ${problems.filter(Boolean).join('; ')}`,
      expected: toJson(ids),
      actual: toJson(seen.order),
    };
  },
};

/** Checks of the sort family and the with* flags (registered in src/checks/registry.ts). */
export const CHECKS_SORT: CheckDef[] = [sortedByCheck, sortAcceptedCheck, groupedByCheck, endOrderedCheck, ...WITH_CHECKS];
