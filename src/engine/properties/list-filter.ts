import { filterableEvents, filterExpression, filterNamesFor, renderFilter, type FilterableEvent, type FilterExpression, type FilterTerm } from '../../generators/index.js';
import type { CaseKit } from '../../stateful/kit/case.js';
import type { PhaseEnv } from '../../stateful/kit/env.js';
import { isBroken, listIds, mustCreate, readEpisode, readEvent, readList, readScheduling } from '../../stateful/kit/reads.js';
import { memberFor } from '../../stateful/kit/members.js';
import { broken, OK, type Broken, type Verdict } from '../../stateful/kit/verdict.js';
import { propertyAgent } from './agents.js';
import { CATALOG_SOURCE, EVENT_SOURCE, matchesTerm, resolve, type Reported } from './filter-values.js';
import { defineProperty } from './types.js';
import { isoUtc } from '../../spec/datetime.js';
import { missing, seriesFor } from '../capabilities.js';
import { waitProcessed } from '../readiness.js';

interface Case {
  events: FilterableEvent[];
  expr: FilterExpression;
}

const DAY = 86_400_000;
const BASE = Date.UTC(2091, 5, 1, 10);
/** Not generated: its value is the title of a series, which the run does not create (opencast-reality.md). */
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
async function createAll(kit: CaseKit, events: FilterableEvent[]): Promise<string[] | Broken> {
  const scheduled = scheduledIn(kit.env);
  const ids: string[] = [];
  for (const [i, e] of events.entries()) {
    const start = BASE + i * DAY;
    const scheduling = scheduled ? { agent_id: kit.agent(`${propertyAgent(kit.env, 'filter')}-${e.agent}`), start: isoUtc(start), duration: 1_800_000 } : undefined;
    const id = await mustCreate(kit, { fields: fieldsOf(kit, e), ...(scheduling ? { scheduling } : {}) });
    if (typeof id !== 'string') return id;
    ids.push(id);
  }
  // An unscheduled event's status follows its processing (spec § States and transitions): read it once it is stable.
  if (!scheduled) for (const id of ids) await waitProcessed(kit.env.clients.admin, id, kit.env.config.processingTimeoutMs ?? kit.env.config.settleMs);
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
    for (const [name, field] of Object.entries(CATALOG_SOURCE)) values.set(name, f.get(field) as string | string[]);
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

/** One filter query: the run's events it returns are exactly those that match (`any`: OR of the terms, else AND). */
async function query(kit: CaseKit, rule: string, terms: FilterTerm[], values: string[], any: boolean, events: Reported[]): Promise<Verdict> {
  // Server-wide values (status, created) are narrowed to the case's events with a textFilter on the case tag,
  // unless the expression already has a textFilter: from 1.5.0 a repeated keyword is an OR (spec § GET
  // /api/events), which would widen the query instead of narrowing it. Its value already carries the case suffix.
  const scoped = terms.some((t) => SCOPED.has(t.name)) && !terms.some((t) => t.name === 'textFilter');
  const filter = renderFilter({ terms, combine: 'single' }, values) + (scoped ? `,textFilter:${kit.tag}` : '');
  const name = (id: string) => `#${events.findIndex((e) => e.id === id)}`;
  const want = events.filter((e) => (any ? terms.some((t, i) => matchesTerm(t.name, values[i], e)) : terms.every((t, i) => matchesTerm(t.name, values[i], e)))).map((e) => e.id);
  return kit.settle(rule, async () => {
    const list = await readList(kit, { filter }, { emptyExpected: want.length === 0, refusalRule: rule });
    if (isBroken(list)) return list;
    const mine = new Set(events.map((e) => e.id));
    const got = listIds(list).filter((id) => mine.has(id));
    const dup = got.length !== new Set(got).size;
    const same = !dup && got.length === want.length && want.every((id) => got.includes(id));
    if (same) return OK;
    return broken(rule, `filter=${filter} returned ${dup ? 'duplicates among' : 'other than'} the case's matching events`, { filter, events: want.map(name).sort() }, { filter, events: got.map(name).sort() });
  });
}

/**
 * A generated filter returns exactly the run's matching events (spec § GET /api/events, Filters; "Comma-separated
 * list of filters"; "May occur multiple times"; from 1.5.0 a repeated keyword is an OR). Each term is checked
 * alone first (its own rule), then the combination (events.list.filter.and / .repeat / .or).
 */
export const listFilter = defineProperty<Case>({
  id: 'prop-filter',
  title: 'A generated filter returns exactly the matching events of the run',
  rules: [...filterNamesFor('1.6.0').filter((n) => !NOT_GENERATED.has(n)).map(ruleOf), 'events.list.filter.and', 'events.list.filter.repeat', 'events.list.filter.or'],
  runsFactor: 5,
  needs: { agents: NEEDS.agents.map(ruleOf), series: NEEDS.series.map(ruleOf) },
  cases: (env) => {
    const names = filterNamesFor(env.version).filter((n) => !NOT_GENERATED.has(n) && applies(env, ruleOf(n)) && testable(env, n));
    return filterableEvents({ minEvents: 1, maxEvents: 4 }).chain((events) =>
      filterExpression({ version: env.version, events: events.length, names }).map((expr) => ({ events, expr })));
  },
  async check(kit, c) {
    const ids = await createAll(kit, c.events);
    if (isBroken(ids)) return ids;
    const scheduled = scheduledIn(kit.env);
    const events = await report(kit, ids, scheduled);
    if (isBroken(events)) return events;
    const agent = kit.agent(propertyAgent(kit.env, 'filter'));
    const values = c.expr.terms.map((t) => resolve(t, events, c.events.map((e) => own(kit, e.titleWord)), kit.tag, agent));
    if (c.expr.terms.some((t) => SCOPED.has(t.name))) {
      const scope = await query(kit, ruleOf('textFilter'), [{ name: 'textFilter', ref: { none: true } }], [kit.tag], false, events);
      if (!scope.ok) return scope;
    }
    if (c.expr.terms.length > 1) {
      for (const [i, t] of c.expr.terms.entries()) {
        const v = await query(kit, ruleOf(t.name), [t], [values[i]], false, events);
        if (!v.ok) return v;
      }
    }
    const rule = c.expr.combine === 'single' ? ruleOf(c.expr.terms[0].name) : `events.list.filter.${c.expr.combine}`;
    return query(kit, rule, c.expr.terms, values, c.expr.combine === 'repeat' || c.expr.combine === 'or', events);
  },
});
