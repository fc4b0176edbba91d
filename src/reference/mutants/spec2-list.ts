import type { Ctx } from '../app.js';
import type { FilterGroup, SortKey } from '../list-params.js';
import { parseRange } from '../list-params.js';
import { deriveView, type EventView } from '../view.js';
import { parseDateTime } from '../time.js';
import { copyEpisode } from '../episode.js';
import type { EpisodeValues, EventRecord } from '../types.js';
import { family } from './types.js';

/**
 * Filter and sort mutants of the second spec-only round (spec § GET /api/events, Filters: "identifier | Identifier
 * matches"; "is_part_of | Series the event is part of, by series identifier"; "Each entry has the form
 * <FilterName>:<value>"; "start | Start date, value form <datetime>/<datetime>"; "Rule: from version 1.5.0, a
 * comma-separated use of the same filter keyword is a logical OR"; Sort criteria). Bug sites: handlers/list.ts
 * (spec2Filters, spec2Sort) and handlers/create.ts (spec2Created, for the stale full-text index).
 */
export const SPEC2_LIST_MUTANTS = family({
  'spec2-filter-identifier-prefix': {
    rule: 'events.list.filter.identifier',
    description: 'identifier:<v> lists every event whose identifier starts with <v> (LIKE \'v%\'): a truncated identifier finds the event.',
    since: '1.1.0',
  },
  'spec2-filter-is-part-of-prefix': {
    rule: 'events.list.filter.is_part_of',
    description: 'is_part_of:<id> also lists events of series whose identifier starts with <id> (is_part_of:S1 lists events of S10).',
    since: '1.1.0',
  },
  'spec2-filter-plus-as-space': {
    rule: 'events.list.filter.title',
    description: 'Filter values are form-decoded a second time: a "+" in the value becomes a space, so title:C++ (sent as C%2B%2B) matches nothing.',
    since: '1.1.0',
  },
  'spec2-filter-value-colon-cut': {
    rule: 'events.list.filter.location',
    description: 'A filter entry is split on every ":" and the value is the second piece only: location:Room: 1 looks for "Room" (date ranges are joined back).',
  },
  'spec2-filter-subject-astral-dropped': {
    rule: 'events.list.filter.subject',
    description: 'The subject filter strips characters outside the BMP (emoji) from the value before the lookup: subject:🎵 Music never matches.',
  },
  'spec2-filter-textfilter-stale-after-update': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter searches the metadata an event was created with: text written by later updates or PUT /metadata is never found.',
  },
  'spec2-filter-or-first-keyword-only': {
    rule: 'events.list.filter.or',
    description: 'From 1.5.0 only the first repeated keyword is ORed; a second repeated keyword in the same request is still ANDed.',
    since: '1.5.0',
  },
  'spec2-filter-start-end-day-only': {
    rule: 'events.list.filter.start',
    description: 'The end of a start:<from>/<to> range is read as its date at 00:00: events on the last day of the range after midnight are missed.',
    since: '1.1.0',
  },
  'spec2-filter-technical-start-offset-ignored': {
    rule: 'events.list.filter.technical_start',
    description: 'technical_start range bounds with a UTC offset (+02:00) are read as UTC, ignoring the offset.',
    since: '1.1.0',
  },
  'spec2-sort-start-date-day-only': {
    rule: 'events.list.sort.start_date',
    description: 'sort=start_date compares only the start date (the day), not the time: events of one day stay in creation order.',
  },
  'spec2-sort-location-stale-after-update': {
    rule: 'events.list.sort.location',
    description: 'sort=location orders by the location an event was created with: later location changes (update, PUT /metadata) never reach the sort index.',
  },
});

const DAY_MS = 86_400_000;

function testing(g: FilterGroup, label: string, one: (v: EventView, value: string) => boolean): FilterGroup {
  const values = g.values;
  const match = g.any ? (v: EventView) => values.some((x) => one(v, x)) : (v: EventView) => values.every((x) => one(v, x));
  return { ...g, test: { label, match } };
}

/** Episode values of each event as created (the stale-index mutants). */
const created = new WeakMap<EventRecord, EpisodeValues>();

