import type { Scenario } from '../../model/index.js';
import { compareCodePoints } from './sort-order.js';

/**
 * A model of what the sort scenarios of suites/events/list-sort.yaml create, to prove their data discriminating
 * (suites/DISCRIMINATING-DATA.md): a server that reads a sort request wrongly (another criterion, only the first
 * or the last of several, none at all) must give an order that the scenario's expectations reject. Used by
 * sort-discrimination.test.ts only; the checks themselves never use this model.
 */

/** The criteria of spec § GET /api/events ("Sort criteria: ...") plus what a wrong server might sort by instead. */
export const CRITERIA = ['title', 'presenter', 'start_date', 'end_date', 'location', 'series_name', 'workflow_state', 'created', 'duration'] as const;
export type Criterion = (typeof CRITERIA)[number];
export type Value = string | number | undefined;

/** One event as the model sees it: its creation index and its value under every criterion. */
export interface ModelEvent {
  index: number;
  values: Record<Criterion, Value>;
}

export type Dir = 'ASC' | 'DESC';
export interface SortStep {
  criteria: [Criterion, Dir][];
  /** How the step's expectation judges the order: exact order, or only grouping (grouped-by). */
  judge: 'order' | 'groups';
  /** The expectation accepts the criteria in either priority (sorted-by anyPriority). */
  anyPriority?: boolean;
  /** grouped-by `compare: text`: ASC must also ascend by the value. */
  ascending?: boolean;
}

const HOUR = 3_600_000;
/** Far later than any `at`/`startAt` of the scenarios: an unscheduled event without a start starts at creation. */
const NOW = 1e12;

function dayTime(date: unknown, time: unknown): number | undefined {
  if (typeof date !== 'string') return undefined;
  return Date.parse(`${date}T${typeof time === 'string' ? time : '00:00:00Z'}`) - Date.parse('2031-01-01T00:00:00Z');
}

/** A sent duration field "HH:MM:SS" in milliseconds (undefined when absent or another form). */
function hmsMs(v: unknown): number | undefined {
  const m = typeof v === 'string' ? /^(\d+):(\d{2}):(\d{2})$/.exec(v) : null;
  return m ? ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 : undefined;
}

function first(v: unknown): string | undefined {
  return Array.isArray(v) ? (typeof v[0] === 'string' ? v[0] : undefined) : typeof v === 'string' ? v : undefined;
}

/** The events a sort scenario creates, in creation order: its `given`, then each create-scheduled-events entry. */
export function modelEvents(s: Scenario): ModelEvent[] {
  const out: ModelEvent[] = [];
  const add = (f: Record<string, unknown>, sched?: { start: number; end: number; agent: string }, startAt?: number) => {
    const index = out.length;
    const start = sched?.start ?? startAt ?? dayTime(f.startDate, f.startTime) ?? NOW + index;
    const end = sched?.end ?? start + (hmsMs(f.duration) ?? 0);
    out.push({
      index,
      values: {
        title: first(f.title), presenter: first(f.creator), start_date: start, end_date: end,
        // Real servers may show a scheduled event's capture agent as its location (docs/opencast-notes.md).
        location: first(f.location) ?? (sched ? `AGENT${sched.agent}` : undefined), series_name: first(f.isPartOf),
        workflow_state: sched ? 'INSTANTIATED' : 'PROCESSING', created: index, duration: end - start,
      },
    });
  };
  for (const g of s.given) add(g.fields);
  // update-event steps on a given event change its title or location before the lists (the run tag prefix is not
  // modelled).
  for (const step of s.steps) {
    if (step.action?.name !== 'update-event') continue;
    const { id, fields } = step.action.params as { id?: unknown; fields?: Record<string, unknown> };
    const n = /^\{\{given\.(\d+)\.identifier\}\}$/.exec(String(id));
    const e = n ? out[Number(n[1])] : undefined;
    if (!e) continue;
    const title = first(fields?.title);
    const location = first(fields?.location);
    if (title !== undefined) e.values.title = title.replace(/^\{\{run\.tag\}\} /, '');
    if (location !== undefined) e.values.location = location;
  }
  for (const step of s.steps) {
    if (step.action?.name !== 'create-scheduled-events') continue;
    for (const e of step.action.params.events as Record<string, unknown>[]) {
      if (e.startAt !== undefined) add(e, undefined, Number(e.startAt) * HOUR);
      else {
        const start = Number(e.at) * HOUR;
        add(e, { start, end: start + Number(e.hours ?? 1) * HOUR, agent: String(e.agent ?? '') });
      }
    }
  }
  return out;
}

