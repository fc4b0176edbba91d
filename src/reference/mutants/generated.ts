import type { AclEntry, EpisodeValues } from '../types.js';
import { family } from './types.js';

/**
 * Mutants that only generated cases find (the property stage, src/properties): the hand-written scenarios
 * use short ASCII titles, plain ACLs, weekday rules and partial overlaps, so they pass these.
 */
export const GENERATED_MUTANTS = family({
  'title-truncated-255': {
    rule: 'events.create.metadata',
    caughtBy: 'properties',
    description: 'POST /api/events stores at most 255 UTF-16 units of the title (a VARCHAR(255) column).',
  },
  'astral-mangled': {
    rule: 'metadata.put.applies',
    caughtBy: 'properties',
    description: 'PUT /metadata replaces characters outside the BMP (surrogate pairs) by U+FFFD in text fields.',
  },
  'rrule-byday-sunday-shift': {
    rule: 'events.create.rrule',
    caughtBy: 'properties',
    description: 'BYDAY=SU is read as Monday (weekday numbering off by one: Sunday 0 vs Monday 0).',
    since: '1.1.0',
  },
  'acl-roles-collapsed': {
    rule: 'acl.put.overwrites',
    caughtBy: 'properties',
    description: 'PUT /acl collapses duplicate roles across actions: a role keeps only its first two entries.',
  },
  'conflict-missed-containment': {
    rule: 'events.create.409',
    caughtBy: 'properties',
    description: 'A conflict is missed when one schedule lies strictly inside the other (only partial overlaps count).',
    since: '1.1.0',
  },
});

/** title-truncated-255: the first 255 UTF-16 units. */
export function truncateTitle(e: EpisodeValues): void {
  e.title = e.title.slice(0, 255);
}

/** astral-mangled: astral characters of every text field become U+FFFD. */
export function mangleAstral(e: EpisodeValues): EpisodeValues {
  const m = (s: string) => s.replace(/[\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
  const keys = ['title', 'description', 'language', 'rightsHolder', 'license', 'isPartOf', 'location', 'source'] as const;
  const out: EpisodeValues = { ...e, subjects: e.subjects.map(m), creator: e.creator.map(m), contributor: e.contributor.map(m) };
  for (const k of keys) out[k] = m(e[k]);
  return out;
}

/** rrule-byday-sunday-shift: SU in BYDAY becomes MO. */
export function shiftSunday(rule: string): string {
  return rule.replace(/BYDAY=([A-Z0-9+,-]+)/i, (_m, days: string) => `BYDAY=${[...new Set(days.split(',').map((d) => d.replace(/SU$/i, 'MO')))].join(',')}`);
}

/** acl-roles-collapsed: a role's third and later entries are dropped. */
export function collapseRoles(acl: AclEntry[]): AclEntry[] {
  const seen = new Map<string, number>();
  return acl.filter((e) => {
    const n = (seen.get(e.role) ?? 0) + 1;
    seen.set(e.role, n);
    return n <= 2;
  });
}

/** conflict-missed-containment: conflict entries whose span strictly contains, or lies strictly inside, a planned span are dropped. */
export function dropContained<C extends { start: string; end: string }>(conflicts: C[], planned: { startMs: number; endMs: number }[]): C[] {
  return conflicts.filter((c) => {
    const s = Date.parse(c.start);
    const e = Date.parse(c.end);
    return !planned.some((p) => (s < p.startMs && p.endMs < e) || (p.startMs < s && e < p.endMs));
  });
}
