import { describe, expect, it } from 'vitest';
import type { Exchange, TransportErrorCode } from '../model/exchange.js';
import { ROUTE_STALL_LIMIT, STALL_LIMIT, StallGuard, UNANSWERED_LIMIT, routeOf } from './stall-guard.js';

const answered: Exchange = { request: { method: 'GET', url: 'x', headers: {} }, response: { status: 500, headers: {}, body: '', truncated: false, bodyBytes: 0 }, durationMs: 1, curl: '' };
const failed = (code: TransportErrorCode): Exchange => ({ request: { method: 'GET', url: 'x', headers: {} }, error: { code, message: code }, durationMs: 1, curl: '' });

/** Sends one request through the guard: admitted ones get `outcome`; returns whether it was sent. */
function send(g: StallGuard, method: string, path: string, outcome: Exchange): boolean {
  const a = g.admit(method, path);
  if (!a.send) {
    expect(a.error.code).toBe('not-answering');
    return false;
  }
  g.record(a, outcome);
  return true;
}

describe('StallGuard', () => {
  it('names routes by method and path shape', () => {
    expect(routeOf('get', '/api/events?limit=1')).toBe('GET /api/events');
    expect(routeOf('GET', '/api/events/')).toBe('GET /api/events');
    expect(routeOf('GET', '/api/events/abc')).toBe('GET /api/events/{id}');
    expect(routeOf('PUT', '/api/events/abc/acl/read/ROLE_X')).toBe('PUT /api/events/{id}/acl/…');
    expect(routeOf('GET', '/api/events/abc/metadata?type=x')).toBe('GET /api/events/{id}/metadata');
    expect(routeOf('GET', '/')).toBe('GET /');
  });

  it('names the shapes of event paths with empty segments, trailing slashes and queries as the segments say', () => {
    expect(routeOf('get', '/api/events/abc/')).toBe('GET /api/events/{id}');
    expect(routeOf('GET', '/api/events/abc/acl/')).toBe('GET /api/events/{id}/acl');
    expect(routeOf('GET', '/api/events/abc/acl//')).toBe('GET /api/events/{id}/acl');
    expect(routeOf('GET', '/api/events/abc//acl')).toBe('GET /api/events/{id}/acl');
    expect(routeOf('GET', '/api/events//abc/acl/read')).toBe('GET /api/events/{id}/acl/…');
    expect(routeOf('GET', '/api/events/?x=1')).toBe('GET /api/events');
    expect(routeOf('GET', '/api/events/a?b/c')).toBe('GET /api/events/{id}');
    expect(routeOf('GET', '/api/events/a/b?c/d')).toBe('GET /api/events/{id}/b');
    expect(routeOf('DELETE', '/api/events/a/acl/read/R?q')).toBe('DELETE /api/events/{id}/acl/…');
  });

  it('one route that never answers: that route stops being sent, one probe at a time; the server is not "stalled"', () => {
    let stalled: string | undefined;
    const g = new StallGuard({ timeoutMs: 1000, onStall: (r) => { stalled = r; } });
    for (let i = 0; i < ROUTE_STALL_LIMIT; i++) expect(send(g, 'GET', '/api/events', failed('headers-timeout'))).toBe(true);
    // Closed: a probe goes through; while it is out, the others are refused at once, saying why.
    const probe = g.admit('GET', '/api/events?limit=5');
    expect(probe).toMatchObject({ send: true, probe: 'route' });
    const refused = g.admit('GET', '/api/events');
    expect(refused).toMatchObject({ send: false, error: { code: 'not-answering', message: expect.stringMatching(/last 4 requests to GET \/api\/events got no answer within --timeout 1000 ms/) } });
    // Other routes are unaffected, and answers from them keep the server "answering".
    expect(send(g, 'GET', '/api/events/x', answered)).toBe(true);
    if (probe.send) g.record(probe, failed('headers-timeout'));
    for (let i = 0; i < 10; i++) send(g, 'GET', '/api/events', failed('headers-timeout'));
    expect(stalled).toBeUndefined();
    expect(g.stalled).toBeUndefined();
  });

  it('a route whose probe is answered is sent again', () => {
    const g = new StallGuard({ timeoutMs: 1000 });
    for (let i = 0; i < ROUTE_STALL_LIMIT; i++) send(g, 'GET', '/api/events', failed('body-timeout'));
    expect(send(g, 'GET', '/api/events', answered)).toBe(true); // the probe
    expect(g.admit('GET', '/api/events')).toMatchObject({ send: true });
    expect(g.admit('GET', '/api/events')).toMatchObject({ send: true });
  });

  it('resets and refusals are answers of a kind: they neither count nor close anything', () => {
    let stalled = false;
    const g = new StallGuard({ timeoutMs: 1000, onStall: () => { stalled = true; } });
    for (let i = 0; i < 20; i++) expect(send(g, 'GET', `/api/events/e${i}`, failed(i % 2 ? 'socket-closed' : 'connect-refused'))).toBe(true);
    expect(stalled).toBe(false);
  });

  it('a server that answers nothing on several routes: "server not answering" once, after STALL_LIMIT in a row', () => {
    const reasons: string[] = [];
    const g = new StallGuard({ timeoutMs: 1000, onStall: (r) => reasons.push(r) });
    const routes = ['/api/events', '/api/events/a', '/api/events/a/acl', '/api/events/a/metadata'];
    for (let i = 0; i < STALL_LIMIT - 1; i++) send(g, 'GET', routes[i % routes.length], failed('headers-timeout'));
    expect(reasons).toEqual([]);
    send(g, 'POST', '/api/events', failed('headers-timeout'));
    expect(reasons).toEqual([expect.stringMatching(/^server not answering: 6 requests in a row, to \d different routes, got no answer within --timeout 1000 ms$/)]);
    // From then on every route is refused except one probe for the whole server.
    expect(g.admit('DELETE', '/api/events/zzz')).toMatchObject({ send: true, probe: 'server' });
    expect(g.admit('GET', '/api/events/other')).toMatchObject({ send: false });
    for (let i = 0; i < 10; i++) send(g, 'GET', '/x', failed('headers-timeout'));
    expect(reasons).toHaveLength(1);
  });

  it('an answer in between resets the count', () => {
    let stalled = false;
    const g = new StallGuard({ timeoutMs: 1000, onStall: () => { stalled = true; } });
    for (let i = 0; i < 30; i++) send(g, 'GET', `/api/events/e${i}${i % 5 === 4 ? '' : '/acl'}`, i % 5 === 4 ? answered : failed('headers-timeout'));
    expect(stalled).toBe(false);
  });
});

