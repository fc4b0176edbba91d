import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../model/index.js';
import { LIST_VIEW_MUTANTS } from '../reference/mutants/list-views.js';
import { UNKNOWN_EVENT_MUTANTS } from '../reference/mutants/unknown-event.js';
import { MUTANTS as ALL_MUTANTS } from '../reference/index.js';
import { describeFailures, runAgainstReference } from '../selftest/harness.js';
import { versionsOf } from '../selftest/mutant-cases.js';

/**
 * The oracles can fail (ARCHITECTURE.md, principle 3): each planted bug of src/reference/mutants/list-views.ts is caught by the rule it
 * breaks, by the oracles alone (only the property stage, only that rule), in every version where it applies; and the
 * unchanged reference server passes the oracles in every version.
 */

const MUTANTS = { ...LIST_VIEW_MUTANTS, ...UNKNOWN_EVENT_MUTANTS, 'rrule-wkst-ignored': ALL_MUTANTS['rrule-wkst-ignored'] };

const ORACLE: Record<keyof typeof MUTANTS, string> = {
  'list-row-publications-from-neighbour': 'oracle-list-rows',
  'list-row-acl-joined-before-sort': 'oracle-list-rows',
  'list-row-title-stale-after-metadata-put': 'oracle-list-rows',
  'list-row-text-normalized-nfc': 'oracle-list-rows',
  'list-row-metadata-latin1': 'oracle-list-rows',
  'list-sort-repeats-tied-rows': 'oracle-list-invariants',
  'list-sort-location-collapses-ties': 'oracle-list-invariants',
  'list-sort-presenter-row-per-presenter': 'oracle-list-invariants',
  'list-or-repeats-events-matching-both': 'oracle-list-invariants',
  'unknown-event-withmetadata-200': 'oracle-unknown-event',
  'rrule-wkst-ignored': 'prop-rrule',
};

describe.concurrent('oracles: their planted bugs are caught by their rule', () => {
  it.each(Object.entries(ORACLE))('%s is caught by %s in every version it applies to', async (name, oracle) => {
    const m = MUTANTS[name as keyof typeof MUTANTS];
    const versions = versionsOf(m);
    expect(versions.length).toBeGreaterThan(0);
    // As the mutant self-test runs it (only the rule, the self-test's few cases), in the property stage; the result
    // must come from the oracle (another property of the rule may catch it too).
    const run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['properties'] });
    const caught = versions.filter((v) => run.results.some((r) => r.apiVersion === v && r.rule === m.rule && r.outcome === 'fail' && r.source === oracle));
    expect(caught, JSON.stringify(describeFailures(run)).slice(0, 2000)).toEqual(versions);
    expect(run.summary.errored).toBe(0);
  }, 300_000);

  it('the unchanged reference server passes the oracles in every version', async () => {
    const run = await runAgainstReference([...API_VERSIONS], { only: ['oracle-*'], phases: ['properties'], seed: 34 });
    expect(describeFailures(run)).toEqual([]);
    expect(run.summary.errored).toBe(0);
    expect(run.summary.passed).toBeGreaterThan(0);
  }, 300_000);
});

/**
 * Planted bugs written from the spec alone (by others, without seeing the oracles) that the oracles and the generators
 * they changed catch, by the self-test's own procedure (src/selftest/mutant-cases.ts: the scenarios first, then every
 * conformance stage, only the bug's rule): each caught by its rule in every version it applies to.
 */
const SPEC_ONLY_CAUGHT = [
  'get-withmetadata-astral-replaced', 'list-withacl-row-per-read-entry', 'list-row-extra-catalog-from-previous-row', 'list-row-title-composed',
  'sort-presenter-row-per-presenter', 'list-page-ties-reversed-after-first', 'get-unknown-withacl-200', 'metadata-put-plus-as-space',
  'acl-add-role-plus-as-space', 'acl-remove-role-decoded-twice', 'rrule-wkst-ignored', 'rrule-default-wkst-sunday', 'rrule-interval-counts-byday-occurrences',
  'rrule-bymonthday-clamped-to-month-end',
];

