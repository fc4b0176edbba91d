import type { Ctx } from '../app.js';
import type { FilterGroup } from '../list-params.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Multi-valued fields under filters, fourth spec-only round (spec § Filters: "contributors | Contributors match. May
 * occur multiple times", "subject | Subject the event is part of", "textFilter | Any metadata field matches the
 * value"; § Event: presenter, contributor and subjects are array[string]). Bug site: the list filters
 * (mutants/spec4-sites.ts).
 */
export const SPEC4_MULTI_MUTANTS = family({
  'spec4-filter-contributors-first-only': {
    rule: 'events.list.filter.contributors',
    description: 'contributors:<v> compares <v> with the first contributor of each event only: an event whose second contributor is <v> is not listed.',
  },
  'spec4-filter-subject-joined': {
    rule: 'events.list.filter.subject',
    description: 'subject:<v> compares <v> with the event\'s subjects joined by ", " (one text column): an event with subjects ["Art", "Music"] is found by neither subject:Art nor subject:Music; single-subject events are found.',
  },
  'spec4-textfilter-first-presenter-only': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter searches only the first presenter of each event (the search document keeps one creator element): a value held by the second presenter is not found.',
  },
  'spec4-filter-or-subject-all-values': {
    rule: 'events.list.filter.or',
    description: 'From 1.5.0 the OR of a repeated subject keyword (subject:Art,subject:Jazz) lists an event only when every one of its subjects is among the values (a reversed quantifier): an event with subjects ["Art", "Music"] is missing; a single subject:Art finds it.',
    since: '1.5.0',
  },
});

type Match = (val: string) => (v: EventView) => boolean;

const MATCHES: Partial<Record<string, { bug: 'spec4-filter-contributors-first-only' | 'spec4-filter-subject-joined' | 'spec4-textfilter-first-presenter-only'; match: Match }>> = {
  contributors: { bug: 'spec4-filter-contributors-first-only', match: (val) => (v) => v.contributors[0] === val },
  subject: { bug: 'spec4-filter-subject-joined', match: (val) => (v) => v.subjects.join(', ') === val },
  textFilter: {
    bug: 'spec4-textfilter-first-presenter-only',
    match: (val) => {
      const needle = val.toLowerCase();
      return (v) => [v.title, v.description, ...v.subjects, ...v.presenters.slice(0, 1), ...v.contributors, v.location, v.series, v.id,
        v.language, v.rightsholder, v.license, v.isPartOf, v.source].join('\u0000').toLowerCase().includes(needle);
    },
  },
};

/** A filter group of a multi-valued field as a buggy server matches it. */
export function multiFilter(ctx: Ctx, g: FilterGroup): FilterGroup {
  if (ctx.app.bug('spec4-filter-or-subject-all-values') && atLeast(ctx.version, '1.5.0') && g.name === 'subject' && g.any && g.values.length > 1 && !g.test) {
    const values = g.values;
    return { ...g, test: { label: 'subject-or-all', match: (v) => v.subjects.length > 0 && v.subjects.every((s) => values.includes(s)) } };
  }
  const m = MATCHES[g.name];
  if (!m || g.test || !ctx.app.bug(m.bug)) return g;
  const tests = g.values.map(m.match);
  const match = g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v));
  return { ...g, test: { label: m.bug, match } };
}
