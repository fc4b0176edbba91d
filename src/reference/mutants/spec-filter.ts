import type { Ctx } from '../app.js';
import type { FilterGroup } from '../list-params.js';
import { parseDateTime, isoSeconds } from '../time.js';
import type { EventView } from '../view.js';
import { everySecond, firstState, latin1 } from './spec-state.js';
import type { MutantName } from '../bug.js';
import { family, type MutantSpec } from './types.js';

/**
 * Filter mutants written from the spec alone (spec § GET /api/events, Filters; "filter | Comma-separated list of
 * filters. Each entry has the form <FilterName>:<value>"; "from version 1.5.0, a comma-separated use of the same
 * filter keyword is a logical OR"). Bug sites: handlers/list.ts passes the raw `filter` parameters through
 * filterParams (a keyword read as another) and the parsed groups through filterBugs (a wrong match).
 */

function bug(name: string, what: string, since?: '1.1.0'): MutantSpec {
  return { rule: `events.list.filter.${name}`, description: `filter ${name}:<value> ${what}`, ...(since ? { since } : {}) };
}

export const SPEC_FILTER_MUTANTS = family({
  'spec-filter-license-as-rightsholder': bug('license', 'compares the value with the rights holder instead of the license.', '1.1.0'),
  'spec-filter-rightsholder-as-license': bug('rightsholder', 'compares the value with the license instead of the rights holder.', '1.1.0'),
  'spec-filter-description-as-title': bug('description', 'compares the value with the title instead of the description.', '1.1.0'),
  'spec-filter-agent-id-as-location': bug('agent_id', 'compares the value with the location instead of the capture agent.', '1.1.0'),
  'spec-filter-technical-start-as-start': bug('technical_start', 'applies the range to the bibliographic start instead of the technical start.', '1.1.0'),
  'spec-filter-contributors-as-presenters': bug('contributors', 'compares the value with the presenters instead of the contributors.'),
  'spec-filter-series-name-as-identifier': bug('series_name', 'compares the value with the series identifier (is_part_of) instead of the series name.', '1.1.0'),
  'spec-filter-source-any-field': bug('source', 'lists every event having the value anywhere in its metadata (a full-text search), not only in source.', '1.1.0'),
  'spec-filter-created-as-start': bug('created', 'compares the value with the start date instead of the creation date.', '1.1.0'),
  'spec-filter-status-as-processing-state': bug('status', 'compares the value with processing_state instead of status.', '1.1.0'),
  'spec-filter-start-open-ended': bug('start', 'ignores the end of the range <from>/<to>: every event starting after <from> is listed.', '1.1.0'),
  'spec-filter-is-part-of-by-name': bug('is_part_of', 'compares the value with the series name instead of the series identifier.', '1.1.0'),
  'spec-filter-series-by-name': bug('series', 'compares the value with the series name instead of the series identifier.'),
  'spec-filter-language-empty-matches': bug('language', 'also lists events that have no language at all.', '1.1.0'),
  'spec-filter-location-latin1': bug('location', 'decodes the value as ISO-8859-1: a location with non-ASCII characters never matches.'),
  'spec-filter-textfilter-title-only': bug('textFilter', 'searches only the title and the description, not every metadata field.'),
  'spec-filter-title-stale-after-update': bug('title', 'matches the title an event was created with: later title changes never reach the filter index.', '1.1.0'),
  'spec-filter-identifier-last-only': {
    rule: 'events.list.filter.repeat',
    description: 'identifier given several times (identifier:A,identifier:B) keeps only the last value: only B is listed.',
    since: '1.1.0',
  },
  'spec-filter-or-late': {
    rule: 'events.list.filter.or',
    description: 'The OR of a repeated keyword arrives one version late: 1.5.0 still ANDs title:A,title:B.',
    since: '1.5.0',
    until: '1.5.0',
  },
  'spec-filter-flaky': {
    rule: 'events.list.filter.location',
    description: 'Every second list request that carries `filter` ignores it (every event is listed): a replica without the filter code.',
  },
});

/** Keywords read as another keyword (a wrong column in the query builder). */
const RENAMED: [MutantName, string, string][] = [
  ['spec-filter-license-as-rightsholder', 'license', 'rightsholder'],
  ['spec-filter-rightsholder-as-license', 'rightsholder', 'license'],
  ['spec-filter-description-as-title', 'description', 'title'],
  ['spec-filter-agent-id-as-location', 'agent_id', 'location'],
  ['spec-filter-technical-start-as-start', 'technical_start', 'start'],
  ['spec-filter-contributors-as-presenters', 'contributors', 'presenters'],
  ['spec-filter-series-name-as-identifier', 'series_name', 'is_part_of'],
];

