import { describe, expect, it } from 'vitest';
import type { Exchange, TransportErrorCode } from '../model/index.js';
import { giveUpTest, untilReadable, waitProcessed } from './readiness.js';
import { WaitLedger } from './wait-ledger.js';

const answered = (status: number): Exchange => ({ request: { method: 'GET', url: 'http://x/api/events/e', headers: {} }, response: { status, headers: {}, body: '', truncated: false, bodyBytes: 0 }, durationMs: 1, curl: '' });
const failed = (code: TransportErrorCode): Exchange => ({ request: { method: 'GET', url: 'http://x/api/events/e', headers: {} }, error: { code, message: `${code}!` }, durationMs: 1, curl: '' });

describe('giveUpTest: when a wait stops reading', () => {
  it('never on an HTTP answer, whatever its status (404 = not indexed yet, 500 = judged by the checks)', () => {
    const giveUp = giveUpTest({ gaveUp: () => 'route given up' });
    expect(giveUp(answered(404))).toBeUndefined();
    expect(giveUp(answered(500))).toBeUndefined();
  });

  it('at the first unanswered read of a route the run has given up on (the client says why)', () => {
    const giveUp = giveUpTest({ gaveUp: (ex) => (ex.error?.code === 'socket-closed' ? 'the last 3 requests to GET /api/events/{id} got no HTTP response' : undefined) });
    expect(giveUp(failed('socket-closed'))).toBe('the last 3 requests to GET /api/events/{id} got no HTTP response');
  });

  it('else at the second read in a row of this wait that failed with the same transport error', () => {
    const giveUp = giveUpTest({});
    expect(giveUp(failed('socket-closed'))).toBeUndefined();
    expect(giveUp(failed('headers-timeout'))).toBeUndefined();
    expect(giveUp(answered(404))).toBeUndefined();
    expect(giveUp(failed('socket-closed'))).toBeUndefined();
    expect(giveUp(failed('socket-closed'))).toBe('two reads in a row failed with socket-closed: socket-closed!');
  });
});

describe('untilReadable: the one readable-wait of every stage', () => {
  const client = (replies: Exchange[]) => {
    let n = 0;
    return { send: async () => replies[Math.min(n++, replies.length - 1)] };
  };

  it('reads until a 2xx, noting the lag and the readable wait', async () => {
    const waits = new WaitLedger();
    let noted = -1;
    let missed = -1;
    const lag = { note: (ms: number) => (noted = ms), noteMiss: (ms: number) => (missed = ms), aimMs: undefined };
    const r = await untilReadable(client([answered(404), answered(404), answered(200)]), 'e', { settleMs: 2_000, firstDelayMs: 10, maxDelayMs: 20, giveUpFirst: false, waits, lag });
    expect(r).toMatchObject({ readable: true });
    expect(noted).toBeGreaterThanOrEqual(29);
    // The last read that missed was sent after the first pause (10 ms), before the second (20 ms more).
    expect(missed).toBeGreaterThanOrEqual(9);
    expect(missed).toBeLessThan(noted);
    expect(waits.summary().readable.count).toBe(1);
  });

  it('at the deadline, giveUpFirst reports the unanswered read (counted); without it the wait ran out', async () => {
    const first = new WaitLedger();
    const g = await untilReadable(client([failed('socket-closed')]), 'e', { settleMs: 30, firstDelayMs: 25, maxDelayMs: 50, giveUpFirst: true, waits: first });
    expect(g).toMatchObject({ readable: false, by: 'gave-up', why: 'two reads in a row failed with socket-closed: socket-closed!' });
    expect(first.summary().gaveUp).toBe(1);
    const after = new WaitLedger();
    expect(await untilReadable(client([failed('socket-closed')]), 'e', { settleMs: 30, firstDelayMs: 25, maxDelayMs: 50, giveUpFirst: false, waits: after })).toEqual({ readable: false, by: 'timeout' });
    expect(after.summary().gaveUp).toBe(0);
  });

  it('a stopped signal ends the wait', async () => {
    expect(await untilReadable(client([answered(404)]), 'e', { settleMs: 2_000, firstDelayMs: 10, maxDelayMs: 20, giveUpFirst: true, signal: AbortSignal.abort() })).toEqual({ readable: false, by: 'stopped' });
  });
});

describe('the waits count as idle while they sleep between polls (WaitLedger.idle: they let more work in)', () => {
  /** A client that answers `replies` in turn and records the ledger's idle count at each read. */
  const watched = (replies: Exchange[], waits: WaitLedger) => {
    const seen: number[] = [];
    let n = 0;
    return { seen, client: { send: async () => { seen.push(waits.idleWaits()); return replies[Math.min(n++, replies.length - 1)]; } } };
  };
  const processing = (state: string): Exchange => ({ ...answered(200), response: { status: 200, headers: {}, body: JSON.stringify({ processing_state: state }), truncated: false, bodyBytes: 0 } });

  it('untilReadable: not while the first read answers 2xx; from its first sleep on, until it ends', async () => {
    const waits = new WaitLedger();
    const at = watched([answered(200)], waits);
    await untilReadable(at.client, 'e', { settleMs: 2_000, firstDelayMs: 5, maxDelayMs: 10, giveUpFirst: false, waits });
    expect(at.seen).toEqual([0]);
    const later = watched([answered(404), answered(404), answered(200)], waits);
    await untilReadable(later.client, 'e', { settleMs: 2_000, firstDelayMs: 5, maxDelayMs: 10, giveUpFirst: false, waits });
    expect(later.seen).toEqual([0, 1, 1]);
    expect(waits.idleWaits()).toBe(0);
    await untilReadable(watched([answered(404)], waits).client, 'e', { settleMs: 20, firstDelayMs: 5, maxDelayMs: 10, giveUpFirst: false, waits });
    expect(waits.idleWaits()).toBe(0);
  });

  it('waitProcessed: from its first sleep on, and no longer once processing ended or the wait ran out', async () => {
    const waits = new WaitLedger();
    const w = watched([processing('RUNNING'), processing('RUNNING'), processing('SUCCEEDED')], waits);
    expect(await waitProcessed(w.client as never, 'e', 5_000, { waits })).toBe('SUCCEEDED');
    expect(w.seen).toEqual([0, 1, 1]);
    expect(waits.idleWaits()).toBe(0);
    const both = [watched([processing('RUNNING'), processing('SUCCEEDED')], waits), watched([processing('RUNNING'), processing('RUNNING'), processing('SUCCEEDED')], waits)];
    await Promise.all(both.map((b) => waitProcessed(b.client as never, 'e', 5_000, { waits })));
    expect(Math.max(...both[0].seen, ...both[1].seen)).toBe(2);
    expect(both[1].seen.at(-1)).toBe(1);
    expect(await waitProcessed(watched([processing('RUNNING')], waits).client as never, 'e', 60, { waits })).toBe('RUNNING');
    expect(waits.idleWaits()).toBe(0);
  });
});
