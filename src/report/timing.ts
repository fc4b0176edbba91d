/**
 * Where a version's time went, from results.json `timing`: the phases, and what the run waited
 * for. Pure: the console prints `timingLine`, the HTML report shows `timingRows` as one small table per version.
 */
import type { RunResult, StageTiming, WaitStats } from '../model/index.js';
import { formatDuration } from './tally.js';

/** The conformance timing entries that carry the breakdown (older results files have none). */
export function detailedTiming(run: RunResult): StageTiming[] {
  return (run.timing ?? []).filter((t) => t.stage === 'conformance' && t.waits !== undefined);
}

const ms = (n: number) => formatDuration(n);
const p50max = (s: WaitStats) => (s.count === 0 ? 'none' : `p50 ${ms(s.p50Ms)} / max ${ms(s.maxMs)} (${s.count})`);

/** [what, figure] rows: phases, requests, index lag, processing, settle windows, waits given up, stage budget. */
export function timingRows(t: StageTiming): [string, string][] {
  const w = t.waits!;
  const phases = (t.phases ?? []).map((p) => `${p.phase} ${ms(p.durationMs)}${p.stopped ? ' (stopped)' : ''}`).join(' · ');
  const budget = (t.phases ?? []).find((p) => p.budgetMs !== undefined)?.budgetMs;
  const stopped = (t.phases ?? []).filter((p) => p.stopped).map((p) => `${p.phase}: ${p.stopped}`);
  return [
    ['wall time', `${ms(t.durationMs)}${phases ? `: ${phases}` : ''}`],
    ['requests', w.requests.count === 0 ? 'none' : `${w.requests.count}, ${p50max(w.requests)}, ${ms(w.requests.totalMs)} in all`],
    ['index lag (create → readable)', p50max(w.readable)],
    ['processing (media uploaded)', p50max(w.processed)],
    ['settle windows', w.settle.count === 0 ? 'none' : `${w.settle.count} checks, ${ms(w.settle.totalMs)} in all, ${p50max(w.settle)}; window W p50 ${ms(w.settle.windowP50Ms)} / max ${ms(w.settle.windowMaxMs)}`],
    ['waits given up (server not answering)', String(w.gaveUp)],
    ['stage budget (--phase-budget)', `${budget !== undefined ? ms(budget) : 'none'}${stopped.length ? `; ran out: ${stopped.join('; ')}` : '; not reached'}`],
  ];
}

/** One console line per version: `time 1.6.0: 33.1 s (…) · index lag p50 … · processing … · settle …`. */
export function timingLine(t: StageTiming): string {
  const w = t.waits!;
  const phases = (t.phases ?? []).map((p) => `${p.phase} ${ms(p.durationMs)}`).join(', ');
  return `time ${t.apiVersion}: ${ms(t.durationMs)}${phases ? ` (${phases})` : ''} · ${w.requests.count} requests · index lag ${p50max(w.readable)}` +
    ` · processing ${p50max(w.processed)} · ${ms(w.settle.totalMs)} in ${w.settle.count} settle windows${w.gaveUp ? ` · ${w.gaveUp} waits gave up` : ''}`;
}
