/**
 * A server that stops answering must not cost one --timeout per remaining request. The guard watches every exchange of a run:
 *
 * - per route (method + path shape, e.g. `GET /api/events/{id}/acl`): after ROUTE_STALL_LIMIT requests in a row got
 *   no answer within --timeout, further requests to that route are not sent; they fail at once with the code
 *   `not-answering`, saying so. One request at a time still goes through as a probe: when it is answered, the
 *   route is open again;
 * - the whole server: after STALL_LIMIT requests in a row got no answer, on at least STALL_ROUTES different routes
 *   (concurrent requests to one hanging route are that route's problem, not the server's), the server is "not
 *   answering": `onStall` is told once (the engine then skips the rest of the run with that reason), and every
 *   route is closed the same way, with the same probe.
 *
 * "No answer" is a timeout (connect, headers or body). A response of any status, a reset or a refused connection
 * is an answer of sorts: it resets the counts and is judged by the checks as it is.
 *
 * Waits (readable, processed, settle, await-gone) ask `gaveUp`: once UNANSWERED_LIMIT requests in a
 * row to a route got no HTTP response at all (resets and closed connections included), or the route or server is
 * closed as above, polling that route again cannot mend it, so a wait stops at its first unanswered read.
 */
import type { Exchange, TransportError, TransportErrorCode } from '../model/exchange.js';

/** Requests in a row without an answer after which the server as a whole is "not answering". */
export const STALL_LIMIT = 6;
/** Different routes among those requests: one route that hangs (the list) leaves the rest of the run to judge. */
export const STALL_ROUTES = 3;
/** Requests in a row to one route without an answer after which that route is no longer sent. */
export const ROUTE_STALL_LIMIT = 4;
/** Requests in a row to one route without any HTTP response (a reset counts) after which waits give up on it. */
export const UNANSWERED_LIMIT = 3;

const NO_ANSWER: ReadonlySet<TransportErrorCode> = new Set(['connect-timeout', 'headers-timeout', 'body-timeout']);

/** `GET /api/events/abc/acl/read?x=1` → `GET /api/events/{id}/acl/…`; other paths as they are, without the query. */
export function routeOf(method: string, path: string): string {
  const fast = eventRoute(method, path);
  if (fast !== undefined) return fast;
  const p = path.split('?')[0].replace(/\/+$/, '') || '/';
  const seg = p.split('/').filter(Boolean);
  if (seg[0] !== 'api' || seg[1] !== 'events' || seg.length <= 2) return `${method.toUpperCase()} ${p}`;
  const rest = seg.length > 3 ? `/${seg[3]}${seg.length > 4 ? '/…' : ''}` : '';
  return `${method.toUpperCase()} /api/events/{id}${rest}`;
}

const EVENTS = '/api/events/';

/**
 * routeOf for the paths of nearly every request, `/api/events/{id}[/part[/…]]` without empty segments, by index
 * instead of splitting and filtering (every request is admitted); undefined for any other path (routeOf's general
 * case).
 */
function eventRoute(method: string, path: string): string | undefined {
  if (!path.startsWith(EVENTS)) return undefined;
  const q = path.indexOf('?');
  const end = q < 0 ? path.length : q;
  const start = EVENTS.length;
  const idEnd = path.indexOf('/', start);
  if (idEnd === start || idEnd >= end || idEnd < 0) {
    // `/api/events/{id}` (or `/api/events/` alone: the general case).
    return idEnd < 0 || idEnd >= end ? (end > start ? `${method.toUpperCase()} /api/events/{id}` : undefined) : undefined;
  }
  const partEnd = path.indexOf('/', idEnd + 1);
  if (partEnd < 0 || partEnd >= end) {
    // `/api/events/{id}/part` (a trailing slash or an empty part: the general case).
    return partEnd < 0 && end > idEnd + 1 ? `${method.toUpperCase()} /api/events/{id}/${path.slice(idEnd + 1, end)}` : undefined;
  }
  // `/api/events/{id}/part/more`: needs a non-empty part and something after it that is not only slashes.
  if (partEnd === idEnd + 1 || !/[^/]/.test(path.slice(partEnd, end))) return undefined;
  return `${method.toUpperCase()} /api/events/{id}/${path.slice(idEnd + 1, partEnd)}/…`;
}

interface Count {
  inRow: number;
  probing: boolean;
  /** Requests in a row without any HTTP response (timeouts, resets, closed connections), and the last error. */
  unanswered?: { inRow: number; last: TransportError };
}

