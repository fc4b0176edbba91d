import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../model/index.js';
import { giveUpTest } from './readiness.js';
import { decideSettle, LagTracker, SETTLE_WINDOW_FLOOR_MS, settleLoop, settleWindow, type SettleLoopOptions, type SettleMode, type SettleRead } from './settle.js';
import { WaitLedger } from './wait-ledger.js';

/** Reads from a compact notation: `T`/`F` = holds or not, the letter after it the answer, at the given times. */
function reads(spec: string, times: number[]): SettleRead[] {
  return spec.split(' ').map((s, i) => ({ holds: s[0] === 'T', answer: s.slice(1) || s[0], atMs: times[i] }));
}

/** Feeds reads one by one, as the engine does, and returns the first decision with the read it came at. */
function run(mode: SettleMode, rs: SettleRead[], windowMs: number, finalAt = Infinity) {
  for (let n = 1; n <= rs.length; n++) {
    const d = decideSettle(mode, rs.slice(0, n), { windowMs, final: rs[n - 1].atMs >= finalAt, graceUsed: n > 1 && rs[n - 2].atMs >= finalAt });
    if (d) return { ...d, at: n };
  }
  return undefined;
}

describe('settle window and learned lag', () => {
  it('W = min(settleMs, max(floor, 2 × lag))', () => {
    expect(settleWindow(10_000, 0)).toBe(SETTLE_WINDOW_FLOOR_MS);
    expect(settleWindow(10_000, 300)).toBe(SETTLE_WINDOW_FLOOR_MS);
    expect(settleWindow(10_000, 1_000)).toBe(2_000);
    expect(settleWindow(10_000, 2_000)).toBe(4_000);
    expect(settleWindow(400, 0)).toBe(400); // the self-test's --settle-ms 400
    expect(settleWindow(3_000, 9_000)).toBe(3_000);
  });

  it('the tracker keeps the longest lag seen', () => {
    const t = new LagTracker();
    t.note(120);
    t.note(40);
    t.note(Number.NaN);
    expect(t.ms).toBe(120);
  });

  it('the tracker aims at the median of the latest last misses, once three are known', () => {
    const t = new LagTracker();
    t.noteMiss(900);
    t.noteMiss(Number.NaN);
    t.noteMiss(-5);
    t.noteMiss(700);
    expect(t.aimMs).toBeUndefined();
    t.noteMiss(950);
    expect(t.aimMs).toBe(900);
    for (let i = 0; i < 40; i++) t.noteMiss(300);
    expect(t.aimMs).toBe(300);
  });
});

describe('a positive expectation needs a stable read', () => {
  it('passes on two identical holding reads', () => {
    expect(run('stable', reads('Ta Ta', [0, 2]), 600)).toMatchObject({ pass: true, at: 2 });
  });

  it('does not pass on one holding read when the next one does not hold (a flaky server fails)', () => {
    const d = run('stable', reads('Ta Fb Ta Fb Ta Fb Ta Fb', [0, 1, 50, 51, 150, 151, 600, 601]), 600);
    expect(d).toMatchObject({ pass: false, at: 8 });
    expect(d?.why).toMatch(/unstable: held on read 1, not on read 8/);
    expect(d?.decisive).toEqual([0, 7]);
  });

  it('a lagging server that converges passes (the read that first holds is confirmed)', () => {
    expect(run('stable', reads('Fa Fa Fa Tb Tb', [0, 50, 150, 350, 351]), 600)).toMatchObject({ pass: true, at: 5 });
  });

  it('an answer that moves on while it holds (processing advancing) passes on three holding reads', () => {
    expect(run('stable', reads('Ta Tb Tc', [0, 1, 2]), 600)).toMatchObject({ pass: true, at: 3 });
  });

  it('a failing one stops once the window is over and the answer stopped changing, not at --settle-ms', () => {
    const d = run('stable', reads('Fa Fa Fa Fa Fa', [0, 50, 150, 350, 605]), 600);
    expect(d).toMatchObject({ pass: false, at: 5, decisive: [4] });
    expect(d?.why).toMatch(/the answer stopped changing/);
  });

  it('keeps reading while the answer still changes', () => {
    expect(run('stable', reads('Fa Fb Fc Fd', [0, 650, 700, 800]), 600)).toBeUndefined();
  });

  it('at --settle-ms, one that has just started to hold gets one confirming read', () => {
    const rs = reads('Fa Fa Tb Tb', [0, 300, 400, 401]);
    expect(decideSettle('stable', rs.slice(0, 3), { windowMs: 400, final: true })).toBeUndefined();
    expect(decideSettle('stable', rs, { windowMs: 400, final: true, graceUsed: true })).toMatchObject({ pass: true });
  });
});

