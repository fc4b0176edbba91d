import { describe, expect, it } from 'vitest';
import type { ApiVersion } from '../model/index.js';
import { PROPERTIES } from '../properties/index.js';
import { STATEFUL_ID } from '../stateful/phase.js';
import { ClientRecord } from '../reference/index.js';
import type { DepartureKind } from '../reference/strict/departure.js';
import { describeFailures, runAgainstReference, suites } from './harness.js';

/**
 * The suite passes the reference server under `evconf serve --strict`, and it never departs from the
 * spec by accident. Every check that sends invalid input on purpose is listed here with the departure kinds it
 * may cause and why; every other check must cause none.
 */
const ON_PURPOSE: Record<string, { kinds: DepartureKind[]; why: string }> = {
  'create-invalid': { kinds: ['not-json'], why: 'events.create.400: a metadata part with unquoted keys must be refused' },
  'metadata-put-invalid': { kinds: ['not-json'], why: 'metadata.put.400: a truncated JSON metadata parameter must be refused' },
  'metadata-put-invalid-field': { kinds: ['wrong-type'], why: 'metadata.put.400: a field value that is neither a string nor an array must be refused, the valid field beside it too' },
  'sort-suffix': { kinds: ['sort-suffix'], why: 'events.list.sort.suffix: "The suffix is mandatory" — a criterion without it must be refused' },
  'list-filter-unknown': { kinds: ['unknown-filter'], why: 'events.list.filter.unknown: an unknown filter name must be refused (1.1.0+)' },
  'schedule-create-invalid': { kinds: ['scheduling-rule'], why: 'events.create.schedule-both: "Giving both end and duration is invalid"' },
  'schedule-create-rrule-no-duration': { kinds: ['scheduling-rule'], why: 'rrule without duration: "The duration is mandatory in this case"' },
  'schedule-create-rrule-no-end': { kinds: ['scheduling-rule'], why: 'events.create.rrule-end: "To schedule several events, give rrule, end and duration" — an rrule without end should be refused' },
  'scheduling-put-invalid': { kinds: ['not-json', 'missing-parameter', 'unknown-parameter'], why: 'scheduling.put.400: broken JSON, and a body without the required scheduling parameter' },
  'prop-invalid-writes': { kinds: ['not-json', 'wrong-type', 'scheduling-rule'], why: 'generated invalid writes (bad JSON parts and parameters, end together with duration) must all be refused' },
  'prop-invalid-queries': { kinds: ['sort-suffix', 'unknown-filter'], why: 'generated invalid queries (sort without suffix, unknown filter names) must all be refused' },
  'version-unlisted-refused': { kinds: ['unsupported-version'], why: 'versions.unlisted.refused: an Accept naming only a version the server does not list must be refused (406)' },
  'track-post': { kinds: ['wrong-type'], why: 'track.post.400-flavor: a flavor that is not type/subtype ("An unparsable value gives 400") must be refused' },
};

/**
 * Departures the suite makes wherever it deletes what it created (delete checks, the stateful stage, cleanup):
 * below 1.6.0 "the caller must retract published events before calling it", and the spec has no operation that
 * retracts. The double records them and never refuses them (src/reference/strict/stateful.ts).
 */
const DELETES_PUBLISHED: DepartureKind[] = ['delete-published'];
const own = (k: DepartureKind) => DELETES_PUBLISHED.includes(k);

const VERSIONS: ApiVersion[] = ['1.0.0', '1.6.0'];
const ALL_IDS = [...new Set([...suites.flatMap((f) => f.scenarios.map((s) => s.id)), ...PROPERTIES.map((p) => p.id), STATEFUL_ID])];
const departedIn = new Map<string, ApiVersion[]>();

describe('the suite against the reference server with --strict', () => {
  it('every on-purpose id names a check of the suite', () => {
    expect(Object.keys(ON_PURPOSE).filter((id) => !ALL_IDS.includes(id))).toEqual([]);
  });

  it.each(VERSIONS.map((v) => [v]))('version %s: the whole suite passes; its departures come only from the on-purpose checks', async (v) => {
    // The whole suite under --strict: no failure, and only kinds the on-purpose checks may cause.
    const whole = new ClientRecord(true);
    const run = await runAgainstReference([v], { strict: true, clientRecord: whole });
    expect(describeFailures(run)).toEqual([]);
    expect(run.summary.errored).toBe(0);
    expect(run.summary.passed).toBeGreaterThan(0);
    const allowed = new Set(Object.values(ON_PURPOSE).flatMap((p) => p.kinds));
    expect(whole.report().kinds.map((k) => k.kind).filter((k) => !allowed.has(k) && !own(k))).toEqual([]);

    // Everything else, run without the on-purpose checks: not one departure.
    const rest = new ClientRecord(true);
    const others = await runAgainstReference([v], { strict: true, clientRecord: rest, only: ALL_IDS.filter((id) => !(id in ON_PURPOSE)) });
    expect(others.summary.passed).toBeGreaterThan(0);
    const unexpected = rest.departing().filter((d) => d.departures.some((x) => !own(x.kind)));
    expect(unexpected.map((d) => `${d.request.method} ${d.request.target}: ${d.departures.map((x) => x.message).join('; ')}`)).toEqual([]);

    // Each on-purpose check alone: only its declared kinds.
    for (const [id, p] of Object.entries(ON_PURPOSE)) {
      const one = new ClientRecord(true);
      const r = await runAgainstReference([v], { strict: true, clientRecord: one, only: [id] });
      expect(describeFailures(r), id).toEqual([]);
      const kinds = one.report().kinds.map((k) => k.kind).filter((k) => !own(k));
      expect(kinds.filter((k) => !p.kinds.includes(k)), id).toEqual([]);
      if (kinds.length > 0) departedIn.set(id, [...(departedIn.get(id) ?? []), v]);
    }
  }, 300_000);

  it('no on-purpose entry is stale: each one departed in a version tested above', () => {
    expect(Object.keys(ON_PURPOSE).filter((id) => !departedIn.has(id))).toEqual([]);
  });
});
