import type { RunResult } from '../model/index.js';

/**
 * A results file with what changes from run to run taken out ("results JSON unchanged … apart from
 * timings and ids"): no run id, times, durations, exchanges or messages (they quote read counts and milliseconds),
 * and the run's own tags and event identifiers replaced. What stays is what a user's CI reads: every result's id,
 * rule, level, version, endpoint, outcome and source; the summary, the verdicts, the coverage, the rules, what the
 * probe observed and the capabilities it learned.
 */
/** Observations that say what the run happened to see while processing went on (timing, not the server's choices):
 * which states it read, and which writes it met while the event was busy. */
const TIMING_TOPICS = new Set(['status-values', 'transitions', 'busy-refusal']);

export function resultsShape(run: RunResult): Record<string, unknown> {
  const scrub = (v: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(v ?? null)
    .replace(/evconf[0-9a-z-]*/gi, '<tag>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>'));
  return scrub({
    tool: run.tool,
    seed: run.seed,
    summary: run.summary,
    verdicts: run.verdicts,
    results: run.results.map((r) => [r.id, r.rule, r.level, r.apiVersion, r.endpoint, r.outcome, r.source].join(' ')).sort(),
    coverage: run.coverage,
    rules: run.rules,
    observations: (run.observations ?? []).filter((o) => !TIMING_TOPICS.has(o.topic)).map((o) => JSON.stringify(o)).sort(),
    capabilities: run.capabilities,
  });
}
