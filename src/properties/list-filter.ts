import { filterableEvents, filterExpression, filterNamesFor, renderFilter, type FilterableEvent, type FilterExpression, type FilterTerm } from '../generators/index.js';
import type { CaseKit } from '../cases/case.js';
import type { PhaseEnv } from '../cases/phase-env.js';
import { isBroken, listIds, mustCreateAll, readEpisode, readEvent, readList, readScheduling } from '../cases/reads.js';
import { memberFor } from '../cases/members.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import { propertyAgent } from './agents.js';
import { CATALOG_SOURCE, EVENT_SOURCE, matchesTerm, resolve, type Reported } from './filter-values.js';
import { defineProperty } from './types.js';
import { isoUtc } from '../spec/datetime.js';
import { commaParts } from '../checks/field-value.js';
import { ledgerOf, repeatQuestion } from '../spec/readings.js';
import { missing, seriesFor } from '../core/capabilities.js';
import { waitOptions, waitProcessed } from '../core/readiness.js';

/** Filters over list fields ("Contributors match. May occur multiple times."; subjects). */
const LIST_FILTERS = new Set(['contributors', 'subject']);

/**
 * A catalog value as filters see it: a list field answered as one string holds its values joined by commas
 * (spec § Metadata catalog: value "string or array[string]"), so it stands for the list of its parts.
 */
function catalogValue(name: string, v: unknown): string | string[] {
  if (LIST_FILTERS.has(name) && typeof v === 'string') return commaParts([v]);
  return v as string | string[];
}

interface Case {
  events: FilterableEvent[];
  expr: FilterExpression;
}

const DAY = 86_400_000;
const BASE = Date.UTC(2097, 5, 1, 10);
/**
 * A case's events start EVENT_SPACING apart, and each case is shifted by CASE_SHIFT × (its number mod CASE_WINDOWS)
 * (under EVENT_SPACING in all): cases in flight together never schedule in the same window, also on one capture agent
 * (--agent-id), so they overlap there too (ownWindows). Each event lasts 30 min, under CASE_SHIFT.
 */
const EVENT_SPACING = 8 * DAY;
const CASE_SHIFT = 35 * 60_000;
const CASE_WINDOWS = 300;
/** Not generated: its value is the title of a series, which the run does not create (docs/opencast-notes.md). */
const NOT_GENERATED = new Set(['series_name']);
/**
 * Filters whose values many events of a server share (every scheduled event has the same status, a busy server
 * creates many events per second): their queries are ANDed with textFilter:<case tag>, after checking that this
 * alone returns exactly the case's events.
 */
const SCOPED = new Set(['status', 'created']);
const ruleOf = (name: string) => `events.list.filter.${name}`;
const applies = (env: PhaseEnv, id: string) => {
  const r = env.book.get(id);
  return r !== undefined && env.book.appliesTo(r, env.version);
};
/** Filters on a schedule (need a capture agent the server accepts) and on a series id (need a series id it accepts). */
const NEEDS = { agents: ['agent_id', 'start', 'technical_start'], series: ['series', 'is_part_of'] } as const;
/** Whether the case's events are scheduled: the version has scheduling and the server schedules on our agent. */
const scheduledIn = (env: PhaseEnv) => applies(env, 'events.create.schedule-single') && !missing(env.caps, 'agents');
/** Filter names the server can be tested on (the probe's refusals drop the rest; the runner skips their rules). */
const testable = (env: PhaseEnv, name: string) =>
  !(missing(env.caps, 'agents') && (NEEDS.agents as readonly string[]).includes(name)) && !(missing(env.caps, 'series') && (NEEDS.series as readonly string[]).includes(name));

/** A pool token made unique to the case (`qxlocn` → `qxlocn12z`): events other cases left behind never match. */
const own = (kit: CaseKit, token: string) => `${token}${kit.n}z`;

