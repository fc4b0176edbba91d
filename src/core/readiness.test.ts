import { describe, expect, it } from 'vitest';
import type { Exchange, TransportErrorCode } from '../model/index.js';
import { giveUpTest } from './readiness.js';

const answered = (status: number): Exchange => ({ request: { method: 'GET', url: 'http://x/api/events/e', headers: {} }, response: { status, headers: {}, body: '', truncated: false, bodyBytes: 0 }, durationMs: 1, curl: '' });
const failed = (code: TransportErrorCode): Exchange => ({ request: { method: 'GET', url: 'http://x/api/events/e', headers: {} }, error: { code, message: `${code}!` }, durationMs: 1, curl: '' });

describe('giveUpTest: when a wait stops reading (issue 21 item 3)', () => {
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