describe('an unchanged expectation must hold over the whole window', () => {
  it('passes only once the window is over', () => {
    expect(run('unchanged', reads('Ta Ta Ta Ta', [0, 50, 150, 350]), 600)).toBeUndefined();
    expect(run('unchanged', reads('Ta Ta Ta Ta Ta', [0, 50, 150, 350, 605]), 600)).toMatchObject({ pass: true, at: 5 });
  });

  it('fails at once when a write lands late (held, then changed), with both reads as evidence', () => {
    const d = run('unchanged', reads('Ta Ta Fb', [0, 50, 150]), 600);
    expect(d).toMatchObject({ pass: false, at: 3, decisive: [0, 2] });
    expect(d?.why).toMatch(/held on read 1, then read 3 showed a change/);
  });

  it('fails when it never held and the answer stopped changing after the window', () => {
    expect(run('unchanged', reads('Fa Fa Fa Fa Fa', [0, 50, 150, 350, 605]), 600)).toMatchObject({ pass: false, at: 5 });
  });
});

const ex = (code?: 'socket-closed'): Exchange => ({
  request: { method: 'GET', url: 'http://x/api/events/e', headers: {} },
  ...(code ? { error: { code, message: `${code}!` } } : { response: { status: 200, headers: {}, body: '', truncated: false, bodyBytes: 0 } }),
  durationMs: 1, curl: '',
});

/** A loop over one track whose reads are given as views and answers, one per read (the last repeats). */
function loop(mode: SettleMode, seq: { holds: boolean; answer?: string; unanswered?: boolean }[], extra: Partial<SettleLoopOptions> = {}) {
  const waits = new WaitLedger();
  const lag = new LagTracker();
  const at: number[] = [];
  let n = 0;
  const started = Date.now();
  const out = settleLoop({
    modes: [mode], settleMs: 300, firstDelayMs: 25, maxDelayMs: 400, giveUpOn: 'any', cutOnAbort: false,
    giveUp: giveUpTest({}), waits, lag,
    read: async () => {
      at.push(Date.now() - started);
      const r = seq[Math.min(n++, seq.length - 1)];
      return { answer: r.answer ?? 'a', exchange: ex(r.unanswered ? 'socket-closed' : undefined), views: [{ holds: r.holds }] };
    },
    ...extra,
  });
  // On a virtual clock (fake timers): the times below are the loop's own, not the machine's (no timing assertion).
  return vi.runAllTimersAsync().then(() => out).then((o) => ({ o: o!, waits: waits.summary(), lag: lag.ms, at }));
}