function fieldsOf(kit: CaseKit, e: FilterableEvent): Record<string, string | string[]> {
  const t = (x: string) => own(kit, x);
  const series = seriesFor(kit.env.caps, t(e.isPartOf));
  const all: Record<string, string | string[]> = {
    title: kit.title(t(e.titleWord)), description: t(e.description), location: t(e.location), subjects: e.subjects.map(t), contributor: e.contributor.map(t),
    ...(series !== undefined ? { isPartOf: series } : {}), language: t(e.language), license: t(e.license), rightsHolder: t(e.rightsHolder), source: t(e.source),
  };
  // Fields without an event member in this version are not sent (series stays: the `series` filter is in every version).
  return Object.fromEntries(Object.entries(all).filter(([f]) => f === 'isPartOf' || memberFor(f, kit.env.version)));
}

/** Creates the case's events (scheduled on the property's agents where the version has scheduling). */
async function createAll(kit: CaseKit, events: FilterableEvent[], byStatus: boolean): Promise<string[] | Broken> {
  const scheduled = scheduledIn(kit.env);
  const specs = events.map((e, i) => {
    const start = BASE + i * EVENT_SPACING + (kit.n % CASE_WINDOWS) * CASE_SHIFT;
    const scheduling = scheduled ? { agent_id: kit.agent(`${propertyAgent(kit.env, 'filter')}-${e.agent}`), start: isoUtc(start), duration: 1_800_000 } : undefined;
    // The metadata start equals the schedule's: whether the start filter reads the bibliographic or the technical
    // start, and what a server makes the bibliographic start of a scheduled event, then do not matter.
    const when: Record<string, string> = scheduling ? { startDate: scheduling.start.slice(0, 10), startTime: scheduling.start.slice(11) } : {};
    return { fields: { ...fieldsOf(kit, e), ...when }, ...(scheduling ? { scheduling } : {}) };
  });
  const ids = await mustCreateAll(kit, specs);
  if (isBroken(ids)) return ids;
  // An unscheduled event's status follows its processing (spec § States and transitions): a case that filters on
  // status reads it once it is stable (all events waited for at once; processing changes no other filtered value).
  if (!scheduled && byStatus) {
    const timeout = kit.env.config.processingTimeoutMs ?? kit.env.config.settleMs;
    await Promise.all(ids.map((id) => waitProcessed(kit.env.clients.admin, id, timeout, waitOptions(kit.env))));
  }
  return ids;
}

/** Reads what the server shows for each event (the ground truth the filters are judged against). */
async function report(kit: CaseKit, ids: string[], scheduled: boolean): Promise<Reported[] | Broken> {
  const out: Reported[] = [];
  for (const id of ids) {
    const f = await readEpisode(kit, id);
    if (isBroken(f)) return f;
    const event = await readEvent(kit, id);
    if (isBroken(event)) return event;
    const values = new Map<string, string | string[]>();
    for (const [name, field] of Object.entries(CATALOG_SOURCE)) values.set(name, catalogValue(name, f.get(field)));
    for (const [name, member] of Object.entries(EVENT_SOURCE)) values.set(name, event[member] as string);
    let startMs = NaN;
    if (scheduled) {
      const s = await readScheduling(kit, id);
      if (isBroken(s)) return s;
      values.set('agent_id', s.agent_id);
      startMs = Date.parse(s.start);
    }
    const texts = [...f.values()].flatMap((v) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []));
    out.push({ id, values, texts, startMs });
  }
  return out;
}

/** The `filter` text of a query; server-wide values (status, created) are scoped to the case by its tag. */
function filterText(kit: CaseKit, terms: FilterTerm[], values: string[]): string {
  // Narrowed with a textFilter on the case tag unless the expression already has a textFilter: from 1.5.0 a
  // repeated keyword is an OR (spec § GET /api/events), which would widen the query instead of narrowing it.
  // Its value already carries the case suffix.
  const scoped = terms.some((t) => SCOPED.has(t.name)) && !terms.some((t) => t.name === 'textFilter');
  return renderFilter({ terms, combine: 'single' }, values) + (scoped ? `,textFilter:${kit.tag}` : '');
}

/** The case's events a filter must list under `any` (OR of the terms) or not (AND). */
function wanted(terms: FilterTerm[], values: string[], any: boolean, events: Reported[]): string[] {
  return events.filter((e) => (any ? terms.some((t, i) => matchesTerm(t.name, values[i], e)) : terms.every((t, i) => matchesTerm(t.name, values[i], e)))).map((e) => e.id);
}

