/**
 * What `evconf run` writes to stderr while it runs (ARCHITECTURE.md § Contracts):
 *
 * - on a TTY: the live progress line, redrawn in place (as before);
 * - elsewhere (CI logs, pipes): plain lines `evconf: scenarios 1.6.0 142/300 done, 3 failed so far (41 s)`, at each
 *   phase or version change and otherwise at most every PLAIN_INTERVAL_MS, with a heartbeat when nothing moves;
 * - `--quiet`: nothing but errors (the summary goes to stdout as always);
 * - `--verbose`: also one line per decided check (outcome, rule, version, message).
 */
import type { Progress } from '../engine/run.js';
import type { CheckResult } from '../model/index.js';
import { renderProgressLine } from '../report/console.js';
import { redactText } from '../report/redact.js';

/** Non-TTY progress lines are at most this often (phase and version changes print at once). */
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

/** A plain (non-TTY) progress line. */
export function plainLine(p: Progress, elapsedMs: number): string {
  const counts = p.total > 0 ? `${p.done}/${p.total} done` : `${p.done} done`;
  return `evconf: ${p.phase}${p.version ? ` ${p.version}` : ''} ${counts}, ${p.failed} failed so far (${Math.round(elapsedMs / 1000)} s)`;
}

export function progressReporter(o: {
  err: { write(s: string): unknown };
  tty: boolean;
  output: OutputLevel;
  now?: () => number;
  intervalMs?: number;
  heartbeatMs?: number;
  /** Whether the run's expectations explain a result: it is then not counted as failed, and marked known. */
  known?: (r: CheckResult) => boolean;
}): ProgressReporter {
  const now = o.now ?? Date.now;
  const interval = o.intervalMs ?? PLAIN_INTERVAL_MS;
  const heartbeat = o.heartbeatMs ?? HEARTBEAT_MS;
  const started = now();
  let last: Progress | undefined;
  let lastKey = '';
  let lastPrinted: Progress | undefined;
  let lastPrintAt = 0;
  let live = false;
  // Failures so far, counted from the results the engine reports (its own count is per phase for generated phases).
  let failedSoFar = 0;
  let counted = false;

  const clearLive = () => {
    if (live) o.err.write('\r\x1b[K');
    live = false;
  };
  const drawLive = () => {
    if (!last) return;
    o.err.write(`\r${renderProgressLine({ phase: last.phase, done: last.done, total: last.total, failed: last.failed, ...(last.version ? { version: last.version } : {}) })}\x1b[K`);
    live = true;
  };
  const printPlain = (p: Progress) => {
    o.err.write(`${plainLine(p, now() - started)}\n`);
    lastPrinted = p;
    lastPrintAt = now();
  };
  const same = (a: Progress | undefined, b: Progress) => a !== undefined && a.phase === b.phase && a.version === b.version && a.done === b.done && a.failed === b.failed;

  // The timer catches up on progress that arrived within the interval, and keeps a quiet CI log alive.
  const timer = !o.tty && o.output !== 'quiet'
    ? setInterval(() => {
      if (!last) return;
      const since = now() - lastPrintAt;
      if ((!same(lastPrinted, last) && since >= interval) || since >= heartbeat) printPlain(last);
    }, Math.min(interval, 1_000))
    : undefined;
  timer?.unref();

  return {
    onProgress(p) {
      if (o.output === 'quiet') return;
      const { results, ...given } = p;
      if (results) {
        counted = true;
        failedSoFar += results.filter((r) => (r.outcome === 'fail' || r.outcome === 'error') && !o.known?.(r)).length;
      }
      const state = { ...given, failed: counted ? failedSoFar : given.failed };
      if (o.output === 'verbose' && results?.length) {
        clearLive();
        for (const r of results) o.err.write(`${resultLine(r, o.known?.(r))}\n`);
      }
      const previous = last;
      last = state;
      if (o.tty) return drawLive();
      const key = `${state.phase}|${state.version ?? ''}`;
      const changed = key !== lastKey;
      // A phase or version that ends: its final count first (it may have come within the interval), then the new one.
      if (changed && previous && !same(lastPrinted, previous)) printPlain(previous);
      lastKey = key;
      if (changed || now() - lastPrintAt >= interval) printPlain(state);
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
      if (!o.tty && last && o.output !== 'quiet' && !same(lastPrinted, last)) printPlain(last);
      clearLive();
    },
  };
}