/** Bug site (handlers/create.ts, after the insert): remembers the metadata each new event was created with. */
export function spec2Created(ctx: Ctx, records: EventRecord[]): void {
  if (!ctx.app.bug('spec2-filter-textfilter-stale-after-update') && !ctx.app.bug('spec2-sort-location-stale-after-update')) return;
  for (const rec of records) created.set(rec, copyEpisode(rec.episode));
}

function createdText(ctx: Ctx, v: EventView): string {
  const rec = ctx.app.store.get(v.id);
  const first = rec && created.get(rec);
  if (!rec || !first) return v.fullText;
  return deriveView({ ...rec, episode: first }, (s) => ctx.app.store.seriesTitle(s)).fullText;
}

function createdValue(ctx: Ctx, v: EventView, key: 'location'): string {
  const rec = ctx.app.store.get(v.id);
  return (rec && created.get(rec)?.[key]) ?? v[key];
}

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s.replace(/\+/g, ' ');
  }
}

const withoutOffset = (s: string) => s.trim().replace(/([+-]\d{2}:?\d{2})$/, 'Z');
const DATES = new Set(['start', 'technical_start']);

/** Bug site (handlers/list.ts): the parsed filter groups as a buggy server applies them. */
export function spec2Filters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  const { bug } = ctx.app;
  let orSeen = false;
  return groups.map((g): FilterGroup => {
    if (bug('spec2-filter-plus-as-space') && !DATES.has(g.name)) g = { ...g, values: g.values.map(formDecode) };
    if (bug('spec2-filter-value-colon-cut') && !DATES.has(g.name)) g = { ...g, values: g.values.map((x) => x.split(':')[0]) };
    if (bug('spec2-filter-or-first-keyword-only') && g.values.length > 1 && g.any && g.name !== 'identifier' && g.name !== 'contributors') {
      if (orSeen) g = { ...g, any: false };
      orSeen = true;
    }
    switch (g.name) {
      case 'identifier':
        return bug('spec2-filter-identifier-prefix') ? testing(g, 'id-prefix', (v, x) => v.id.startsWith(x)) : g;
      case 'is_part_of':
        return bug('spec2-filter-is-part-of-prefix') ? testing(g, 'part-prefix', (v, x) => x !== '' && v.isPartOf.startsWith(x)) : g;
      case 'subject':
        return bug('spec2-filter-subject-astral-dropped') ? { ...g, values: g.values.map((x) => x.replace(/[\u{10000}-\u{10FFFF}]/gu, '').trim()) } : g;
      case 'textFilter':
        return bug('spec2-filter-textfilter-stale-after-update')
          ? testing(g, 'text-stale', (v, x) => createdText(ctx, v).includes(x.toLowerCase()))
          : g;
      case 'start':
        if (!bug('spec2-filter-start-end-day-only')) return g;
        return testing(g, 'start-day', (v, x) => {
          const r = parseRange('start', x);
          return v.bibStartMs >= r.from && v.bibStartMs <= Math.floor(r.to / DAY_MS) * DAY_MS;
        });
      case 'technical_start':
        if (!bug('spec2-filter-technical-start-offset-ignored')) return g;
        return testing(g, 'tech-offset', (v, x) => {
          const [a, b] = x.split('/').map((s) => parseDateTime(withoutOffset(s)) ?? NaN);
          return v.techStartMs >= a && v.techStartMs <= b;
        });
      default:
        return g;
    }
  });
}

const bySeq: SortKey = { name: 'title', desc: false, by: { label: 'seq', value: (v) => v.seq } };

/** Bug site (handlers/list.ts): the sort criteria as a buggy server applies them. */
export function spec2Sort(ctx: Ctx, keys: SortKey[]): SortKey[] {
  const { bug } = ctx.app;
  const day = bug('spec2-sort-start-date-day-only');
  const stale = bug('spec2-sort-location-stale-after-update');
  if (keys.length === 0 || (!day && !stale)) return keys;
  const mapped = keys.map((k): SortKey => {
    if (day && k.name === 'start_date') return { ...k, by: { label: 'start-day', value: (v) => Math.floor(v.bibStartMs / DAY_MS) } };
    if (stale && k.name === 'location') return { ...k, by: { label: 'location-stale', value: (v) => createdValue(ctx, v, 'location') } };
    return k;
  });
  return [...mapped, bySeq];
}