const sameIds = (got: string[], want: string[]) => got.length === new Set(got).size && got.length === want.length && want.every((id) => got.includes(id));

/** The case's events the list answered for `filter`, or why it could not be read. */
async function listed(kit: CaseKit, rule: string, filter: string, emptyExpected: boolean, events: Reported[]): Promise<string[] | Broken> {
  const list = await readList(kit, { filter }, { emptyExpected, refusalRule: rule });
  if (isBroken(list)) return list;
  const mine = new Set(events.map((e) => e.id));
  return listIds(list).filter((id) => mine.has(id));
}

const label = (events: Reported[]) => (id: string) => `#${events.findIndex((e) => e.id === id)}`;

/** One filter query: the run's events it returns are exactly those that match (`any`: OR of the terms, else AND). */
async function query(kit: CaseKit, rule: string, terms: FilterTerm[], values: string[], any: boolean, events: Reported[]): Promise<Verdict> {
  const filter = filterText(kit, terms, values);
  const name = label(events);
  const want = wanted(terms, values, any, events);
  return kit.settle(rule, async () => {
    const got = await listed(kit, rule, filter, want.length === 0, events);
    if (isBroken(got)) return got;
    if (sameIds(got, want)) return OK;
    const dup = got.length !== new Set(got).size;
    return broken(rule, `filter=${filter} returned ${dup ? 'duplicates among' : 'other than'} the case's matching events`, { filter, events: want.map(name).sort() }, { filter, events: got.map(name).sort() });
  });
}

/**
 * A repeated multi-valued keyword ("May occur multiple times"): below 1.5.0 the spec does not say how repeats
 * combine, so the answer must be exactly the AND or exactly the OR of the terms, and the same reading as the run
 * already fixed for that keyword in this version (src/spec/readings.ts); an answer only one reading gives fixes it.
 * Where events.list.filter.or applies (1.5.0+), the answer must then be the OR.
 */
async function repeatQuery(kit: CaseKit, rules: readonly string[], terms: FilterTerm[], values: string[], events: Reported[]): Promise<Verdict> {
  const rule = 'events.list.filter.repeat';
  const filter = filterText(kit, terms, values);
  const name = label(events);
  const want = { and: wanted(terms, values, false, events), or: wanted(terms, values, true, events) };
  const ledger = ledgerOf(kit.env);
  const question = repeatQuestion(terms[0].name);
  let got: string[] = [];
  let fits: ('and' | 'or')[] = [];
  const v = await kit.settle(rule, async () => {
    const ids = await listed(kit, rule, filter, want.and.length === 0, events);
    if (isBroken(ids)) return ids;
    got = ids;
    fits = (['and', 'or'] as const).filter((r) => sameIds(ids, want[r]));
    const expected = { filter, and: want.and.map(name).sort(), or: want.or.map(name).sort() };
    const actual = { filter, events: ids.map(name).sort() };
    if (fits.length === 0) return broken(rule, `filter=${filter} returned neither the AND nor the OR of its terms among the case's events`, expected, actual);
    const fixed = ledger.get(question);
    if (fixed && !(fits as string[]).includes(fixed.reading)) {
      return broken(rule, `filter=${filter} was read as ${fits[0].toUpperCase()}, but earlier in this run the server read a repeated ${terms[0].name} as ${fixed.reading.toUpperCase()} (${fixed.where})`, { ...expected, reading: fixed.reading }, actual);
    }
    return OK;
  });
  if (!v.ok) return v;
  // A reading another case (or stage) fixed while this one read: the same contradiction as above.
  const earlier = fits.length === 1 ? ledger.learn(question, fits[0], `filter=${filter}`) : undefined;
  if (earlier) {
    return broken(rule, `filter=${filter} was read as ${fits[0].toUpperCase()}, but earlier in this run the server read a repeated ${terms[0].name} as ${earlier.reading.toUpperCase()} (${earlier.where})`,
      { filter, and: want.and.map(name).sort(), or: want.or.map(name).sort(), reading: earlier.reading }, { filter, events: got.map(name).sort() });
  }
  if (!rules.includes('events.list.filter.or') || !applies(kit.env, 'events.list.filter.or')) return OK;
  kit.exercised.add('events.list.filter.or');
  if (fits.includes('or')) return OK;
  return broken('events.list.filter.or', `filter=${filter}: from 1.5.0 a repeated keyword is an OR, but the AND of its terms was returned`, { filter, events: want.or.map(name).sort() }, { filter, events: got.map(name).sort() });
}

