import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createReferenceHandler, parseUsers, type Handler } from '../reference/index.js';
import { readForm, type Form } from '../reference/form.js';

/**
 * Legal variants of the reference server for the tests of adaptive setup: each wraps the
 * reference handler and makes one choice the spec leaves open, as a real server may.
 * - media required: POST /api/events without a media part and without a schedule answers 400 (the spec describes a
 *   create "from metadata, an access control list, processing instructions and uploaded media tracks").
 * - registered agents only: a schedule on a capture agent not in a list answers 400 (real Opencast does).
 * - known series only: an isPartOf that is not an existing series answers 400.
 * - index lag: a new event becomes visible `lagMs` after its 201 (GET and writes answer 404, lists leave it out).
 */

export type Wrap = (h: Handler) => Handler;

const MEDIA_PARTS = ['presenter', 'presentation', 'audio'];

/** A request whose body was read: a fresh readable copy for the handler (same method, url, headers). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = Readable.from([body]) as unknown as IncomingMessage;
  Object.assign(copy, { method: req.method, url: req.url, headers: req.headers, socket: req.socket, httpVersion: req.httpVersion });
  return copy;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function refuse(res: ServerResponse, status: number, error: string): void {
  const text = JSON.stringify({ error });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Reads the form of a write (multipart or urlencoded) and lets `verdict` refuse it (a message) or pass it on. */
function onWrite(verdict: (req: IncomingMessage, path: string, form: Form) => string | undefined): Wrap {
  return (h) => (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' || req.method === 'DELETE' || !path.startsWith('/api/events')) return h(req, res);
    readAll(req).then(async (body) => {
      let why: string | undefined;
      try {
        why = verdict(req, path, await readForm(replay(req, body)));
      } catch {
        why = undefined; // not a form: the reference server answers what it answers
      }
      if (why) refuse(res, 400, why);
      else h(replay(req, body), res);
    }).catch(() => res.destroy());
  };
}

