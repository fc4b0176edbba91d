import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import type { SchemaValidator } from '../schema/index.js';
import type { FilterTerm, ListExpectation } from './list-types.js';

/** Correctness under load (rule load.correct): a sampled list body against the schema and the profile's query. */

type Item = Record<string, unknown>;

/** Filters of the oldest description (spec § Filters, "all"); others are ignored there, so they are not checked. */
const OLDEST_FILTERS = new Set(['contributors', 'location', 'series', 'subject', 'textFilter']);
/** Filters whose value is compared with one string member of the event (spec § Event, exact match). */
const EXACT_MEMBER: Record<string, string> = {
  title: 'title', location: 'location', description: 'description', language: 'language', license: 'license',
  rightsholder: 'rightsholder', source: 'source', status: 'status', identifier: 'identifier',
  is_part_of: 'is_part_of', series: 'is_part_of', series_name: 'series',
};
/** From 1.4.0 the member `start` is the bibliographic start that the start filter and sort use (spec § Event). */
const BIBLIOGRAPHIC_START_SINCE: ApiVersion = '1.4.0';

const atLeast = (v: ApiVersion, min: ApiVersion) => API_VERSIONS.indexOf(v) >= API_VERSIONS.indexOf(min);

function startMs(item: Item, v: ApiVersion): number | undefined {
  if (!atLeast(v, BIBLIOGRAPHIC_START_SINCE) || typeof item.start !== 'string') return undefined;
  const t = Date.parse(item.start);
  return Number.isNaN(t) ? undefined : t;
}

/** Whether `item` satisfies one filter term; undefined when the list cannot show it (no false alarms). */
export function filterMatches(item: Item, f: FilterTerm, v: ApiVersion): boolean | undefined {
  if (v === API_VERSIONS[0] && !OLDEST_FILTERS.has(f.name)) return undefined;
  const member = EXACT_MEMBER[f.name];
  if (member !== undefined) return typeof item[member] === 'string' ? item[member] === f.value : undefined;
  if (f.name === 'textFilter') return f.shown ? JSON.stringify(item).toLowerCase().includes(f.value.toLowerCase()) : undefined;
  if (f.name === 'start') {
    const [from, to] = f.value.split('/').map((s) => Date.parse(s));
    const t = startMs(item, v);
    return t === undefined || Number.isNaN(from) || Number.isNaN(to) ? undefined : t >= from && t <= to;
  }
  return undefined;
}

/** Code-point order (real servers sort keyword fields by code point; docs/opencast-notes.md "Sort"). */
import { compareCodePoints } from '../checks/families/sort-order.js';
import { agreedOrder } from './collation.js';

export { compareCodePoints };

function sortValue(item: Item, name: string, v: ApiVersion): string | number | undefined {
  switch (name) {
    case 'title':
    case 'location':
      return typeof item[name] === 'string' ? (item[name] as string) : undefined;
    case 'series_name':
      return typeof item.series === 'string' ? item.series : undefined;
    case 'start_date':
    case 'date':
      return startMs(item, v);
    default:
      return undefined;
  }
}

function describe(item: Item, i: number): string {
  return `item ${i}${typeof item.identifier === 'string' ? ` (${item.identifier})` : ''}`;
}

/** Whether a list item is one of the run's own seeded events. */
export function isOwn(item: Item, run: ListExpectation['run']): boolean {
  if (run.ids) return typeof item.identifier === 'string' && run.ids.has(item.identifier);
  // Every seeded title is tagged and the tag is the seeded events' only subject (seed-plan.ts).
  const subjects = item.subjects;
  return (typeof item.title === 'string' && item.title.startsWith(`${run.tag} `)) || (Array.isArray(subjects) && subjects.includes(run.tag));
}

/** The run's own items with their index in the body. */
type Own = { item: Item; i: number };

function itemProblems(own: Own[], ex: ListExpectation): string[] {
  const out: string[] = [];
  for (const { item, i } of own) {
    for (const f of ex.filters) {
      if (filterMatches(item, f, ex.apiVersion) !== false) continue;
      const member = EXACT_MEMBER[f.name] ?? (f.name === 'start' ? 'start' : undefined);
      const shown = member ? ` has ${member} ${JSON.stringify(item[member])}` : ' does not contain the value';
      out.push(`${describe(item, i)}${shown}, outside the filter ${f.name}:${f.value}`);
    }
  }
  const s = ex.sort;
  if (!s) return out;
  // Every pair of the run's own items, judged only where every honest collation agrees and there is no tie.
  for (let j = 1; j < own.length; j++) {
    for (let k = 0; k < j; k++) {
      const a = sortValue(own[k].item, s.name, ex.apiVersion);
      const b = sortValue(own[j].item, s.name, ex.apiVersion);
      if (a === undefined || b === undefined) continue;
      const c = agreedOrder(a, b);
      if (s.desc ? c < 0 : c > 0) {
        out.push(`${describe(own[j].item, own[j].i)} is out of order for sort ${s.name}:${s.desc ? 'DESC' : 'ASC'} (${JSON.stringify(a)} before ${JSON.stringify(b)})`);
        return out;
      }
    }
  }
  return out;
}

/**
 * Problems of one sampled body ([] = correct): JSON, at most `limit` items, at least as many as the seeded events
 * that match, and for the run's own items only: schema `event-list`, filter and order.
 */
export function checkListBody(body: string, ex: ListExpectation, validator: SchemaValidator, max = 5): string[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    return [`body is not JSON (${(e as Error).message.split('\n')[0]}): ${JSON.stringify(body.slice(0, 80))}`];
  }
  if (!Array.isArray(data)) return validator.validate('event-list', data).map((x) => `schema event-list: ${x.path || '/'} ${x.message}`).slice(0, max);
  const problems: string[] = [];
  const own = data.flatMap((x, i): Own[] => (typeof x === 'object' && x !== null && !Array.isArray(x) && isOwn(x as Item, ex.run) ? [{ item: x as Item, i }] : []));
  for (const { item, i } of own) {
    problems.push(...validator.validate('event-list', [item]).map((x) => `schema event-list: ${x.path.replace(/^\/0/, `/${i}`) || '/'} ${x.message}`));
  }
  if (ex.limit !== undefined && data.length > ex.limit) problems.push(`${data.length} events, more than limit ${ex.limit}`);
  if (data.length < ex.minItems) problems.push(`${data.length} events, but at least ${ex.minItems} seeded events match`);
  problems.push(...itemProblems(own, ex));
  return problems.slice(0, max);
}
