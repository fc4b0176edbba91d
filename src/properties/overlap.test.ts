import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../core/capabilities.js';
import { casesInFlight } from '../core/overlap.js';
import { readFileSync } from 'node:fs';
import { PROPERTIES } from './registry.js';
import { schedules } from './runner.js';

const caps = (agents: Capabilities['agents']) => ({ agents }) as Capabilities;

/** The source file of each property (the registry's imports). */
const FILES: Record<string, string> = {
  'prop-acl-add-remove': 'acl-add-remove.ts', 'prop-acl-put': 'acl-put.ts', 'prop-invalid-queries': 'invalid-queries.ts', 'prop-invalid-writes': 'invalid-writes.ts',
  'prop-filter': 'list-filter.ts', 'prop-pages': 'list-pages.ts', 'prop-metadata-roundtrip': 'metadata-roundtrip.ts', 'prop-rrule': 'rrule-occurrences.ts', 'prop-conflicts': 'schedule-conflicts.ts',
  'oracle-list-rows': '../oracles/list-rows.ts', 'oracle-list-invariants': '../oracles/list-invariants.ts', 'oracle-unknown-event': '../oracles/unknown-event.ts',
};

// Generated cases that touch disjoint events run concurrently, bounded by --concurrency.
describe('casesInFlight', () => {
  it('--concurrency where the cases are disjoint, at least one', () => {
    expect(casesInFlight(undefined, 8, true)).toBe(8);
    expect(casesInFlight(caps({ kind: 'own' }), 5, true)).toBe(5);
    expect(casesInFlight(undefined, 0, true)).toBe(1);
    expect(casesInFlight(undefined, undefined, true)).toBe(1);
  });

  it('one after the other where a property does not declare it, or every schedule is on the user\'s one agent', () => {
    expect(casesInFlight(undefined, 8, undefined)).toBe(1);
    expect(casesInFlight(undefined, 8, false)).toBe(1);
    expect(casesInFlight(caps({ kind: 'fixed', id: 'ca-1' }), 8, true)).toBe(1);
    expect(casesInFlight(caps({ kind: 'fixed', id: 'ca-1' }), 8, true, true)).toBe(1);
  });

  it('on the user\'s one agent, side by side all the same where the cases never schedule', () => {
    expect(casesInFlight(caps({ kind: 'fixed', id: 'ca-1' }), 8, true, false)).toBe(8);
    expect(casesInFlight(caps({ kind: 'fixed', id: 'ca-1' }), 8, false, false)).toBe(1);
  });

  it('a property schedules exactly when it names rules that need a capture agent', () => {
    expect(schedules({})).toBe(false);
    expect(schedules({ needs: { series: ['events.list.filter.series'] } })).toBe(false);
    expect(schedules({ needs: { agents: ['events.create.rrule'] } })).toBe(true);
    // Those that never schedule build no scheduling part in their sources (a property that starts to must name the
    // rules that need the agent, and so takes turns on the user's one agent).
    for (const p of PROPERTIES.filter((d) => !schedules(d))) expect(readFileSync(new URL(`./${FILES[p.id]}`, import.meta.url), 'utf8'), p.id).not.toMatch(/scheduling|agent/);
  });

  it('every property decides: overlap is declared as data, true or false', () => {
    expect(PROPERTIES.filter((p) => typeof p.casesOverlap !== 'boolean').map((p) => p.id)).toEqual([]);
  });
});