function json(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** POST /api/events with neither a media file nor a schedule → 400. */
export const mediaRequired: Wrap = onWrite((req, path, form) => {
  if (req.method !== 'POST' || !/^\/api\/events\/?$/.test(path)) return undefined;
  const media = MEDIA_PARTS.some((p) => form.files(p).length > 0);
  const scheduled = (form.text('scheduling') ?? '').trim() !== '';
  return media || scheduled ? undefined : 'an event needs a media file (presenter, presentation or audio) or a schedule';
});

/** A schedule (create, update or PUT /scheduling) on an agent outside `agents` → 400. */
export function registeredAgentsOnly(agents: readonly string[]): Wrap {
  return onWrite((_req, _path, form) => {
    const s = json(form.text('scheduling')) as { agent_id?: unknown } | undefined;
    const agent = s && typeof s === 'object' ? s.agent_id : undefined;
    return typeof agent === 'string' && !agents.includes(agent) ? `capture agent ${agent} is not registered` : undefined;
  });
}

/** POST /api/events whose schedule names no capture-agent inputs → 400 ("Whether inputs is required: not shown."). */
export const inputsRequired: Wrap = onWrite((req, path, form) => {
  if (req.method !== 'POST' || !/^\/api\/events\/?$/.test(path)) return undefined;
  const s = json(form.text('scheduling')) as { inputs?: unknown } | undefined;
  if (!s || typeof s !== 'object') return undefined;
  return Array.isArray(s.inputs) && s.inputs.length > 0 ? undefined : 'scheduling needs inputs (a non-empty array of capture-agent input names)';
});

/** An isPartOf (create, update or PUT /metadata of dublincore/episode) outside `series` → 400. */
export function knownSeriesOnly(series: readonly string[]): Wrap {
  const bad = (fields: unknown): string | undefined => {
    if (!Array.isArray(fields)) return undefined;
    const f = fields.find((x) => (x as { id?: unknown })?.id === 'isPartOf') as { value?: unknown } | undefined;
    const v = f?.value;
    return typeof v === 'string' && v !== '' && !series.includes(v) ? `series ${v} does not exist` : undefined;
  };
  return onWrite((req, path, form) => {
    const meta = json(form.text('metadata'));
    if (req.method === 'PUT' && path.endsWith('/metadata')) return bad(meta);
    if (!Array.isArray(meta)) return undefined;
    const episode = meta.find((c) => (c as { flavor?: unknown })?.flavor === 'dublincore/episode') as { fields?: unknown } | undefined;
    return bad(episode?.fields);
  });
}

/**
 * New events become visible `lagMs` after the response that created them: until then GET, writes and sub-resources
 * of the event answer 404 and lists leave it out (an index that lags writes, ARCHITECTURE.md, principle 7).
 */
export function indexLag(lagMs: number): Wrap {
  const hiddenUntil = new Map<string, number>();
  const hidden = (id: string) => (hiddenUntil.get(id) ?? 0) > Date.now();
  return (h) => (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/api\/events\/([^/]+)/.exec(url.pathname);
    if (m && hidden(decodeURIComponent(m[1]))) return refuse(res, 404, 'no such event (not indexed yet)');
    const isCreate = req.method === 'POST' && /^\/api\/events\/?$/.test(url.pathname);
    const isList = req.method === 'GET' && /^\/api\/events\/?$/.test(url.pathname);
    if (!isCreate && !isList) return h(req, res);
    capture(h, req, res, (status, headers, body) => {
      let out = body;
      const parsed = json(body.toString('utf8'));
      if (isCreate && status >= 200 && status < 300) {
        const ids = (Array.isArray(parsed) ? parsed : [parsed]).map((e) => (e as { identifier?: unknown } | null)?.identifier);
        for (const id of ids) if (typeof id === 'string') hiddenUntil.set(id, Date.now() + lagMs);
      }
      if (isList && status === 200 && Array.isArray(parsed)) {
        out = Buffer.from(JSON.stringify(parsed.filter((e) => !hidden(String((e as { identifier?: unknown } | null)?.identifier)))));
      }
      res.writeHead(status, { ...headers, 'Content-Length': out.length });
      res.end(out);
    });
  };
}

/** Lets the handler answer into a buffer, then hands status, headers and body to `done`. */
function capture(h: Handler, req: IncomingMessage, res: ServerResponse, done: (status: number, headers: Record<string, unknown>, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const fake = Object.create(res) as ServerResponse;
  let status = 200;
  let headers: Record<string, unknown> = {};
  fake.writeHead = ((s: number, hs?: Record<string, unknown>) => { status = s; headers = { ...(hs ?? {}) }; return fake; }) as unknown as ServerResponse['writeHead'];
  fake.setHeader = ((n: string, v: unknown) => { headers[n] = v; return fake; }) as unknown as ServerResponse['setHeader'];
  fake.write = ((c: Buffer | string) => { chunks.push(Buffer.from(c)); return true; }) as ServerResponse['write'];
  fake.end = ((c?: Buffer | string) => {
    if (c) chunks.push(Buffer.from(c));
    const { 'Content-Length': _l, ...rest } = headers;
    done(status, rest, Buffer.concat(chunks));
    return fake;
  }) as ServerResponse['end'];
  h(req, fake);
}

/** The self-test's users (SELFTEST_USERS of src/selftest/harness.ts: the user has two roles, as CREDENTIALS says). */
const USERS = 'admin:selftest-admin-pw:ROLE_ADMIN,alice:selftest-alice-pw:ROLE_USER_ALICE|ROLE_SELFTEST_STAFF';

export interface WrappedServer {
  url: string;
  count(): number;
  close(): Promise<void>;
}

/** A reference server behind `wraps` (applied in order, the first outermost), on 127.0.0.1. */
export async function startWrapped(...wraps: Wrap[]): Promise<WrappedServer> {
  const ref = createReferenceHandler({ processingDelayMs: 50, retractDelayMs: 50, users: parseUsers(USERS) });
  const handler = wraps.reduceRight<Handler>((h, w) => w(h), ref.handler);
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => ref.store.count(),
    close: async () => {
      ref.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
