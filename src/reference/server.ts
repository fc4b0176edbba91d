import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timers, type App, type Ctx, type ReferenceOptions, type Reply } from './app.js';
import { authenticate, OPEN_CALLER } from './auth.js';
import type { Handler } from './bug.js';
import { attachHooks, hook, withoutPatches, type Planted } from './hooks.js';
import { withProfile } from './profiles/index.js';
import { match } from './router.js';
import { EventStore } from './store.js';
import { clientConformanceLayer, type ClientLayerOptions } from './strict/layer.js';
import { clientErrorRecorder } from './strict/raw-request.js';
import { ClientRecord } from './strict/record.js';
import { HttpError } from './types.js';
import { negotiateVersion } from './version.js';
import { NEWEST_API_VERSION } from '../model/version.js';
import { authFailure, datetimes, errorReply, jsonContentType, unsupportedVersion } from './latitude/wire.js';
import { configureStore, latitudeApp } from './latitude/setup.js';
import { LAG_MS } from './latitude/catalogue.js';
import { refuseUnknownQuery } from './latitude/unknown-input.js';
import { cacheHeaders, jsonText, methodNotAllowed, trailingSlashRefused, withCharset } from './latitude/http.js';

/** The reference server (ARCHITECTURE.md § The reference server): node:http, in memory, every version 1.0.0–1.11.0 (up to its server version). */

export interface ReferenceHandler {
  handler: Handler;
  /** With the client layer on: names a request line node cannot parse because of a raw space (strict/raw-request.ts). */
  clientError?: ReturnType<typeof clientErrorRecorder>;
  store: EventStore;
  /** Stops the processing/retraction timers. */
  close(): void;
}

function write(app: App, res: ServerResponse, reply: Reply, contentType: string): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.json !== undefined || reply.text !== undefined) {
    // The text goes out as a string: node writes head and body in one syscall, without a Buffer copy per request.
    const body = reply.json !== undefined ? jsonText(app, datetimes(app, reply.json)) : reply.text!;
    headers['Content-Type'] = reply.json !== undefined ? withCharset(app, contentType) : 'text/plain; charset=utf-8';
    if (reply.json !== undefined) Object.assign(headers, cacheHeaders(app, res.req?.method, reply.status, body));
    headers['Content-Length'] = Buffer.byteLength(body);
    res.writeHead(reply.status, headers);
    res.end(body);
  } else {
    res.writeHead(reply.status, headers);
    res.end();
  }
}

function failure(app: App, e: unknown): Reply {
  if (e instanceof HttpError) return errorReply(app, e.status, e.message, e.body, e.status === 413 ? { Connection: 'close' } : undefined);
  return errorReply(app, 500, `internal error: ${(e as Error)?.message ?? String(e)}`);
}

async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let contentType = 'application/json';
  try {
    const url = new URL(req.url ?? '/', 'http://reference.invalid');
    let caller = OPEN_CALLER;
    if (app.users.length > 0 && url.pathname.startsWith('/api')) {
      const who = authenticate(req, app.users);
      if (!who) {
        write(app, res, authFailure(app), contentType);
        return;
      }
      caller = who;
    }
    const negotiated = negotiateVersion(req.headers.accept, app.pinned, app.serverVersion) ?? unsupportedVersion(app, req.headers.accept);
    const version = negotiated === '1.8.0' && app.bug('version-listed-1.8.0-refused') ? undefined : negotiated;
    if (!version) {
      write(app, res, errorReply(app, 406, `not acceptable: this server serves application/v1.0.0+json … application/v${app.serverVersion}+json`), contentType);
      return;
    }
    contentType = jsonContentType(app, version);
    const m = trailingSlashRefused(app, url.pathname) ? { kind: 'not-found' as const } : match(req.method ?? 'GET', url.pathname, version);
    if (m.kind === 'not-found') throw new HttpError(404, `no such resource: ${url.pathname}`);
    if (m.kind === 'method-not-allowed') {
      write(app, res, methodNotAllowed(app, req.method, url.pathname, m.allow), contentType);
      return;
    }
    const ctx: Ctx = { app, req, url, version, caller, params: m.params, endpoint: m.endpoint };
    refuseUnknownQuery(ctx);
    const faults = hook(ctx);
    const reply = faults.response(ctx, faults.request(ctx, undefined, m.endpoint) ?? (await m.route(ctx)), m.endpoint);
    if (app.listDelayMs > 0 && req.method === 'GET' && url.pathname === '/api/events') await new Promise((r) => setTimeout(r, app.listDelayMs));
    write(app, res, reply, contentType);
  } catch (e) {
    if (!res.headersSent) write(app, res, failure(app, e), contentType);
    else res.destroy();
  }
}

