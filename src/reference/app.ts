import type { IncomingMessage } from 'node:http';
import type { ApiVersion } from '../model/version.js';
import type { RefUser } from './auth.js';
import type { BugFn } from './bug.js';
import type { LatFn, LatitudeOptions } from './latitude/select.js';
import type { EventStore } from './store.js';
import type { Caller } from './types.js';

/** Server state shared by the endpoint handlers. */

export interface ReferenceOptions {
  /** Pinned: always serve this version, ignore Accept. */
  apiVersion?: ApiVersion;
  /**
   * The server version (addendum § Versions covered): the newest version served, also the default; the versions
   * listed are 1.0.0 up to it, and the server-release features (POST /track from 1.9.0, its tags part from 1.11.0)
   * follow it. Default: the newest version evconf knows (an Opencast 16.x).
   */
  serverVersion?: ApiVersion;
  /** None/empty = open server, every caller is an administrator. */
  users?: RefUser[];
  /** Name of a planted bug (see MUTANTS); undefined = correct server. */
  mutant?: string;
  /** RUNNING → SUCCEEDED delay (default 300 ms). */
  processingDelayMs?: number;
  /** 1.6.0 DELETE with publications: 202, gone after this delay (default 300 ms). */
  retractDelayMs?: number;
  /**
   * Simulated time a list (GET /api/events) takes before it is answered (default 0): a server whose list does real
   * work, as a production server's does (tens of ms); for load demos and `npm run bench` (d). Latency is no rule.
   */
  listDelayMs?: number;
  /** How long the latitude choice index-lag hides a new event or a change (default LAG_MS, 300 ms; `npm run bench`). */
  indexLagMs?: number;
  /** For Location and publication URLs; default derived from the Host header. */
  publicBaseUrl?: string;
  /** Latitude mode (src/reference/latitude): a seed draws every legal alternative, `choices` force some. */
  latitude?: LatitudeOptions;
  /** Registered capture agents (latitude choice capture-agents=registered), besides the built-in ones. */
  agents?: string[];
  /** Known series id → title (shown as the series title; latitude choice series-known=known accepts only these). */
  series?: Record<string, string>;
  /** Answer as a known implementation does (src/reference/profiles): its legal choices and documented deviations. */
  profile?: 'opencast';
}

/** Timers of the processing simulation: unref'd, one per key, all cleared on close. */
export class Timers {
  private readonly byKey = new Map<string, NodeJS.Timeout>();

  after(key: string, ms: number, fn: () => void): void {
    this.cancel(key);
    const t = setTimeout(() => {
      this.byKey.delete(key);
      fn();
    }, ms);
    t.unref();
    this.byKey.set(key, t);
  }

  cancel(key: string): void {
    const t = this.byKey.get(key);
    if (t) clearTimeout(t);
    this.byKey.delete(key);
  }

  clear(): void {
    for (const t of this.byKey.values()) clearTimeout(t);
    this.byKey.clear();
  }
}

export interface App {
  store: EventStore;
  /** Where lists read from when it is not `store` (latitude choice list-lag: a copy that follows it LIST_LAG_MS later). */
  listStore?: EventStore;
  bug: BugFn;
  /** Which legal alternative this server takes at a latitude choice (src/reference/latitude/catalogue.ts). */
  lat: LatFn;
  /** Registered capture agents (capture-agents=registered). */
  agents: ReadonlySet<string>;
  /** Known series ids (series-known=known). */
  series: ReadonlySet<string>;
  timers: Timers;
  processingDelayMs: number;
  retractDelayMs: number;
  /** See ReferenceOptions.listDelayMs. */
  listDelayMs: number;
  /** The lag of the latitude choice index-lag (ms). */
  indexLagMs: number;
  publicBaseUrl?: string;
  users: RefUser[];
  pinned?: ApiVersion;
  /** See ReferenceOptions.serverVersion. */
  serverVersion: ApiVersion;
}

export interface Ctx {
  app: App;
  req: IncomingMessage;
  url: URL;
  version: ApiVersion;
  caller: Caller;
  /** Path parameters, URL-decoded, in path order. */
  params: string[];
  /** The endpoint answering, as the route table names it. */
  endpoint: Endpoint;
}

/** An endpoint as the route table (router.ts, spec § Endpoints) names it: method and path. */
export type Endpoint =
  | 'GET /api/version' | 'GET /api/version/default'
  | 'GET /api/events' | 'POST /api/events'
  | 'GET /api/events/{id}' | 'POST /api/events/{id}' | 'DELETE /api/events/{id}'
  | 'GET /api/events/{id}/acl' | 'PUT /api/events/{id}/acl' | 'POST /api/events/{id}/acl/{action}' | 'DELETE /api/events/{id}/acl/{action}/{role}'
  | 'GET /api/events/{id}/metadata' | 'PUT /api/events/{id}/metadata' | 'DELETE /api/events/{id}/metadata'
  | 'GET /api/events/{id}/media' | 'POST /api/events/{id}/track'
  | 'GET /api/events/{id}/publications' | 'GET /api/events/{id}/publications/{publicationId}'
  | 'GET /api/events/{id}/scheduling' | 'PUT /api/events/{id}/scheduling';

/** What a handler answers. `json` is JSON text; absent = no body. */
export interface Reply {
  status: number;
  json?: string;
  /** A text/plain body (latitude choice error-body=text). */
  text?: string;
  headers?: Record<string, string>;
}

export function json(status: number, value: unknown, headers?: Record<string, string>): Reply {
  return { status, json: JSON.stringify(value), headers };
}

export function empty(status: number): Reply {
  return { status };
}

/** {base_url} of this server (publicBaseUrl, else from the Host header). */
export function baseUrl(ctx: Ctx): string {
  if (ctx.app.publicBaseUrl) return ctx.app.publicBaseUrl.replace(/\/+$/, '');
  return `http://${ctx.req.headers.host ?? '127.0.0.1'}`;
}
