import { describe, expect, it } from 'vitest';
import { decideSettle, LagTracker, SETTLE_WINDOW_FLOOR_MS, settleWindow, type SettleMode, type SettleRead } from './settle.js';

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
