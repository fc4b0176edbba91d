/**
 * What `evconf run` writes to stderr while it runs (ARCHITECTURE.md § Contracts):
 *
 * - on a TTY: the live progress line, redrawn in place (as before);
 * - elsewhere (CI logs, pipes): plain lines naming every version in flight with its own count,
 *   `evconf: scenarios 1.0.0 40/158, 1.3.0 81/160 · properties 1.6.0 0/1 · 3 failed so far (41 s)`, at most one per
 *   PLAIN_INTERVAL_MS, and at once when the first version enters a phase, with a heartbeat when nothing moves;
 * - `--quiet`: nothing but errors (the summary goes to stdout as always);
 * - `--verbose`: also one line per decided check (outcome, rule, version, message).
 */
import type { Progress } from '../orchestrator/run.js';
import type { CheckResult } from '../model/index.js';
import { renderProgressLine } from '../report/console.js';
import { redactText } from '../redact/patterns.js';
import { versionIndex } from '../verdicts/tally.js';

/** Non-TTY progress lines are at most this often (the first version to enter a phase prints at once). */
export const PLAIN_INTERVAL_MS = 5_000;
/** With no progress at all for this long, the line is repeated so that a CI log shows the run is alive. */
export const HEARTBEAT_MS = 30_000;

export type OutputLevel = 'quiet' | 'normal' | 'verbose';

export interface ProgressReporter {
  onProgress(p: Progress & { results?: readonly CheckResult[] }): void;
  /** A line of its own (e.g. the load stage's log), kept apart from the live TTY line. */
  line(text: string): void;
  /** An error line: printed also with --quiet. */
  error(text: string): void;
  /** Clears the live line and stops the timer. */
  finish(): void;
}

const MARK: Record<CheckResult['outcome'], string> = { pass: 'pass', fail: 'FAIL', warn: 'warn', skip: 'skip', error: 'ERR ' };

/**
 * One verbose line per check: `FAIL events.list.limit [1.6.0] limit=2 returned 3 events`; a failure the run's
 * expectations explain is marked `known`, as every report shows it.
 */
export function resultLine(r: CheckResult, known = false): string {
  const msg = redactText(r.message.replace(/\s+/g, ' ')).slice(0, 200);
  const mark = known && (r.outcome === 'fail' || r.outcome === 'warn') ? 'known' : MARK[r.outcome];
  return `  ${mark} ${r.rule} [${r.apiVersion}]${msg ? ` ${msg}` : ''}`;
}

/** Where one version stands: its phase and its own count in it. */
export interface VersionProgress {
  version: string;
  phase: string;
  done: number;
  total: number;
}

const PHASE_ORDER = ['probe', 'scenarios', 'properties', 'stateful', 'load'];
const phaseRank = (p: string) => {
  const i = PHASE_ORDER.indexOf(p);
  return i < 0 ? PHASE_ORDER.length : i;
};

/**
 * A plain (non-TTY) progress line naming every version in flight with its own count, grouped by phase, versions
 * in spec order:
 * `evconf: scenarios 1.0.0 40/158, 1.3.0 81/160 · properties 1.6.0 0/1 · 3 failed so far (41 s)`.
 */
export function plainLine(versions: readonly VersionProgress[], failed: number, elapsedMs: number): string {
  const phases = [...new Set(versions.map((v) => v.phase))].sort((a, b) => phaseRank(a) - phaseRank(b));
  const groups = phases.map((ph) => `${ph} ${versions.filter((v) => v.phase === ph).sort((a, b) => versionIndex(a.version) - versionIndex(b.version)).map((v) => `${v.version ? `${v.version} ` : ''}${v.total > 0 ? `${v.done}/${v.total}` : `${v.done}`}`).join(', ')}`);
  return `evconf: ${groups.join(' · ')}${groups.length ? ' · ' : ''}${failed} failed so far (${Math.round(elapsedMs / 1000)} s)`;
}

