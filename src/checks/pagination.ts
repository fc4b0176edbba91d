import type { CheckContext, CheckDef, CheckVerdict } from './types.js';
import { identifiers, isVerdict, jsonOrFail, responseOrFail, toJson } from './evidence.js';

/** spec § GET /api/events, limit: "Maximum number of results to return". */
export const maxItemsCheck: CheckDef = {
  name: 'max-items',
  doc: 'the body is an array of at most `max` items',
  params: {
    type: 'object',
    required: ['max'],
    additionalProperties: false,
    properties: { max: { type: ['integer', 'string'] } },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const max = Number(p.max);
    if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array', expected: `at most ${max} items` };
    const n = j.value.length;
    return { pass: n <= max, message: `${n} items for limit ${max}`, expected: `<= ${max}`, actual: n };
  },
};

/** The limit and offset the request asked for, as a failure names them (" (limit 2, offset 1)"); '' without either. */
function asked(ctx: CheckContext): string {
  const url = ctx.exchange?.request.url;
  if (!url) return '';
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return '';
  }
  const parts = ['limit', 'offset'].filter((k) => q.has(k)).map((k) => `${k} ${q.get(k)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * Where the events of a page stand in the full list, as a failure names them: "items 1..2" (a run of the full
 * list), "items 0, 3", "no events"; an event the full list lacks is "?". With the limit and offset asked for, an
 * expectation can name the one reading a server is known for (offset read as an item index) and another stays new.
 */
function positions(all: (string | null)[], actual: (string | null)[]): string {
  if (actual.length === 0) return 'no events';
  const at = actual.map((id) => all.indexOf(id));
  const run = at.every((x, k) => x >= 0 && x === at[0] + k);
  return run ? `items ${at[0]}..${at[at.length - 1]}` : `items ${at.map((x) => (x < 0 ? '?' : String(x))).join(', ')}`;
}

/**
 * The body's events are exactly the slice [start, start+count) of a list saved earlier (`list`, the saved value
 * itself: `"{{saved.whole}}"`, so that a list the server never showed skips by the engine), compared by identifier.
 * Used for offset (spec § GET /api/events, offset: index of the first result / pages of size limit). With `refused`,
 * a status in it skips (the server refused a value it cannot hold) instead of failing.
 */
export const sliceOfCheck: CheckDef = {
  name: 'slice-of',
  doc: 'the body lists, by identifier and in order, the events start..start+count of the saved list `list`',
  params: {
    type: 'object',
    required: ['list', 'start', 'count'],
    additionalProperties: false,
    properties: {
      list: { description: 'the saved list ("{{saved.NAME}}")' },
      start: { type: ['integer', 'string'] },
      count: { type: ['integer', 'string'] },
      refused: {
        description: 'statuses that skip (a value the spec lets a server refuse, e.g. an offset past 32 bits: § Limits)',
        type: 'array', minItems: 1, items: { type: 'integer', minimum: 400, maximum: 499 },
      },
    },
  },
  run(ctx, p) {
    if (p.refused !== undefined) {
      const r = responseOrFail(ctx);
      if (isVerdict(r)) return r;
      if ((p.refused as number[]).includes(r.status)) {
        return { pass: false, skip: `the server refused the value with ${r.status} (legal: the range of offset is not shown)`, message: `refused with ${r.status}` };
      }
    }
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const whole = p.list;
    const start = Number(p.start);
    const count = Number(p.count);
    const all = identifiers(whole);
    if (all.length < start + count) {
      return { pass: false, skip: `the full list had ${all.length} events; this check needs at least ${start + count}`, message: 'precondition not met' };
    }
    // A body that is no list (an error object) is no page, not an empty one.
    if (!Array.isArray(j.value)) return { pass: false, message: `the body is not an array of events (status ${ctx.exchange?.response?.status ?? 'none'})`, actual: toJson(j.value) };
    const expected = all.slice(start, start + count);
    const actual = identifiers(j.value);
    const pass = actual.length === expected.length && actual.every((id, i) => id === expected[i]);
    return {
      pass,
      message: count === 0
        ? (pass ? 'an empty page (past the end of the full list)' : `expected an empty page (past the ${all.length} events of the full list), got ${actual.length} events`)
        : pass ? `items ${start}..${start + count - 1} of the full list` : `expected items ${start}..${start + count - 1} of the full list${asked(ctx)}, got ${positions(all, actual)}`,
      expected,
      actual,
    };
  },
};

/**
 * spec § GET /api/events, limit: "Maximum number of results to return", with a limit above every count (§ Limits: "a
 * maximum ... value of limit: not shown"): a server may refuse a value it cannot hold (a status of `refused` skips,
 * with that reason), but a list it answers is not cut below the events that match: it lists every identifier of `ids`.
 */
/** Parameters of the checks that take a refusal of a huge number as legal (`refused`) and judge `ids` in the list. */
export const REFUSED_OR_LISTED_PARAMS = {
  type: 'object',
  required: ['ids', 'refused'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, items: { type: 'string' } },
    refused: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 400, maximum: 499 } },
  },
} as const;

/**
 * The shared first half of those checks: a status of `refused` is a skip with `why`; another non-200, a body that is
 * not JSON or not an array a failure; else the identifiers listed and the item count.
 */
export function refusedOrListed(ctx: Parameters<CheckDef['run']>[0], refused: number[], why: string): CheckVerdict | { got: Set<unknown>; items: number; status: number } {
  const r = responseOrFail(ctx);
  if (isVerdict(r)) return r;
  if (refused.includes(r.status)) return { pass: false, skip: `the server refused the value with ${r.status} (${why})`, message: `refused with ${r.status}` };
  if (r.status !== 200) return { pass: false, message: `answered ${r.status}, not 200 (or a refusal ${refused.join('/')})`, actual: r.status };
  const j = jsonOrFail(ctx);
  if (isVerdict(j)) return j;
  if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array', actual: toJson(j.value) };
  return { got: new Set(identifiers(j.value)), items: j.value.length, status: r.status };
}

export const allListedUnlessRefusedCheck: CheckDef = {
  name: 'all-listed-unless-refused',
  doc: 'a status of `refused` skips (the value may be refused); otherwise the body is an array listing every identifier of `ids`',
  params: REFUSED_OR_LISTED_PARAMS,
  run(ctx, p) {
    const l = refusedOrListed(ctx, p.refused as number[], 'legal: a maximum of limit is not shown');
    if (isVerdict(l)) return l;
    const ids = p.ids as string[];
    const missing = ids.filter((id) => !l.got.has(id));
    return {
      pass: missing.length === 0,
      message: missing.length === 0 ? `all ${ids.length} matching events listed` : `${l.status} with ${l.items} items; missing ${missing.length} of the ${ids.length} matching events: ${missing.join(', ')}`,
      expected: ids,
      actual: [...l.got].map((x) => (typeof x === 'string' ? x : null)),
    };
  },
};