describe('StallGuard.gaveUp', () => {
  it('a route whose last requests got no HTTP response at all (resets included) is given up on; an answer revives it', () => {
    const g = new StallGuard({ timeoutMs: 1000 });
    for (let i = 0; i < UNANSWERED_LIMIT - 1; i++) send(g, 'GET', `/api/events/e${i}`, failed('socket-closed'));
    expect(g.gaveUp('GET', '/api/events/x')).toBeUndefined();
    send(g, 'GET', '/api/events/e9', failed('socket-closed'));
    expect(g.gaveUp('GET', '/api/events/other')).toMatch(/^the last 3 requests to GET \/api\/events\/\{id\} got no HTTP response \(socket-closed: socket-closed\)$/);
    // Other routes are not given up on; an answer on the route revives it.
    expect(g.gaveUp('GET', '/api/events/x/acl')).toBeUndefined();
    send(g, 'GET', '/api/events/e10', answered);
    expect(g.gaveUp('GET', '/api/events/x')).toBeUndefined();
  });

  it('a route closed for timeouts, and a server not answering, are given up on', () => {
    const g = new StallGuard({ timeoutMs: 1000, routes: 1, limit: 100 });
    for (let i = 0; i < ROUTE_STALL_LIMIT; i++) send(g, 'GET', '/api/events', failed('headers-timeout'));
    expect(g.gaveUp('GET', '/api/events?limit=1')).toMatch(/got no HTTP response|got no answer within --timeout 1000 ms/);
    const s = new StallGuard({ timeoutMs: 1000, routes: 1, limit: 2, routeLimit: 100, unansweredLimit: 100 });
    send(s, 'GET', '/a', failed('headers-timeout'));
    send(s, 'GET', '/a', failed('headers-timeout'));
    expect(s.gaveUp('PUT', '/b')).toMatch(/^server not answering/);
  });
});
