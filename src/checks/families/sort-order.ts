import { getPath } from '../evidence.js';
import { Unavailable, UnavailableError } from '../../core/unavailable.js';

/**
 * Pure helpers of the sort checks (spec § GET /api/events, sort: "Comma-separated list of sort criteria. Each entry
 * has the form <SortName>:ASC or <SortName>:DESC."). Expectations are computed from what the run sent.
 */

export type Direction = 'ASC' | 'DESC';

/** One of the run's events with the value(s) it was sorted by (one per criterion). */
export interface Keyed {
  id: string;
  key: string[];
}

/** Code-point order of two strings (not UTF-16 unit order, not locale order). */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * The order in which the events must appear: criteria by position, each in its direction. Two events with equal
 * keys would make the expectation ambiguous: that is a bug of the scenario (thrown, reported as `error`).
 */
export function expectedOrder(events: Keyed[], order: Direction[]): Keyed[] {
  const cmp = (a: Keyed, b: Keyed): number => {
    for (let i = 0; i < order.length; i++) {
      const c = compareCodePoints(a.key[i] ?? '', b.key[i] ?? '');
      if (c !== 0) return order[i] === 'DESC' ? -c : c;
    }
    return 0;
  };
  const sorted = [...events].sort(cmp);
  for (let i = 1; i < sorted.length; i++) {
    if (cmp(sorted[i - 1], sorted[i]) === 0) {
      throw new Error(`scenario bug: events ${sorted[i - 1].id} and ${sorted[i].id} have equal sort keys ${JSON.stringify(sorted[i].key)}`);
    }
  }
  return sorted;
}

/** Where the run's events are in a returned list: their identifiers in list order, and what is missing or doubled. */
export function runOrder(list: unknown[], ids: string[]): { order: string[]; missing: string[]; doubled: string[] } {
  const wanted = new Set(ids);
  const order: string[] = [];
  const doubled: string[] = [];
  for (const e of list) {
    const id = (e as { identifier?: unknown } | null)?.identifier;
    if (typeof id !== 'string' || !wanted.has(id)) continue;
    if (order.includes(id)) doubled.push(id);
    else order.push(id);
  }
  return { order, missing: ids.filter((id) => !order.includes(id)), doubled };
}

/** Consecutive equal values collapsed: ["a","a","b","a"] → ["a","b","a"]. */
export function groupsOf(values: string[]): string[] {
  return values.filter((v, i) => i === 0 || values[i - 1] !== v);
}

/** Whether texts are in ascending order by code points, or case-insensitively (both readings of "by name"). */
export function ascendingText(values: string[]): boolean {
  const ok = (f: (s: string) => string) => values.every((v, i) => i === 0 || compareCodePoints(f(values[i - 1]), f(v)) <= 0);
  return ok((s) => s) || ok((s) => s.toLowerCase());
}

/** The elements named by `from` (a vars path or several), optionally only those at the indices `pick`. */
export function runEvents(vars: Readonly<Record<string, unknown>>, from: string | string[], pick?: number[]): unknown[] {
  const all = (Array.isArray(from) ? from : [from]).flatMap((p) => {
    const v = getPath(vars, p);
    // One event (e.g. given.3, or the `event` an update-event step saved) stands for a list of one.
    if (Unavailable.is(v) || (v && typeof v === 'object' && !Array.isArray(v) && 'identifier' in v)) return [v];
    if (!Array.isArray(v)) throw new Error(`scenario bug: "${p}" is not a list of events`);
    return v as unknown[];
  });
  const events = pick ? pick.map((i) => all[i]) : all;
  // An event the run could not make (src/scenarios/actions/sort.ts): nothing is judged on the list; the engine skips the
  // check with why, or fails it with the request the server did not answer (src/scenarios/step.ts evaluate).
  for (const e of events) {
    // A given event not made stands as an Unavailable itself (src/scenarios/given.ts), an action's event by its identifier.
    const u = Unavailable.is(e) ? e : (e as { identifier?: unknown } | null)?.identifier;
    if (Unavailable.is(u)) throw new UnavailableError(u.reason, Array.isArray(from) ? from.join(', ') : from, u.unanswered);
  }
  return events;
}

/** The identifier of a run event ('' when it has none). */
export function idOf(e: unknown): string {
  const id = (e as { identifier?: unknown } | null)?.identifier;
  return typeof id === 'string' ? id : '';
}

/** The sort key(s) of a run event, read at the given paths (strings; a missing key is a scenario bug). */
export function keyOf(e: unknown, paths: string[]): string[] {
  return paths.map((p) => {
    const v = getPath(e, p);
    if (typeof v !== 'string') throw new Error(`scenario bug: sort key "${p}" of event ${idOf(e)} is ${JSON.stringify(v)}, not a string`);
    return v;
  });
}
