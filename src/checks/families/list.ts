import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { getPath, identifiers, isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { entryMatch, eventMatch, filterEntries, type RepeatMode, type RunEvent, type RunEvents } from './list-match.js';
import { repeatQuestion } from '../../spec/readings.js';

/** An action that could not send its request (e.g. a value to filter by was missing) passes its reason on. */
function actionSkip(ctx: CheckContext): string | undefined {
  const v = ctx.value as { skip?: unknown } | null | undefined;
  return !ctx.exchange && v && typeof v.skip === 'string' ? v.skip : undefined;
}

function runEvents(ctx: CheckContext, of: string): RunEvent[] | string {
  const saved = getPath(ctx.vars, `saved.${of}`) as RunEvents | undefined;
  if (!saved || !Array.isArray(saved.events)) return `precondition: no saved events "${of}" (the setup step did not run)`;
  if (saved.error) return `precondition: ${saved.error}`;
  return saved.events;
}

const label = (e: RunEvent) => `${e.identifier} (${String(e.sent.fields.title ?? '')})`;

/** The subjects an event was given (the subject filter's failures name how many: one, or several). */
const subjectCount = (e: RunEvent) => {
  const s = e.sent.fields.subjects;
  return Array.isArray(s) ? s.length : typeof s === 'string' && s !== '' ? 1 : 0;
};

/**
 * How a failure names an event: its identifier and title; under a subject filter also how many subjects it has, so
 * that an expectation can name the case a server is known for (a filter on one of several subjects) and a miss of
 * a single-subject event stays new (src/expectations/differences.ts).
 */
const labelUnder = (groups: Map<string, string[]>) => {
  const repeated = [...groups.entries()].filter(([, vs]) => vs.length > 1);
  return (e: RunEvent) => {
    const notes = [
      ...(groups.has('subject') ? [`${subjectCount(e)} subject${subjectCount(e) === 1 ? '' : 's'}`] : []),
      // A repeated keyword: which of its values the event matches ("matches title value 1 of 2"), so an expectation
      // can name a server that keeps only the last value and a server that ANDs them (or drops one) stays new.
      ...repeated.map(([k, vs]) => {
        const at = vs.map((v, i) => (entryMatch(e, k, v) === 'yes' ? i + 1 : 0)).filter((i) => i > 0);
        return at.length ? `matches ${k} value ${at.join(' and ')} of ${vs.length}` : `matches no ${k} value for certain`;
      }),
    ];
    return `${e.identifier} (${[String(e.sent.fields.title ?? ''), ...notes].join(', ')})`;
  };
};

/** The filter a request carried, as a failure's head names it ("filter=subject:Art,title:X"). */
const filterWhere = (groups: Map<string, string[]>) => `filter=${[...groups.entries()].flatMap(([n, vs]) => vs.map((v) => `${n}:${v}`)).join(',')}`;

/**
 * spec § GET /api/events, Filters: the list answered for a filter holds every event of the run that matches it
 * and none that does not. Only the run's own events are judged (a shared server holds other data); which of
 * them must and must not match is computed from what the run sent and read (src/checks/families/list-match.ts).
 * Keywords combine with AND; a repeated keyword follows `repeat`: or (default; spec § Filters, the 1.5.0 rule),
 * and, or either (both readings accepted: "May occur multiple times" says nothing of how repeats combine; the
 * answer must fit one of them wholly, and the same one every time in a run and version: src/spec/readings.ts).
 */
export const filterResultCheck: CheckDef = {
  name: 'filter-result',
  doc: 'status 200 and an array holding every run event (saved `of`) that matches the request\'s filter and none that does not',
  params: {
    type: 'object',
    required: ['of'],
    additionalProperties: false,
    properties: {
      of: { type: 'string' },
      repeat: { enum: ['or', 'and', 'either'] },
      refusable: { type: 'string', description: 'why the spec lets a server refuse this filter value: a 400 is then a skip with this reason' },
    },
  },
  run(ctx, p): CheckVerdict {
    const skip = actionSkip(ctx);
    if (skip) return { pass: false, skip, message: skip };
    const events = runEvents(ctx, p.of as string);
    if (typeof events === 'string') return { pass: false, skip: events, message: events };
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status === 400 && typeof p.refusable === 'string' && p.refusable !== '') {
      const why = `the server refused the filter (400), which it may: ${p.refusable}`;
      return { pass: false, skip: why, message: why };
    }
    if (r.status !== 200) return { pass: false, message: `a filter of the spec's table was answered ${r.status}, not 200`, expected: 200, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array', actual: toJson(j.value) };
    const groups = filterEntries(ctx.exchange!.request.url);
    if (groups.size === 0) return { pass: false, skip: 'the request carried no filter entry', message: 'no filter' };
    const mode = (p.repeat as RepeatMode | undefined) ?? 'or';
    const returned = new Set(identifiers(j.value));
    const repeated = [...groups.entries()].filter(([, v]) => v.length > 1);
    if (mode === 'either' && repeated.length === 1) return eitherReading(ctx, events, groups, returned, repeated[0][0]);
    const o = judge(events, groups, mode, returned);
    if (o.must.length === 0 && o.mustNot.length === 0) {
      const why = 'none of the run\'s events is certain to match or to fail this filter (values not stored as sent?)';
      return { pass: false, skip: why, message: why };
    }
    // spec § GET /api/events, Filters: "from version 1.5.0, a comma-separated use of the same filter keyword is a
    // logical OR": the answer is the union of the single-value lists, which holds each event once. A run event listed
    // more than once under a repeated keyword read as OR is its own difference (a server running the OR as a UNION
    // ALL lists an event matching two values twice), apart from events missing or listed wrongly.
    if (mode === 'or' && repeated.length > 0) {
      const all = identifiers(j.value);
      o.twice = o.must.filter((e) => all.filter((id) => id === e.identifier).length > 1)
        .map((e) => ({ event: e, times: all.filter((id) => id === e.identifier).length }));
      if (o.twice.length > 0) o.pass = false;
    }
    // A failure names the filter first (its head): an expectation can name the filter values a server is known
    // to get wrong, and each difference after it is matched on its own (src/expectations/differences.ts).
    const v = verdictOf(o, groups, mode, events, returned);
    return v.pass ? v : { ...v, message: `${filterWhere(groups)}: ${v.message}` };
  },
};

/** Which run events must and must not be listed under `mode`, and which of them the answer gets wrong. */
interface Judged {
  must: RunEvent[];
  mustNot: RunEvent[];
  missing: RunEvent[];
  wrong: RunEvent[];
  /** Matching run events the answer lists more than once (judged under a repeated keyword read as OR). */
  twice?: { event: RunEvent; times: number }[];
  pass: boolean;
}

function judge(events: RunEvent[], groups: Map<string, string[]>, mode: RepeatMode, returned: Set<string | null>): Judged {
  const must = events.filter((e) => eventMatch(e, groups, mode) === 'yes');
  const mustNot = events.filter((e) => eventMatch(e, groups, mode) === 'no');
  const missing = must.filter((e) => !returned.has(e.identifier));
  const wrong = mustNot.filter((e) => returned.has(e.identifier));
  return { must, mustNot, missing, wrong, pass: missing.length === 0 && wrong.length === 0 };
}

function verdictOf(o: Judged, groups: Map<string, string[]>, mode: RepeatMode, events: RunEvent[], returned: Set<string | null>, note = ''): CheckVerdict {
  const named = labelUnder(groups);
  const problems = [
    o.missing.length ? `matching events not listed: ${o.missing.map(named).join(', ')}` : '',
    o.wrong.length ? `non-matching events listed: ${o.wrong.map(named).join(', ')}` : '',
    o.twice?.length ? `matching events listed more than once: ${o.twice.map((t) => `${named(t.event)} ${t.times} times`).join(', ')}` : '',
  ].filter(Boolean);
  const runIds = new Set(events.map((e) => e.identifier));
  return {
    pass: o.pass,
    message: (o.pass ? `${o.must.length} matching run event(s) listed, ${o.mustNot.length} non-matching left out` : problems.join('; ')) + note,
    expected: toJson({ filter: Object.fromEntries(groups), ...([...groups.values()].some((v) => v.length > 1) ? { repeat: mode } : {}), listed: o.must.map(label), notListed: o.mustNot.map(label) }),
    actual: toJson({ listedRunEvents: [...returned].filter((id) => id !== null && runIds.has(id)) }),
  };
}

/**
 * `repeat: either` with one repeated keyword: the answer must fit the AND or the OR reading wholly (a mix is
 * neither), and the reading this run already fixed for the keyword in this version, if any (src/spec/readings.ts).
 * An answer only one reading gives teaches that reading.
 */
function eitherReading(ctx: CheckContext, events: RunEvent[], groups: Map<string, string[]>, returned: Set<string | null>, keyword: string): CheckVerdict {
  const and = judge(events, groups, 'and', returned);
  const or = judge(events, groups, 'or', returned);
  if (and.must.length + and.mustNot.length === 0 && or.must.length + or.mustNot.length === 0) {
    const why = 'none of the run\'s events is certain to match or to fail this filter (values not stored as sent?)';
    return { pass: false, skip: why, message: why };
  }
  const where = filterWhere(groups);
  if (!and.pass && !or.pass) {
    const v = verdictOf(or, groups, 'or', events, returned);
    return { ...v, message: `the answer fits neither reading of a repeated ${keyword} (AND: ${verdictOf(and, groups, 'and', events, returned).message}; OR: ${v.message})` };
  }
  const question = repeatQuestion(keyword);
  const fixed = ctx.readings?.get(question);
  const fits = [...(and.pass ? ['and'] : []), ...(or.pass ? ['or'] : [])];
  if (fixed && !fits.includes(fixed.reading)) {
    const now = fits[0];
    const v = verdictOf(fixed.reading === 'and' ? and : or, groups, fixed.reading as RepeatMode, events, returned);
    return { ...v, pass: false, message: `${where} was read as ${now.toUpperCase()}, but earlier in this run the server read a repeated ${keyword} as ${fixed.reading.toUpperCase()} (${fixed.where}): ${v.message}` };
  }
  const v = verdictOf(or.pass ? or : and, groups, or.pass ? 'or' : 'and', events, returned, fits.length === 1 ? ` (read as ${fits[0].toUpperCase()})` : '');
  return fits.length === 1 ? { ...v, learned: { question, reading: fits[0], where } } : v;
}

/** What the `list-walk-pages` action found: the whole list and each page, by identifier. */
export interface PagesWalk {
  limit: number;
  whole: (string | null)[];
  pages: (string | null)[][];
  offsets: number[];
  statuses: number[];
  skip?: string;
}

/**
 * spec § Limits, "Pagination uses the limit and offset query parameters": walking the pages of a sorted,
 * filtered list concatenates to the whole list, in order, with no gap and no duplicate.
 */
export const pagesConcatCheck: CheckDef = {
  name: 'pages-concat',
  doc: 'the pages walked by list-walk-pages concatenate to the whole list (same order, no gap, no duplicate)',
  params: { type: 'object', additionalProperties: false, properties: {} },
  run(ctx): CheckVerdict {
    const w = ctx.value as PagesWalk | undefined;
    if (!w || !Array.isArray(w.whole)) return { pass: false, skip: 'no walk was made', message: 'no walk' };
    if (w.skip) return { pass: false, skip: w.skip, message: w.skip };
    const bad = w.statuses.findIndex((s) => s !== 200);
    if (bad >= 0) return { pass: false, message: `request ${bad + 1} of the walk answered ${w.statuses[bad]}, not 200`, actual: toJson(w.statuses) };
    if (w.whole.length <= w.limit) {
      const why = `the whole list has ${w.whole.length} events; paging needs more than limit=${w.limit}`;
      return { pass: false, skip: why, message: why };
    }
    const got = w.pages.flat();
    const pass = got.length === w.whole.length && got.every((id, i) => id === w.whole[i]);
    const seen = new Set<string | null>();
    const dup = got.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    const gap = w.whole.filter((id) => !got.includes(id));
    const what = [gap.length ? `missing ${gap.join(', ')}` : '', dup.length ? `repeated ${dup.join(', ')}` : '',
      !gap.length && !dup.length ? 'order differs from the whole list' : ''].filter(Boolean).join('; ');
    return {
      pass,
      message: pass ? `${w.pages.length} pages of ${w.limit} concatenate to the ${w.whole.length} events` : `pages (offsets ${w.offsets.join(', ')}): ${what}`,
      expected: toJson(w.whole),
      actual: toJson(w.pages),
    };
  },
};

/** Checks of the list rule family (see specs/rules.yaml). */
export const CHECKS_LIST: CheckDef[] = [filterResultCheck, pagesConcatCheck];