function entries(params: string[]): string[] {
  return params.flatMap((p) => p.split(','));
}

function keyword(entry: string): string {
  const i = entry.indexOf(':');
  return i < 0 ? '' : entry.slice(0, i).trim();
}

/** Bug site (handlers/list.ts): the raw `filter` parameters, with a keyword read as another one. */
export function filterParams(ctx: Ctx, params: string[]): string[] {
  const rename = RENAMED.find(([name]) => ctx.app.bug(name));
  if (!rename) return params;
  const [, from, to] = rename;
  return params.map((p) => p.split(',').map((e) => (keyword(e) === from ? to + e.slice(e.indexOf(':')) : e)).join(','));
}

/** A group whose match is `one` (per value; ORed or ANDed like the group). */
function testing(g: FilterGroup, label: string, one: (v: EventView, value: string) => boolean): FilterGroup {
  const values = g.values;
  const match = g.any ? (v: EventView) => values.some((x) => one(v, x)) : (v: EventView) => values.every((x) => one(v, x));
  return { ...g, test: { label, match } };
}

function startsAfter(value: string): number {
  return parseDateTime(value.split('/')[0]) ?? Number.NEGATIVE_INFINITY;
}

/** Multi-valued keywords: a repeat is always an OR (spec: "May occur multiple times"). */
const ALWAYS_OR = new Set(['contributors', 'identifier', 'presenters']);

/** Bug site (handlers/list.ts): the parsed filter groups as a buggy server applies them. */
export function filterBugs(ctx: Ctx, params: string[], groups: FilterGroup[]): FilterGroup[] {
  const { bug, store } = ctx.app;
  if (groups.length > 0 && bug('spec-filter-flaky') && everySecond(ctx.app, 'filtered-list')) return [];
  const given = (name: string) => entries(params).some((e) => keyword(e) === name);
  return groups.map((g): FilterGroup => {
    switch (g.name) {
      case 'source':
        return bug('spec-filter-source-any-field') ? testing(g, 'source-any', (v, x) => v.fullText.includes(x.toLowerCase())) : g;
      case 'created':
        return bug('spec-filter-created-as-start') ? testing(g, 'created-start', (v, x) => isoSeconds(v.bibStartMs) === x) : g;
      case 'status':
        return bug('spec-filter-status-as-processing-state') ? testing(g, 'status-state', (v, x) => v.processingState === x) : g;
      case 'start':
        return bug('spec-filter-start-open-ended') ? testing(g, 'start-open', (v, x) => v.bibStartMs >= startsAfter(x)) : g;
      case 'subject':
        // Latitude subject-filter (no bug: the spec does not say how an event with several subjects matches).
        return ctx.app.lat('subject-filter') === 'first' ? testing(g, 'subject-first', (v, x) => v.subjects[0] === x) : g;
      case 'language':
        return bug('spec-filter-language-empty-matches') ? testing(g, 'language-empty', (v, x) => v.language === x || v.language === '') : g;
      case 'location':
        return bug('spec-filter-location-latin1') ? { ...g, values: g.values.map(latin1) } : g;
      case 'textFilter':
        return bug('spec-filter-textfilter-title-only')
          ? testing(g, 'text-title', (v, x) => `${v.title}\u0000${v.description}`.toLowerCase().includes(x.toLowerCase()))
          : g;
      case 'title':
        return bug('spec-filter-title-stale-after-update')
          ? testing(g, 'title-stale', (v, x) => {
            const rec = store.get(v.id);
            return ((rec && firstState(rec)?.episode.title) ?? v.title) === x;
          })
          : g;
      case 'identifier':
        return bug('spec-filter-identifier-last-only') ? { ...g, values: g.values.slice(-1) } : g;
      case 'is_part_of':
        if (bug('spec-filter-is-part-of-by-name') && given('is_part_of')) return testing(g, 'part-name', (v, x) => v.series === x);
        if (bug('spec-filter-series-by-name') && given('series')) return testing(g, 'series-name', (v, x) => v.series === x);
        return g;
      default:
        return g;
    }
  }).map((g) => (bug('spec-filter-or-late') && ctx.version === '1.5.0' && !ALWAYS_OR.has(g.name) ? { ...g, any: false } : g));
}