/** What the guard says about one request: send it (maybe as the probe of a closed route), or do not. */
export type Admission = { send: true; route: string; probe?: 'server' | 'route' } | { send: false; error: TransportError };

export class StallGuard {
  private readonly routes = new Map<string, Count>();
  private readonly all: Count = { inRow: 0, probing: false };
  /** The routes of the requests in a row that got no answer. */
  private readonly stalledRoutes = new Set<string>();
  private stalledReason: string | undefined;

  constructor(private readonly o: { timeoutMs: number; onStall?: (reason: string) => void; limit?: number; routes?: number; routeLimit?: number; unansweredLimit?: number }) {}

  /** The reason once the whole server counts as not answering, else undefined. */
  get stalled(): string | undefined {
    return this.stalledReason;
  }

  private closed(c: Count, limit: number): boolean {
    return c.inRow >= limit;
  }

  admit(method: string, path: string): Admission {
    const route = routeOf(method, path);
    let r = this.routes.get(route);
    if (r === undefined) this.routes.set(route, (r = { inRow: 0, probing: false }));
    const limit = this.o.limit ?? STALL_LIMIT;
    const routeLimit = this.o.routeLimit ?? ROUTE_STALL_LIMIT;
    const serverClosed = this.stalledReason !== undefined && this.closed(this.all, limit);
    const routeClosed = this.closed(r, routeLimit);
    if (!serverClosed && !routeClosed) return { send: true, route };
    // Closed: one probe at a time (for the server, or for this route) is still sent.
    const gate = serverClosed ? this.all : r;
    if (!gate.probing) {
      gate.probing = true;
      return { send: true, route, probe: serverClosed ? 'server' : 'route' };
    }
    const what = serverClosed ? `the last ${this.all.inRow} requests to the server` : `the last ${r.inRow} requests to ${route}`;
    return {
      send: false,
      error: { code: 'not-answering', message: `not sent: ${what} got no answer within --timeout ${this.o.timeoutMs} ms; evconf sends one probe at a time until one is answered` },
    };
  }

  /**
   * Why waiting on this request's route is pointless, or undefined: the server or the route is closed (above), or
   * its last UNANSWERED_LIMIT requests in a row got no HTTP response at all (the last one's error is named).
   */
  gaveUp(method: string, path: string): string | undefined {
    const route = routeOf(method, path);
    const r = this.routes.get(route);
    if (this.stalledReason !== undefined) return this.stalledReason;
    if (r && this.closed(r, this.o.routeLimit ?? ROUTE_STALL_LIMIT)) return `the last ${r.inRow} requests to ${route} got no answer within --timeout ${this.o.timeoutMs} ms`;
    const u = r?.unanswered;
    if (u && u.inRow >= (this.o.unansweredLimit ?? UNANSWERED_LIMIT)) return `the last ${u.inRow} requests to ${route} got no HTTP response (${u.last.code}: ${u.last.message})`;
    return undefined;
  }

  /** Records the outcome of a request that `admit` let through. */
  record(a: { route: string; probe?: 'server' | 'route' }, ex: Exchange): void {
    const r = this.routes.get(a.route)!;
    r.unanswered = !ex.response && ex.error ? { inRow: (r.unanswered?.inRow ?? 0) + 1, last: ex.error } : undefined;
    const noAnswer = !ex.response && ex.error !== undefined && NO_ANSWER.has(ex.error.code);
    if (a.probe === 'server') this.all.probing = false;
    if (a.probe === 'route') r.probing = false;
    if (noAnswer) {
      r.inRow++;
      this.all.inRow++;
      this.stalledRoutes.add(a.route);
      const limit = this.o.limit ?? STALL_LIMIT;
      if (this.all.inRow >= limit && this.stalledRoutes.size >= (this.o.routes ?? STALL_ROUTES) && this.stalledReason === undefined) {
        this.stalledReason = `server not answering: ${this.all.inRow} requests in a row, to ${this.stalledRoutes.size} different routes, got no answer within --timeout ${this.o.timeoutMs} ms`;
        this.o.onStall?.(this.stalledReason);
      }
      return;
    }
    r.inRow = 0;
    this.all.inRow = 0;
    this.stalledRoutes.clear();
  }
}

/** A request the guard did not send: polling it again before a probe is answered cannot change the answer. */
export function notAnswering(ex: Exchange): boolean {
  return ex.error?.code === 'not-answering';
}