/**
 * A generated filter returns exactly the run's matching events (spec § GET /api/events, Filters; "Comma-separated
 * list of filters"; "May occur multiple times"; from 1.5.0 a repeated keyword is an OR). Each term is checked
 * alone first (its own rule), then the combination (events.list.filter.and / .repeat / .or). A repeat of a
 * multi-valued keyword may be AND or OR below 1.5.0, the same reading every time (repeatQuery).
 */
export const listFilter = defineProperty<Case>({
  id: 'prop-filter',
  title: 'A generated filter returns exactly the matching events of the run',
  rules: [...filterNamesFor('1.6.0').filter((n) => !NOT_GENERATED.has(n)).map(ruleOf), 'events.list.filter.and', 'events.list.filter.repeat', 'events.list.filter.or'],
  runsFactor: 5,
  // Each case's values carry its own suffix (`own`), its schedules are on its own capture agents (CaseKit.agent),
  // server-wide filters (status, created) are ANDed with its tag, and every answer is judged on the case's own
  // events only (`listed`), so another case's events in a range or series answer change nothing. The repeat
  // reading is the run's (shared with the scenarios anyway): a reading fixed meanwhile is checked after the read.
  casesOverlap: true,
  ownWindows: true,
  // Its schedules lie from 2097-06-01 on, within 90 days (EVENT_SPACING × events + CASE_SHIFT × CASE_WINDOWS): no other property's.
  ownRange: true,
  needs: { agents: NEEDS.agents.map(ruleOf), series: NEEDS.series.map(ruleOf) },
  cases: (env) => {
    const names = filterNamesFor(env.version).filter((n) => !NOT_GENERATED.has(n) && applies(env, ruleOf(n)) && testable(env, n));
    return filterableEvents({ minEvents: 1, maxEvents: 4 }).chain((events) =>
      filterExpression({ version: env.version, events: events.length, names }).map((expr) => ({ events, expr })));
  },
  async check(kit, c, rules) {
    const ids = await createAll(kit, c.events, c.expr.terms.some((t) => t.name === 'status'));
    if (isBroken(ids)) return ids;
    const scheduled = scheduledIn(kit.env);
    const events = await report(kit, ids, scheduled);
    if (isBroken(events)) return events;
    const agent = kit.agent(propertyAgent(kit.env, 'filter'));
    const values = c.expr.terms.map((t) => resolve(t, events, c.events.map((e) => own(kit, e.titleWord)), kit.tag, agent));
    // The case's events are all listed before a repeat is judged: on a lagging index a partial answer to an OR
    // could look like the AND and fix the wrong reading for the rest of the run.
    if (c.expr.terms.some((t) => SCOPED.has(t.name)) || c.expr.combine === 'repeat') {
      const scope = await query(kit, ruleOf('textFilter'), [{ name: 'textFilter', ref: { none: true } }], [kit.tag], false, events);
      if (!scope.ok) return scope;
    }
    if (c.expr.terms.length > 1) {
      for (const [i, t] of c.expr.terms.entries()) {
        const v = await query(kit, ruleOf(t.name), [t], [values[i]], false, events);
        if (!v.ok) return v;
      }
    }
    if (c.expr.combine === 'repeat') return repeatQuery(kit, rules, c.expr.terms, values, events);
    const rule = c.expr.combine === 'single' ? ruleOf(c.expr.terms[0].name) : `events.list.filter.${c.expr.combine}`;
    return query(kit, rule, c.expr.terms, values, c.expr.combine === 'or', events);
  },
});
