import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../model/index.js';
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

  it('not a TTY: a plain line at each phase or version change, else at most every 5 s, and the final count', () => {
    const s = sink();
    const p = progressReporter({ err: s.err, tty: false, output: 'normal', now: () => Date.now() });
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 0, total: 40, failed: 0 });
    expect(s.out).toEqual([expect.stringMatching(/^evconf: scenarios 1\.5\.0 0\/40 done, 0 failed so far \(0 s\)\n$/)]);
    vi.advanceTimersByTime(1_000);
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 1, total: 40, failed: 0, results: [result('fail', 'a.b')] });
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 2, total: 40, failed: 1, results: [result('pass', 'a.c')] });
    expect(s.out).toHaveLength(1); // within the interval: held back
    vi.advanceTimersByTime(4_500); // the timer catches up once 5 s have passed since the last line
    expect(s.out).toHaveLength(2);
    expect(s.out[1]).toMatch(/^evconf: scenarios 1\.5\.0 2\/40 done, 1 failed so far \(5 s\)\n$/);
    p.onProgress({ phase: 'scenarios', version: '1.5.0', done: 40, total: 40, failed: 1, results: [] });
    p.onProgress({ phase: 'properties', version: '1.5.0', done: 0, total: 1, failed: 0 });
    // The phase change prints the ended phase's final count, then the new phase, at once.
    expect(s.out.slice(2)).toEqual([expect.stringMatching(/scenarios 1\.5\.0 40\/40 done, 1 failed/), expect.stringMatching(/properties 1\.5\.0 0\/1 done, 1 failed so far/)]);
    p.onProgress({ phase: 'properties', version: '1.5.0', done: 1, total: 1, failed: 0, results: [result('fail', 'p.q')] });
    p.finish();
    expect(s.out.at(-1)).toMatch(/properties 1\.5\.0 1\/1 done, 2 failed so far/);
    expect(s.out.join('')).not.toMatch(/\r|\x1b/);
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
      expect.stringMatching(/ 2\/2 done, 1 failed so far /)]);
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