export function progressReporter(o: {
  err: { write(s: string): unknown };
  tty: boolean;
  output: OutputLevel;
  now?: () => number;
  intervalMs?: number;
  heartbeatMs?: number;
  /**
   * Whether the run's expectations explain a result: it is then not counted as failed, and marked known. Default: the
   * mark the run put on it (the orchestrator marks the results of its progress events, src/orchestrator/run.ts).
   */
  known?: (r: CheckResult) => boolean;
}): ProgressReporter {
  const known = o.known ?? ((r: CheckResult) => r.expectation?.status === 'known');
  const now = o.now ?? Date.now;
  const interval = o.intervalMs ?? PLAIN_INTERVAL_MS;
  const heartbeat = o.heartbeatMs ?? HEARTBEAT_MS;
  const started = now();
  let last: Progress | undefined;
  let live = false;
  // Failures so far, counted from the results the engine reports (its own count is per phase for generated phases).
  let failedSoFar = 0;
  let counted = false;
  // Plain lines: where each phase of each version stands (they run side by side), keyed `phase|version`.
  const versions = new Map<string, VersionProgress>();
  let failed = 0;
  let dirty = false;
  // Phases some version has entered: the first entry into each prints at once (the run's phase changes).
  const seenPhases = new Set<string>();
  let lastPrintAt = 0;

  const clearLive = () => {
    if (live) o.err.write('\r\x1b[K');
    live = false;
  };
  const drawLive = () => {
    if (!last) return;
    o.err.write(`\r${renderProgressLine({ phase: last.phase, done: last.done, total: last.total, failed: last.failed, ...(last.version ? { version: last.version } : {}) })}\x1b[K`);
    live = true;
  };
  /**
   * The phases of versions in flight (a version runs its generated phases beside its scenarios: each phase of each
   * version counts on its own); when none is left, where each ended (the final line).
   */
  const inFlight = () => {
    const all = [...versions.values()];
    const going = all.filter((v) => v.done < v.total);
    return going.length ? going : all;
  };
  const printPlain = () => {
    const vs = inFlight();
    o.err.write(`${plainLine(vs, failed, now() - started)}\n`);
    lastPrintAt = now();
    dirty = false;
  };

  // At most one line per interval; the timer prints what came within it, and keeps a quiet CI log alive.
  const timer = !o.tty && o.output !== 'quiet'
    ? setInterval(() => {
      if (versions.size === 0) return;
      const since = now() - lastPrintAt;
      if ((dirty && since >= interval) || since >= heartbeat) printPlain();
    }, Math.min(interval, 1_000))
    : undefined;
  timer?.unref();

  return {
    onProgress(p) {
      if (o.output === 'quiet') return;
      const { results, ...given } = p;
      if (results) {
        counted = true;
        failedSoFar += results.filter((r) => (r.outcome === 'fail' || r.outcome === 'error') && !known(r)).length;
      }
      const state = { ...given, failed: counted ? failedSoFar : given.failed };
      if (o.output === 'verbose' && results?.length) {
        clearLive();
        for (const r of results) o.err.write(`${resultLine(r, known(r))}\n`);
      }
      last = state;
      if (o.tty) return drawLive();
      versions.set(`${state.phase}|${state.version ?? ''}`, { version: state.version ?? '', phase: state.phase, done: state.versionDone ?? state.done, total: state.versionTotal ?? state.total });
      failed = state.failed;
      dirty = true;
      // The first version to enter a phase prints at once; anything else waits for the interval.
      const starts = !seenPhases.has(state.phase);
      seenPhases.add(state.phase);
      if (starts || now() - lastPrintAt >= interval) printPlain();
    },
    line(text) {
      if (o.output === 'quiet') return;
      clearLive();
      o.err.write(`${text}\n`);
      if (o.tty) drawLive();
    },
    error(text) {
      clearLive();
      o.err.write(`${text}\n`);
      if (o.tty && o.output !== 'quiet') drawLive();
    },
    finish() {
      if (timer) clearInterval(timer);
      if (!o.tty && o.output !== 'quiet' && dirty) printPlain();
      clearLive();
    },
  };
}