/**
 * A request handler plus its store (tests use store.count()). Throws for an unknown mutant name.
 * With `strict` or a `clientRecord`, the client conformance layer (strict/layer.ts) reads every request first.
 * `planted`: the planted bugs and their patches (index.ts hands in mutants/'s).
 */
export function createReferenceHandler(given: ReferenceOptions & ClientLayerOptions, planted: Planted): ReferenceHandler {
  // A profile (--profile opencast) is latitude choices plus deviations switched on together (src/reference/profiles).
  const { switches, ...opts } = withProfile(given);
  const lat = latitudeApp(opts);
  const app: App = {
    store: new EventStore(),
    bug: planted.makeBug(opts.mutant, switches),
    ...lat,
    timers: new Timers(),
    processingDelayMs: (opts.processingDelayMs ?? 300) + lat.extraProcessingMs,
    retractDelayMs: opts.retractDelayMs ?? 300,
    listDelayMs: opts.listDelayMs ?? 0,
    indexLagMs: opts.indexLagMs ?? LAG_MS,
    users: opts.users ?? [],
    pinned: opts.apiVersion,
    serverVersion: opts.serverVersion ?? NEWEST_API_VERSION,
  };
  // No bug and no latitude choice on: the hook points are the identity without asking each patch (every patch is
  // then a no-op; a few latitude choices are patches too).
  const bugsOn = Boolean(opts.mutant) || (switches?.length ?? 0) > 0 || Object.keys(opts.latitude ?? {}).length > 0;
  attachHooks(app, bugsOn ? planted.patches : withoutPatches(planted.patches));
  configureStore(app, opts);
  const base: Handler = (req, res) => {
    handle(app, req, res).catch(() => res.destroy());
  };
  const wrap = opts.mutant ? planted.wrap(opts.mutant) : undefined;
  const handler = wrap ? wrap(base) : base;
  const record = opts.clientRecord ?? (opts.strict ? new ClientRecord(true) : undefined);
  return {
    handler: record ? clientConformanceLayer(handler, record, opts.strict ?? false, opts.apiVersion, { publications: (id) => app.store.get(id)?.publications, serverVersion: app.serverVersion }) : handler,
    ...(record ? { clientError: clientErrorRecorder(record, opts.apiVersion) } : {}),
    store: app.store,
    close: () => app.timers.clear(),
  };
}

export interface StartedReferenceServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How long the reference server keeps an idle connection open (ms). */
export const KEEP_ALIVE_MS = 30_000;

/** Starts the reference server (default 127.0.0.1, port 0 = a free port). */
export async function startReferenceServer(
  opts: ReferenceOptions & ClientLayerOptions & { port?: number; host?: string },
  planted: Planted,
): Promise<StartedReferenceServer> {
  const ref = createReferenceHandler(opts, planted);
  // Idle connections stay open 30 s, not Node's 5 s: a client whose event loop lags (a busy CI runner) may pick an
  // idle connection just as the server closes it, and its POST then fails with "other side closed" (undici keeps a
  // connection for the server's hint minus 2 s). Not a rule of the spec; the reference server simply avoids the race.
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, ref.handler);
  if (ref.clientError) server.on('clientError', ref.clientError);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        ref.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
