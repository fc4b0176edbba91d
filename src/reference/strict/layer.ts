import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { NEWEST_API_VERSION, type ApiVersion } from '../../model/version.js';
import { MAX_BODY_BYTES } from '../form.js';
import type { Handler } from '../bug.js';
import { negotiateVersion } from '../version.js';
import { inspectRequest } from './inspect.js';
import type { ClientRecord } from './record.js';
import { RECORDED_ONLY, stateDepartures, type StateView } from './stateful.js';

/**
 * The client conformance layer in front of the reference server's handler: it buffers each request,
 * inspects it against the spec (inspect.ts), records its departures and then either answers 400 naming them (406 for an Accept naming only versions the server lacks)
 * (--strict) or re-feeds the buffered body to the real handler, which answers as it always does.
 * GET /__evconf/client-report returns the record so far.
 *
 * Paths outside /api/events (e.g. GET /api/version/default, which real clients ask first) lie outside the spec
 * ("This single document covers the whole API, which lives under {base_url}/api/events."; "How a client selects
 * the version (path, header or parameter): not shown"): they go to the handler as they came, never refused, and
 * are listed in the record as information with the status they got.
 */

/** Whether a path is one the spec covers. */
export function underSpec(pathname: string): boolean {
  return pathname === '/api/events' || pathname.startsWith('/api/events/');
}

export const CLIENT_REPORT_PATH = '/__evconf/client-report';

export interface ClientLayerOptions {
  /** Answer every departing request 400 instead of calling the handler. */
  strict?: boolean;
  /** Where departures are recorded; given (or strict) = the layer is on. */
  clientRecord?: ClientRecord;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value, null, 1);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** A request whose body is the buffered bytes (the handler reads the body as a stream). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const r = Readable.from(body.length > 0 ? [body] : [], { objectMode: false }) as unknown as IncomingMessage;
  return Object.assign(r, {
    method: req.method, url: req.url, headers: req.headers, rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion, socket: req.socket, connection: req.socket,
  });
}

async function readAll(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

export function clientConformanceLayer(inner: Handler, record: ClientRecord, strict: boolean, pinned?: ApiVersion, state?: StateView): Handler {
  // The server version (addendum § Two terms): a pinned server serves that version alone, else the newest it serves.
  const serverVersion = pinned ?? state?.serverVersion ?? NEWEST_API_VERSION;
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://reference.invalid');
    if (url.pathname === CLIENT_REPORT_PATH) {
      if (req.method === 'GET') send(res, 200, record.report());
      else send(res, 405, { error: 'GET only' });
      req.resume();
      return;
    }
    if (!underSpec(url.pathname)) {
      res.once('close', () => record.addOutside(req.method ?? 'GET', url.pathname, res.statusCode));
      inner(req, res);
      return;
    }
    // Oversized bodies go straight to the handler, which answers 413 (spec § Limits: not shown; ARCHITECTURE.md § The reference server).
    if (Number(req.headers['content-length'] ?? '0') > MAX_BODY_BYTES) return inner(req, res);
    // A request without a body (most GETs and DELETEs) goes to the handler as it came: nothing to buffer.
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const body = hasBody ? await readAll(req) : Buffer.alloc(0);
    if (body === undefined) {
      send(res, 413, { error: `request body larger than ${MAX_BODY_BYTES} bytes` });
      return;
    }
    const seen = { method: req.method ?? 'GET', url, headers: req.headers, body, version: negotiateVersion(req.headers.accept, pinned, serverVersion), target: req.url, serverVersion };
    const inspection = await inspectRequest(seen);
    const refused = strict && inspection.departures.some((d) => !RECORDED_ONLY.has(d.kind) && !d.advisory);
    // A departure of state is one only when the request reaches the server (a refused DELETE deletes nothing).
    const departures = refused ? inspection.departures : [...inspection.departures, ...stateDepartures(seen.method, url.pathname, seen.version, state)];
    record.add(seen, inspection.entries, departures, inspection.endpoint);
    if (refused) {
      // An Accept naming only versions the server lacks is refused as the addendum says (§ Accept and Content-Type:
      // "| none | 406 before the endpoint runs"); every other departure 400.
      const refusing = departures.filter((d) => !RECORDED_ONLY.has(d.kind) && !d.advisory);
      send(res, refusing.every((d) => d.kind === 'unsupported-version') ? 406 : 400, { error: 'the request departs from the spec (evconf serve --strict)', departures });
      return;
    }
    inner(hasBody ? replay(req, body) : req, res);
  };
  return (req, res) => {
    serve(req, res).catch(() => res.destroy());
  };
}
