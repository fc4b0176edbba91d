import { describe, expect, it } from 'vitest';
import type { Exchange, TransportErrorCode } from '../model/exchange.js';
import { verdict } from './preflight.js';

const status = (s: number): Exchange => ({ request: { method: 'GET', url: 'x', headers: {} }, response: { status: s, headers: {}, body: '', truncated: false, bodyBytes: 0 }, durationMs: 1, curl: '' });
const err = (code: TransportErrorCode): Exchange => ({ request: { method: 'GET', url: 'x', headers: {} }, error: { code, message: `${code} happened` }, durationMs: 1, curl: '' });

// Exit 2 (a UsageError) only when nothing answers HTTP at all; a broken server is run and judged.
describe('preflight verdict', () => {
  it.each<[string, Exchange[]]>([
    ['one probe answered, the others reset', [status(200), err('socket-closed'), err('socket-closed')]],
    ['the single-event GET resets, the list answers', [status(200), err('socket-closed'), status(404)]],
    ['everything answers late (accepted, then no headers in time)', [err('headers-timeout'), err('headers-timeout'), err('headers-timeout')]],
    ['everything resets after accepting', [err('socket-closed'), err('socket-closed'), err('socket-closed')]],
    ['the list stalls, the root refuses?!', [err('headers-timeout'), err('connect-refused'), err('connect-refused')]],
    ['any status, even 500', [status(500), status(500), status(500)]],
    ['some 401, some not', [status(401), status(404), status(401)]],
  ])('runs: %s', (_, answers) => {
    expect(() => verdict(answers, 'http://h:1')).not.toThrow();
  });

  it.each<[string, Exchange[], RegExp]>([
    ['connection refused', [err('connect-refused'), err('connect-refused'), err('connect-refused')], /cannot reach http:\/\/h:1 \(connect-refused: .*check --base-url/],
    ['name not found', [err('dns'), err('dns'), err('dns')], /cannot reach http:\/\/h:1 \(dns:/],
    ['no TCP connection in time', [err('connect-timeout'), err('connect-timeout'), err('connect-timeout')], /connect-timeout/],
    ['bytes that are not HTTP', [err('bad-response'), err('bad-response'), err('bad-response')], /bad-response.*does not speak HTTP; check the port/],
    ['credentials refused everywhere', [status(401), status(401), status(401)], /refused the credentials/],
  ])('exit 2: %s', (_, answers, message) => {
    expect(() => verdict(answers, 'http://h:1')).toThrow(message);
  });
});
