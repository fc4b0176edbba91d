import type { FilterRef, FilterTerm } from '../generators/index.js';
import { isoUtc } from '../spec/datetime.js';

/**
 * The values the server reports for one event of a filter case, by filter name (spec § Filters): catalog fields
 * (GET /metadata?type=dublincore/episode), event members (created, status), the identifier and the scheduling
 * (agent_id, start). Filters are judged against what the server itself shows, not against what was sent.
 */
export interface Reported {
  id: string;
  values: Map<string, string | string[]>;
  /** Every text of the catalog (for textFilter: "Any metadata field matches the value"). */
  texts: string[];
  /** Start of the schedule in ms (start, technical_start filters), NaN when unscheduled. */
  startMs: number;
}

/** Filter name → catalog field id whose value it matches. */
export const CATALOG_SOURCE: Readonly<Record<string, string>> = {
  title: 'title', description: 'description', location: 'location', language: 'language', license: 'license',
  rightsholder: 'rightsHolder', source: 'source', series: 'isPartOf', is_part_of: 'isPartOf', subject: 'subjects',
  contributors: 'contributor',
};

/** Filter name → event member whose value it matches. */
export const EVENT_SOURCE: Readonly<Record<string, string>> = { created: 'created', status: 'status' };

const RANGE = new Set(['start', 'technical_start']);
const HOUR = 3_600_000;


/** A value no event of the case has for `name` (a missing identifier, a far-past date, an unused token). */
export function noneValue(name: string, tag: string, agent: string): string {
  if (name === 'identifier') return `${tag}-missing`;
  if (name === 'created') return '2001-01-01T00:00:00Z';
  if (name === 'status') return 'EVCONF.NO.SUCH.STATUS';
  if (name === 'agent_id') return `${agent}-none`;
  return 'qxnonez';
}

/** The single value of `name` for an event, or undefined when it has none (an empty list, an empty text). */
export function valueOf(name: string, e: Reported): string | undefined {
  if (name === 'identifier') return e.id;
  if (name === 'textFilter') return undefined;
  const v = e.values.get(name);
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s !== '' ? s : undefined;
}

/** The `filter` value a term stands for in this case. */
export function resolve(t: FilterTerm, events: Reported[], titleWords: string[], tag: string, agent: string): string {
  const ref: FilterRef = t.ref;
  if ('range' in ref) {
    const starts = events.map((e) => e.startMs).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    if (starts.length === 0) return `${isoUtc(Date.UTC(2001, 0, 1))}/${isoUtc(Date.UTC(2001, 0, 2))}`;
    const [i, j] = ref.range.map((k) => Math.min(k, starts.length - 1));
    return `${isoUtc(starts[i] - HOUR)}/${isoUtc(starts[j] + HOUR)}`;
  }
  if ('none' in ref) return noneValue(t.name, tag, agent);
  if (t.name === 'textFilter') return titleWords[ref.event];
  return valueOf(t.name, events[ref.event]) ?? noneValue(t.name, tag, agent);
}

/** Whether an event matches one term with value `value` (as the event's own reported values say). */
export function matchesTerm(name: string, value: string, e: Reported): boolean {
  if (name === 'identifier') return e.id === value;
  if (name === 'textFilter') return e.texts.some((x) => x.toLowerCase().includes(value.toLowerCase()));
  if (RANGE.has(name)) {
    const [from, to] = value.split('/').map((x) => Date.parse(x));
    return e.startMs >= from && e.startMs <= to;
  }
  const v = e.values.get(name);
  return Array.isArray(v) ? v.includes(value) : v === value;
}
