/**
 * Rules of a stage that did not run: the `load.*` budgets are judged only by the load stage,
 * which runs with `--load`, at one API version (the newest of the run). Elsewhere those rules are "not run",
 * never "uncovered" (a rule without a check) nor a gap in conformance.
 */
import type { RunResult } from '../model/index.js';
import { isLoadRule } from './tally.js';

/** The versions the load stage ran at, from the load results and the load.* budget results. */
export function loadVersions(run: RunResult): Set<string> {
  const out = new Set<string>();
  for (const l of run.load) if (l.apiVersion) out.add(l.apiVersion);
  for (const r of run.results) if (isLoadRule(r.rule)) out.add(r.apiVersion);
  return out;
}

/** Why `rule` has no check in `version` because its stage did not run there; undefined when the stage ran. */
export function notRunReason(run: RunResult, rule: string, version: string, ran = loadVersions(run)): string | undefined {
  if (!isLoadRule(rule) || ran.has(version)) return undefined;
  if (ran.size === 0) return run.load.length > 0 ? undefined : 'the load stage did not run (add --load)';
  return `the load stage ran at API ${[...ran].join(', ')} only`;
}