describe.concurrent('oracles: planted bugs written from the spec alone are caught by their rule', () => {
  it.each(SPEC_ONLY_CAUGHT)('%s', async (name) => {
    const m = ALL_MUTANTS[name];
    expect(m, name).toBeDefined();
    const versions = versionsOf(m);
    const caughtIn = (run: Awaited<ReturnType<typeof runAgainstReference>>) => versions.filter((v) => run.results.some((r) => r.apiVersion === v && r.rule === m.rule && (r.outcome === 'fail' || r.outcome === 'warn')));
    let run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['scenarios'] });
    let caught = caughtIn(run);
    if (caught.length < versions.length) {
      run = await runAgainstReference(versions, { mutant: name, only: [m.rule], phases: ['scenarios', 'properties', 'stateful'] });
      caught = caughtIn(run);
    }
    expect(caught, JSON.stringify(describeFailures(run)).slice(0, 2000)).toEqual(versions);
    expect(run.summary.errored).toBe(0);
  }, 300_000);
});

/**
 * The rows-seen oracle (rows-seen.ts) judges the rows of every list a stage receives: planted bugs of list rows are
 * caught through the scenario stage's lists alone (no property or stateful stage), by the rule the row breaks; and
 * one bug no check of its rule asks for (a title borrowed under sort=workflow_state, which only the sort scenarios
 * and the list-invariants property ask for, judging order and identifiers) is caught by this oracle only.
 */
const SEEN_IN_SCENARIO_LISTS: Record<string, string> = {
  'list-row-publications-from-neighbour': 'events.list.withpublications',
  'list-row-publications-from-previous-row': 'events.list.withpublications',
  'list-row-acl-deny-shown-allow': 'events.list.withacl',
  'list-row-metadata-latin1': 'events.list.withmetadata',
  // An event listed twice in one response.
  'list-withacl-row-per-read-entry': 'events.list.rows',
  'list-or-repeats-events-matching-both': 'events.list.rows',
};

describe.concurrent('oracle rows-seen: planted bugs of list rows caught through the scenarios\' lists', () => {
  it.each(Object.entries(SEEN_IN_SCENARIO_LISTS))('%s is caught by oracle-rows-seen as %s (1.6.0, scenarios only)', async (name, rule) => {
    const run = await runAgainstReference(['1.6.0'], { mutant: name, phases: ['scenarios'] });
    const caught = run.results.filter((r) => r.source === 'oracle-rows-seen' && r.outcome === 'fail').map((r) => r.rule);
    expect(caught, JSON.stringify(describeFailures(run)).slice(0, 2000)).toContain(rule);
    expect(run.summary.errored).toBe(0);
  }, 300_000);

  it('list-row-title-from-state-group-head is caught by oracle-rows-seen alone, in every version', async () => {
    const m = ALL_MUTANTS['list-row-title-from-state-group-head'];
    expect(m.caughtBy).toBe('oracles');
    const versions = versionsOf(m);
    expect(versions).toEqual([...API_VERSIONS]);
    const only = ['sort-workflow-state', 'sort-workflow-state-accepted', 'oracle-rows-seen'];
    const run = await runAgainstReference(versions, { mutant: m.name, only, phases: ['scenarios'] });
    const failed = run.results.filter((r) => r.outcome === 'fail');
    expect(failed.filter((r) => r.source !== 'oracle-rows-seen').map((r) => r.id)).toEqual([]);
    expect(versions.filter((v) => failed.some((r) => r.apiVersion === v && r.rule === m.rule)), JSON.stringify(describeFailures(run)).slice(0, 2000)).toEqual(versions);
    // The unchanged server passes the same run.
    const clean = await runAgainstReference(versions, { only, phases: ['scenarios'] });
    expect(describeFailures(clean)).toEqual([]);
    expect(versions.filter((v) => clean.results.some((r) => r.apiVersion === v && r.rule === m.rule && r.outcome === 'pass'))).toEqual(versions);
  }, 300_000);
});
