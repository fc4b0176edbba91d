import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiVersion, CheckResult } from '../model/index.js';
import { progressReporter } from './progress.js';

function sink() {
  const out: string[] = [];
  return { out, err: { write: (s: string) => { out.push(s); return true; } } };
}

const result = (outcome: CheckResult['outcome'], rule: string): CheckResult => ({
  id: `1.6.0/s/${rule}`, rule, level: 'MUST', apiVersion: '1.6.0', endpoint: 'GET /api/events', outcome, message: `${rule} said so`, exchanges: [],
});

// CI logs are not TTYs; progress must still show there, in plain lines, every few seconds.
describe('progress on stderr', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('not a TTY: a plain line when a phase starts, else at most every 5 s, and the final count', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: false, output: 'normal', now: () => Date.now() });
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 0, total: 40, failed: 0 });
    expect(s.out).toEqual([expect.stringMatching(/^evconf: scenarios 1\.5\.0 0\/40 · 0 failed so far \(0 s\)\n$/)]);
    vi.advanceTimersByTime(1_000);
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 1, total: 40, failed: 0, results: [result('fail', 'a.b')] });
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 2, total: 40, failed: 1, results: [result('pass', 'a.c')] });
    expect(s.out).toHaveLength(1); // within the interval: held back
    vi.advanceTimersByTime(4_500); // the timer catches up once 5 s have passed since the last line
    expect(s.out).toHaveLength(2);
    expect(s.out[1]).toMatch(/^evconf: scenarios 1\.5\.0 2\/40 · 1 failed so far \(5 s\)\n$/);
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 40, total: 40, failed: 1, results: [] });
    expect(s.out).toHaveLength(2);
    p.onProgress({ phase: 'properties', version: '1.5.0', done: 0, total: 1, failed: 0 });
    // A phase that starts prints at once.
    expect(s.out.slice(2)).toEqual([expect.stringMatching(/^evconf: properties 1\.5\.0 0\/1 · 1 failed so far/)]);
    p.onProgress({ phase: 'properties', version: '1.5.0', done: 1, total: 1, failed: 0, results: [result('fail', 'p.q')] });
    p.finish();
    expect(s.out.at(-1)).toMatch(/properties 1\.5\.0 1\/1 · 2 failed so far/);
    expect(s.out.join('')).not.toMatch(/\r|\x1b/);
  });

  it('not a TTY, versions side by side: each line names every version in flight with its own count, at most one per 5 s but when the first version enters a phase', () => {
    const s = sink();
    const at: number[] = [];
    const t0 = Date.now();
    const err = { write: (x: string) => { at.push(Date.now() - t0); return s.err.write(x); } };
    const p = progressReporter({ err, tty: false, output: 'normal', now: () => Date.now() });
    // Three versions run side by side, each at its own pace: 100 scenarios (one every 60, 80, 100 ms), and beside
    // them (as the engine runs them) 3 s of properties from 0.5 s, then the stateful stage until 2 s after the
    // version's last scenario; the engine's own `done` for scenarios is summed over every version.
    type Ev = { t: number; version: ApiVersion; phase: string; done: number; total: number; versionDone?: number; versionTotal?: number; fail?: boolean };
    const evs: Ev[] = [];
    // Listed out of order: the lines name them in spec order.
    const versions: [ApiVersion, number][] = [['1.3.0', 80], ['1.0.0', 60], ['1.6.0', 100]];
    for (const [v, every] of versions) {
      evs.push({ t: 0, version: v, phase: 'scenarios', done: 0, total: 300, versionDone: 0, versionTotal: 100 });
      for (let i = 1; i <= 100; i++) evs.push({ t: i * every, version: v, phase: 'scenarios', done: 0, total: 300, versionDone: i, versionTotal: 100 });
      evs.push({ t: 500, version: v, phase: 'properties', done: 0, total: 1 }, { t: 3_500, version: v, phase: 'properties', done: 1, total: 1 });
      evs.push({ t: 3_500, version: v, phase: 'stateful', done: 0, total: 1 }, { t: 100 * every + 2_000, version: v, phase: 'stateful', done: 1, total: 1, fail: true });
    }
    evs.sort((a, b) => a.t - b.t);
    let now = 0;
    let all = 0;
    for (const e of evs) {
      vi.advanceTimersByTime(e.t - now);
      now = e.t;
      if (e.phase === 'scenarios' && e.versionDone) all++;
      p.onProgress({ phase: e.phase, version: e.version, done: e.phase === 'scenarios' ? all : e.done, total: e.total, failed: 0,
        ...(e.versionTotal ? { versionDone: e.versionDone, versionTotal: e.versionTotal } : {}),
        ...(e.done > 0 || e.versionDone ? { results: [result(e.fail ? 'fail' : 'pass', 'x.y')] } : {}) });
    }
    p.finish();
    const lines = s.out;
    // 12 s of run: at most one line per 5 s, one at each phase's first entry, and the final count.
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(12_000 / 5_000) + 3 + 1);
    const phasesIn = (l: string) => [...l.matchAll(/(?:^evconf: | · )(scenarios|properties|stateful) /g)].map((m) => m[1]);
    for (let i = 1; i < lines.length - 1; i++) {
      const firstEntry = phasesIn(lines[i]).some((ph) => lines.slice(0, i).every((l) => !phasesIn(l).includes(ph)));
      if (!firstEntry) expect(at[i] - at[i - 1], `line ${i} came ${at[i] - at[i - 1]} ms after the one before: ${lines[i]}`).toBeGreaterThanOrEqual(5_000);
    }
    // Every phase of every version in flight with its own count, never the count summed over all versions.
    expect(lines).toContainEqual('evconf: scenarios 1.0.0 58/100, 1.3.0 43/100, 1.6.0 34/100 · properties 1.0.0 0/1, 1.6.0 0/1 · stateful 1.3.0 0/1 · 0 failed so far (4 s)\n');
    expect(lines.some((l) => /\/300/.test(l))).toBe(false);
    // The final line: where every phase of every version ended.
    expect(lines.at(-1)).toMatch(/^evconf: scenarios 1\.0\.0 100\/100, 1\.3\.0 100\/100, 1\.6\.0 100\/100 · properties 1\.0\.0 1\/1, 1\.3\.0 1\/1, 1\.6\.0 1\/1 · stateful 1\.0\.0 1\/1, 1\.3\.0 1\/1, 1\.6\.0 1\/1 · 3 failed so far \(12 s\)\n$/);
  });

  it('not a TTY and nothing moves: a heartbeat line every 30 s', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: false, output: 'normal', now: () => Date.now() });
    p.onProgress({ phase: 'stateful', version: '1.6.0', done: 0, total: 1, failed: 0 });
    vi.advanceTimersByTime(61_000);
    expect(s.out).toHaveLength(3);
    p.finish();
    vi.advanceTimersByTime(61_000);
    expect(s.out).toHaveLength(3);
  });

  it('--quiet: nothing at all, also no other line', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: false, output: 'quiet', now: () => Date.now() });
    p.line('evconf 0.1.0: run …');
    p.onProgress({ phase: 'scenarios', version: '1.6.0', done: 1, total: 2, failed: 0, results: [result('fail', 'x.y')] });
    vi.advanceTimersByTime(60_000);
    p.finish();
    expect(s.out).toEqual([]);
  });

  it('--verbose: every decided check on a line of its own', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: false, output: 'verbose', now: () => Date.now() });
    p.onProgress({ phase: 'scenarios', version: '1.6.0', done: 1, total: 2, failed: 1, results: [result('fail', 'events.list.limit'), result('pass', 'events.list.status')] });
    expect(s.out.slice(0, 2)).toEqual(['  FAIL events.list.limit [1.6.0] events.list.limit said so\n', '  pass events.list.status [1.6.0] events.list.status said so\n']);
    p.finish();
  });

  it('--verbose with expectations: a failure they explain is marked known and not counted as failed', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: false, output: 'verbose', now: () => Date.now(), known: (r) => r.rule === 'events.list.limit' });
    p.onProgress({ phase: 'scenarios', version: '1.6.0', done: 2, total: 2, failed: 2, results: [result('fail', 'events.list.limit'), result('fail', 'events.list.status')] });
    expect(s.out.slice(0, 3)).toEqual(['  known events.list.limit [1.6.0] events.list.limit said so\n', '  FAIL events.list.status [1.6.0] events.list.status said so\n',
      expect.stringMatching(/ 2\/2 · 1 failed so far /)]);
    p.finish();
  });

  it('a TTY: the live line, redrawn in place and cleared at the end; other lines keep it intact', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: true, output: 'normal', now: () => Date.now() });
    p.onProgress({ phase: 'scenarios', version: '1.6.0', done: 5, total: 10, failed: 0 });
    expect(s.out.at(-1)).toMatch(/^\rscenarios 1\.6\.0 \[.+\] 5\/10/);
    p.line('load: seeding');
    expect(s.out.slice(-3)).toEqual(['\r\x1b[K', 'load: seeding\n', expect.stringMatching(/^\rscenarios 1\.6\.0/)]);
    p.finish();
    expect(s.out.at(-1)).toBe('\r\x1b[K');
  });
});