const NAMES: Record<string, Criterion> = {
  title: 'title', presenter: 'presenter', start_date: 'start_date', end_date: 'end_date', location: 'location',
  series_name: 'series_name', workflow_state: 'workflow_state',
};

function parseSort(sort: string): [Criterion, Dir][] | undefined {
  const out: [Criterion, Dir][] = [];
  for (const entry of sort.split(',')) {
    const [name, dir] = entry.split(':');
    if (!NAMES[name] || (dir !== 'ASC' && dir !== 'DESC')) return undefined;
    out.push([NAMES[name], dir]);
  }
  return out;
}

/** The sort steps of a scenario whose order is judged (sorted-by, end-ordered, grouped-by). */
export function sortSteps(s: Scenario): SortStep[] {
  const out: SortStep[] = [];
  for (const step of s.steps) {
    const judged = step.expect.some((e) => e.check === 'sorted-by' || e.check === 'end-ordered');
    const q = step.request?.query?.sort;
    if (judged && typeof q === 'string') {
      const c = parseSort(q);
      const any = step.expect.some((e) => e.check === 'sorted-by' && e.params.anyPriority === true);
      if (c) out.push({ criteria: c, judge: 'order', ...(any ? { anyPriority: true } : {}) });
    }
    if (step.action?.name === 'list-asc-desc' && step.expect.some((e) => e.check === 'grouped-by')) {
      const c = NAMES[String(step.action.params.sort)];
      const text = step.expect.some((e) => e.check === 'grouped-by' && e.params.compare === 'text') ? { ascending: true } : {};
      if (c) out.push({ criteria: [[c, 'ASC']], judge: 'groups', ...text }, { criteria: [[c, 'DESC']], judge: 'groups' });
    }
  }
  return out;
}

function cmpValue(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareCodePoints(String(a), String(b));
}

/** Creation indices in the order a server applying `criteria` gives, ties broken by `tie` (creation order or its reverse). */
export function orderBy(events: ModelEvent[], criteria: [Criterion, Dir][], tie: 'created' | 'reverse'): number[] {
  return [...events].sort((x, y) => {
    for (const [c, d] of criteria) {
      const r = cmpValue(x.values[c], y.values[c]);
      if (r !== 0) return d === 'DESC' ? -r : r;
    }
    return tie === 'created' ? x.index - y.index : y.index - x.index;
  }).map((e) => e.index);
}

/** Whether equal values of `c` are contiguous in `order` (what grouped-by asks). */
function grouped(events: ModelEvent[], order: number[], c: Criterion): string[] | undefined {
  const seq = order.map((i) => String(events[i].values[c]));
  const groups = seq.filter((v, i) => i === 0 || seq[i - 1] !== v);
  return new Set(groups).size === groups.length ? groups : undefined;
}

/** A wrong reading of a sort request: the criteria the server really applies, given the requested ones. */
export type Reading = (requested: [Criterion, Dir][]) => [Criterion, Dir][];

/**
 * Whether the scenario's expectations reject a server that applies `reading` (ties broken by `tie`): some step's
 * order differs from the right one (or, for grouped-by steps, splits a group or does not reverse ASC in DESC).
 */
export function rejects(events: ModelEvent[], steps: SortStep[], reading: Reading, tie: 'created' | 'reverse'): boolean {
  const groupsSeen: Record<string, string[] | undefined> = {};
  for (const st of steps) {
    const got = orderBy(events, reading(st.criteria), tie);
    if (st.judge === 'order') {
      const right = [orderBy(events, st.criteria, tie)];
      if (st.anyPriority) right.push(orderBy(events, [...st.criteria].reverse(), tie));
      if (!right.some((r) => r.join() === got.join())) return true;
    } else {
      const [c, d] = st.criteria[0];
      const g = grouped(events, got, c);
      if (!g) return true;
      if (st.ascending && !g.every((v, i) => i === 0 || compareCodePoints(g[i - 1], v) < 0)) return true;
      groupsSeen[d] = g;
    }
  }
  if (groupsSeen.ASC && groupsSeen.DESC) return [...groupsSeen.ASC].reverse().join() !== groupsSeen.DESC.join();
  return false;
}

/** The values of string criteria that the steps sort by, for the collation check. */
export function sortedTexts(events: ModelEvent[], steps: SortStep[]): string[][] {
  const cs = new Set(steps.flatMap((s) => s.criteria.map(([c]) => c)));
  return [...cs].map((c) => events.map((e) => e.values[c]).filter((v): v is string => typeof v === 'string'));
}
