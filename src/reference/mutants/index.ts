import { EVENT_MUTANTS } from './events.js';
import { HOSTILE_MUTANTS } from './hostile.js';
import { LIST_MUTANTS } from './list.js';
import { ACL_MUTANTS } from './acl.js';
import { METADATA_MUTANTS } from './metadata.js';
import { SCHEDULING_MUTANTS } from './scheduling.js';
import { LOAD_MUTANTS } from './load.js';
import { SORT_MUTANTS } from './sort.js';
import { GENERATED_MUTANTS } from './generated.js';
import { PUBLICATION_MUTANTS } from './publications.js';
import { AUTH_MUTANTS } from './auth.js';
import { CHECKS_NEW_MUTANTS } from './checks-new.js';
import { SPEC_SORT_MUTANTS } from './spec-sort.js';
import { SPEC_FILTER_MUTANTS } from './spec-filter.js';
import { SPEC_PAGING_MUTANTS } from './spec-paging.js';
import { SPEC_EVENT_MUTANTS } from './spec-events.js';
import { SPEC_ACL_MUTANTS } from './spec-acl.js';
import { SPEC_METADATA_MUTANTS } from './spec-metadata.js';
import { SPEC_PUBLICATION_MUTANTS } from './spec-publications.js';
import { SPEC_SCHEDULING_MUTANTS } from './spec-scheduling.js';
import { SPEC2_LIST_MUTANTS } from './spec2-list.js';
import { SPEC2_PAGING_MUTANTS } from './spec2-paging.js';
import { SPEC2_VERSION_MUTANTS } from './spec2-versions.js';
import { SPEC2_EVENT_MUTANTS } from './spec2-events.js';
import { SPEC2_SCHEDULING_MUTANTS } from './spec2-scheduling.js';
import { SPEC2_ACL_MUTANTS } from './spec2-acl.js';
import { SPEC2_METADATA_MUTANTS } from './spec2-metadata.js';
import { SPEC2_PUBLICATION_MUTANTS } from './spec2-publications.js';
import { SPEC2_SHAPE_MUTANTS } from './spec2-shape.js';
import { SPEC3A_MUTANTS } from './spec3a-index.js';
import { SPEC3B_MUTANTS } from './spec3b-index.js';
import { SPEC4_MUTANTS } from './spec4-index.js';
import { OPENCAST_MUTANTS } from './opencast.js';
import { BLIND4_MUTANTS } from './blind4-index.js';
import type { MutantDef } from './types.js';
import type { BugFn } from '../bug.js';

export type { MutantDef, MutantSpec, Handler } from './types.js';

/** Every mutant, by name. Add a family by spreading its object here. */
const ALL = { ...HOSTILE_MUTANTS, ...EVENT_MUTANTS, ...LIST_MUTANTS, ...ACL_MUTANTS, ...METADATA_MUTANTS, ...SCHEDULING_MUTANTS, ...LOAD_MUTANTS, ...SORT_MUTANTS, ...GENERATED_MUTANTS, ...PUBLICATION_MUTANTS, ...AUTH_MUTANTS,
  // Written from the spec alone (issue 11): src/reference/mutants/spec-*.ts.
  ...SPEC_SORT_MUTANTS, ...SPEC_FILTER_MUTANTS, ...SPEC_PAGING_MUTANTS, ...SPEC_EVENT_MUTANTS, ...SPEC_ACL_MUTANTS,
  ...SPEC_METADATA_MUTANTS, ...SPEC_PUBLICATION_MUTANTS, ...SPEC_SCHEDULING_MUTANTS,
  // Caught by the checks strengthened for issue 11 (items 1, 3-6): src/reference/mutants/checks-new.ts.
  ...CHECKS_NEW_MUTANTS,
  // Second round written from the spec alone: src/reference/mutants/spec2-*.ts.
  ...SPEC2_LIST_MUTANTS, ...SPEC2_PAGING_MUTANTS, ...SPEC2_VERSION_MUTANTS, ...SPEC2_EVENT_MUTANTS, ...SPEC2_SCHEDULING_MUTANTS,
  ...SPEC2_ACL_MUTANTS, ...SPEC2_METADATA_MUTANTS, ...SPEC2_PUBLICATION_MUTANTS, ...SPEC2_SHAPE_MUTANTS,
  // Third round written from the spec alone: src/reference/mutants/spec3a-*.ts and spec3b-*.ts.
  ...SPEC3A_MUTANTS, ...SPEC3B_MUTANTS,
  // Issue 23: one mutant per blind-spot class, caught by that class's improved data and checks: src/reference/mutants/blind4-*.ts.
  ...BLIND4_MUTANTS,
  // Fourth round written from the spec alone: src/reference/mutants/spec4-*.ts (bug sites: spec4-sites.ts).
  ...SPEC4_MUTANTS,
  // Documented deviations of real Opencast (issue 22): src/reference/mutants/opencast.ts; the Opencast mode turns them on together.
  ...OPENCAST_MUTANTS };

/** Names of all mutants (a literal union: bug('typo') does not compile). */
export type MutantName = keyof typeof ALL;

export const MUTANTS: Readonly<Record<string, MutantDef>> = ALL;

export function isMutantName(name: string): name is MutantName {
  return Object.prototype.hasOwnProperty.call(ALL, name);
}

/** Asks whether the planted bug `name` is switched on in this server (declared in ../bug.ts). */
export type { BugFn };

/** The bug() helper of one server; throws a clear Error for an unknown mutant name. */
export function makeBug(mutant: string | undefined, switches: readonly string[] = []): BugFn {
  const on = [...switches, ...(mutant === undefined || mutant === '' ? [] : [mutant])];
  for (const name of on) {
    if (!isMutantName(name)) throw new Error(`Unknown mutant "${name}". Known mutants: ${Object.keys(ALL).sort().join(', ')}`);
  }
  if (on.length === 0) return () => false;
  if (on.length === 1) return (name) => name === on[0];
  const set = new Set<string>(on);
  return (name) => set.has(name);
}