describe('settleLoop: the one settle loop of every stage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stable passes on 2 identical holding reads, at once, and records one settle wait', async () => {
    const { o, waits, at } = await loop('stable', [{ holds: true }]);
    expect(o.reads).toBe(2);
    expect(o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true, why: 'held on 2 identical reads' }, reads: [1] });
    expect(at[1]).toBe(0); // a read that has just held is confirmed without backing off
    expect(waits.settle.count).toBe(1);
    expect(waits.gaveUp).toBe(0);
  });

  it('notes the lag of a stable pass that did not hold at first', async () => {
    const { o, lag, at } = await loop('stable', [{ holds: false }, { holds: true, answer: 'b' }]);
    expect(o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true }, reads: [2] });
    expect(lag).toBeGreaterThanOrEqual(at[1] - 1);
  });

  it('unchanged fails when a later read regresses, with the read that held and the one that changed', async () => {
    const { o } = await loop('unchanged', [{ holds: true }, { holds: true }, { holds: false, answer: 'b' }]);
    expect(o.reads).toBe(3);
    expect(o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: false, why: 'held on read 1, then read 3 showed a change' }, reads: [0, 2] });
  });

  it('gives up on a read the server does not answer (twice the same transport error), counting one give-up', async () => {
    const { o, waits } = await loop('stable', [{ holds: false, unanswered: true }]);
    expect(o.reads).toBe(2);
    expect(o.ends[0]).toEqual({ by: 'gave-up', why: 'two reads in a row failed with socket-closed: socket-closed!', reads: [1] });
    expect(waits.gaveUp).toBe(1);
    expect(waits.settle.count).toBe(1);
  });

  it("giveUpOn 'failing' does not end a track whose unanswered read held (a case's verdict)", async () => {
    const { o, waits } = await loop('stable', [{ holds: true, unanswered: true }], { giveUpOn: 'failing' });
    expect(o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true } });
    expect(waits.gaveUp).toBe(0);
  });

  it('stops at --settle-ms when the answer keeps changing and never holds', async () => {
    let k = 0;
    const started = Date.now();
    const { o } = await loop('stable', [{ holds: false }], {
      settleMs: 200,
      read: async () => ({ answer: String(k++), views: [{ holds: false }] }),
    });
    const took = Date.now() - started;
    expect(o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: false, why: 'did not hold within --settle-ms' } });
    expect(took).toBeGreaterThanOrEqual(200);
    expect(took).toBeLessThan(400);
  });

  it('backs off from firstDelayMs, doubling up to maxDelayMs', async () => {
    let k = 0;
    const at: number[] = [];
    const started = Date.now();
    await loop('stable', [{ holds: false }], {
      settleMs: 600, firstDelayMs: 50, maxDelayMs: 100,
      read: async () => {
        at.push(Date.now() - started);
        return { answer: String(k++), views: [{ holds: false }] };
      },
    });
    const gaps = at.slice(1, 5).map((t, i) => t - at[i]);
    expect(gaps).toEqual([50, 100, 100, 100]);
  });

  it('one read decides when not settling, and no wait is recorded', async () => {
    const { o, waits } = await loop('stable', [{ holds: false, unanswered: true }], { settling: false });
    expect(o.reads).toBe(1);
    expect(o.ends[0]).toEqual({ by: 'read', reads: [0] });
    expect(waits.settle.count).toBe(0);
  });

  it('a stopped signal before --settle-ms cuts a failing track (cutOnAbort) or decides it (without)', async () => {
    const signal = AbortSignal.abort('stop');
    const cut = await loop('stable', [{ holds: false }], { signal, cutOnAbort: true });
    expect(cut.o.ends[0]).toMatchObject({ by: 'cut', reads: [0] });
    const decided = await loop('stable', [{ holds: false }], { signal });
    expect(decided.o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: false } });
  });

  it('a failing read nothing was written before for a whole window (sinceWriteMs) is final on two identical reads', async () => {
    // The window W (floor 1500 ms here, settleMs 5000) counts from the last write: long past, the failure is final
    // at once; just written, it still waits out W.
    const past = await loop('stable', [{ holds: false }], { settleMs: 5_000, sinceWriteMs: 2_000 });
    expect(past.o.reads).toBe(2);
    expect(past.o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: false, why: 'did not hold; the answer stopped changing' } });
    expect(past.at[1]).toBeLessThan(100);
    const fresh = await loop('stable', [{ holds: false }], { settleMs: 5_000, sinceWriteMs: 0 });
    expect(fresh.o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: false } });
    expect(fresh.at[fresh.at.length - 1]).toBeGreaterThanOrEqual(SETTLE_WINDOW_FLOOR_MS);
    // Half a window ago: it reads on until W has passed since the write, not since the loop began.
    const half = await loop('stable', [{ holds: false }], { settleMs: 5_000, sinceWriteMs: 1_000 });
    expect(half.at[half.at.length - 1]).toBeGreaterThanOrEqual(SETTLE_WINDOW_FLOOR_MS - 1_000);
    expect(half.at[half.at.length - 1]).toBeLessThan(SETTLE_WINDOW_FLOOR_MS);
  });

  it('an unchanged expectation still fails on a late change, and passes over the window counted from the write', async () => {
    const late = await loop('unchanged', [{ holds: true }, { holds: true }, { holds: false, answer: 'b' }], { settleMs: 5_000, sinceWriteMs: 1_000 });
    expect(late.o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: false, why: 'held on read 1, then read 3 showed a change' } });
    const held = await loop('unchanged', [{ holds: true }], { settleMs: 5_000, sinceWriteMs: 1_000 });
    expect(held.o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true } });
    expect(held.at[held.at.length - 1]).toBeGreaterThanOrEqual(SETTLE_WINDOW_FLOOR_MS - 1_000);
  });

  it('the lag it notes ends when the read that first held was sent: that read\'s own time is not lag', async () => {
    const lag = new LagTracker();
    const sent: number[] = [];
    let n = 0;
    const started = Date.now();
    const out = settleLoop({
      modes: ['stable'], settleMs: 10_000, firstDelayMs: 25, maxDelayMs: 400, giveUpOn: 'any', cutOnAbort: false, giveUp: giveUpTest({}), lag,
      read: async () => {
        sent.push(Date.now() - started);
        const k = n++;
        // The read that first holds is slow (several requests on a loaded machine): 2 s.
        if (k === 1) await new Promise((r) => setTimeout(r, 2_000));
        return { answer: k === 0 ? 'a' : 'b', exchange: ex(), views: [{ holds: k > 0 }] };
      },
    });
    await vi.runAllTimersAsync();
    expect((await out)!.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true } });
    expect(lag.ms).toBe(sent[1]);
    expect(lag.ms).toBeLessThan(2_000);
  });

  it('a write that once showed after 1 s: the last miss is noted, and a later loop reads at the aim', async () => {
    const lag = new LagTracker();
    // Three loops whose writes show at 1 s: reads at 0, 25, 75, 175, 375, 775 miss, 1175 holds.
    for (let k = 0; k < 3; k++) {
      const started = Date.now();
      const out = settleLoop({
        modes: ['stable'], settleMs: 10_000, firstDelayMs: 25, maxDelayMs: 400, giveUpOn: 'any', cutOnAbort: false, giveUp: giveUpTest({}), lag,
        read: async () => ({ answer: Date.now() - started >= 1_000 ? 'new' : 'old', exchange: ex(), views: [{ holds: Date.now() - started >= 1_000 }] }),
      });
      await vi.runAllTimersAsync();
      expect((await out)!.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true } });
    }
    expect(lag.ms).toBe(1175);
    expect(lag.aimMs).toBe(775);
    // The next loop: halfway to the aim (775), at the aim, then every 50 ms four times, then 100 ms later: the
    // write shows at 1075 (was 1175).
    const sent: number[] = [];
    const started = Date.now();
    const out = settleLoop({
      modes: ['stable'], settleMs: 10_000, firstDelayMs: 25, maxDelayMs: 400, giveUpOn: 'any', cutOnAbort: false, giveUp: giveUpTest({}), lag,
      read: async () => {
        const t = Date.now() - started;
        sent.push(t);
        return { answer: t >= 1_000 ? 'new' : 'old', exchange: ex(), views: [{ holds: t >= 1_000 }] };
      },
    });
    await vi.runAllTimersAsync();
    expect((await out)!.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true } });
    expect(sent.slice(0, 9)).toEqual([0, 388, 775, 825, 875, 925, 975, 1075, 1075]);
    // Its last miss (975) moves the aim on toward the lag: two more such loops, and it is the median.
    expect(lag.ms).toBe(1175);
    expect(lag.aimMs).toBe(775);
  });

  it('notes no lag where the loop does not begin at a write (learnLag false)', async () => {
    const { o, lag } = await loop('stable', [{ holds: false }, { holds: true, answer: 'b' }], { learnLag: false });
    expect(o.ends[0]).toMatchObject({ by: 'decision', decision: { pass: true } });
    expect(lag).toBe(0);
  });

  it('the lag it notes is counted from the loop, not from the write', async () => {
    const { lag, at } = await loop('stable', [{ holds: false }, { holds: true, answer: 'b' }], { sinceWriteMs: 5_000 });
    expect(lag).toBeLessThan(at[1] + 5);
  });

  it('its back-off sleeps count as idle waits while they last (not its reads)', async () => {
    const waits = new WaitLedger();
    const atRead: number[] = [];
    let k = 0;
    const out = settleLoop({
      modes: ['stable'], settleMs: 300, firstDelayMs: 25, maxDelayMs: 400, giveUpOn: 'any', cutOnAbort: false, waits,
      read: async () => {
        atRead.push(waits.idleWaits());
        return { answer: String(k++), views: [{ holds: false }] };
      },
    });
    await vi.advanceTimersByTimeAsync(10); // within the first back-off (25 ms)
    expect(waits.idleWaits()).toBe(1);
    await vi.runAllTimersAsync();
    await out;
    expect(atRead.length).toBeGreaterThan(2);
    expect(atRead.every((n) => n === 0)).toBe(true);
    expect(waits.idleWaits()).toBe(0);
  });

  it('stops when read returns undefined (nothing recorded)', async () => {
    const waits = new WaitLedger();
    expect(await settleLoop({ modes: ['stable'], settleMs: 300, firstDelayMs: 25, maxDelayMs: 400, giveUpOn: 'any', cutOnAbort: false, waits, read: async () => undefined })).toBeUndefined();
    expect(waits.summary().settle.count).toBe(0);
  });
});
