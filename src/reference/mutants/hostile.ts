import type { IncomingMessage, ServerResponse } from 'node:http';
import { family, type Handler } from './types.js';

/**
 * Transport-level faults: each wraps the whole handler and misbehaves on the event list only
 * (GET /api/events), so a run can show that evconf fails the list rules with the transport error as
 * evidence, keeps checking everything else, and finishes within a bound derived from its timeouts.
 */
function isList(req: IncomingMessage): boolean {
  return req.method === 'GET' && /^\/api\/events\/?(\?|$)/.test(req.url ?? '');
}

/** GET of a single event (GET /api/events/{id}, not its sub-resources). */
function isSingleGet(req: IncomingMessage): boolean {
  return req.method === 'GET' && /^\/api\/events\/[^/?]+\/?(\?|$)/.test(req.url ?? '');
}

/** Runs `fault` for list requests and the real handler for everything else. */
function onList(fault: (req: IncomingMessage, res: ServerResponse) => void): (h: Handler) => Handler {
  return (h) => (req, res) => (isList(req) ? fault(req, res) : h(req, res));
}

/** Lets the real handler answer, capturing its body, then hands status, headers and body to `mangle`. */
function captureList(mangle: (res: ServerResponse, status: number, body: Buffer) => void): (h: Handler) => Handler {
  return (h) => (req, res) => {
    if (!isList(req)) return h(req, res);
    const chunks: Buffer[] = [];
    const fake = Object.create(res) as ServerResponse;
    let status = 200;
    fake.writeHead = ((s: number) => { status = s; return fake; }) as ServerResponse['writeHead'];
    fake.setHeader = (() => fake) as ServerResponse['setHeader'];
    fake.write = ((c: Buffer | string) => { chunks.push(Buffer.from(c)); return true; }) as ServerResponse['write'];
    fake.end = ((c?: Buffer | string) => {
      if (c) chunks.push(Buffer.from(c));
      mangle(res, status, Buffer.concat(chunks));
      return fake;
    }) as ServerResponse['end'];
    h(req, fake);
  };
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

export const HOSTILE_MUTANTS = family({
  'hostile-list-hangs': {
    rule: 'events.list.status',
    description: 'The list never answers (no status line, the connection stays open).',
    caughtBy: 'hostile',
    wrap: onList(() => undefined),
  },
  'hostile-list-truncated-json': {
    rule: 'events.list.array',
    description: 'The list body is JSON cut in the middle (with a Content-Length that matches the cut body).',
    caughtBy: 'hostile',
    wrap: captureList((res, status, body) => {
      const cut = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
      res.writeHead(status, { ...JSON_TYPE, 'Content-Length': cut.length });
      res.end(cut);
    }),
  },
  'hostile-list-socket-destroyed': {
    rule: 'events.list.array',
    description: 'The list sends its headers and part of the body, then the socket is destroyed.',
    caughtBy: 'hostile',
    wrap: onList((_req, res) => {
      res.writeHead(200, { ...JSON_TYPE, 'Content-Length': 100_000 });
      res.write('[{"identifier":"');
      setTimeout(() => res.socket?.destroy(), 20).unref();
    }),
  },
  'hostile-list-late': {
    rule: 'events.list.status',
    description: 'Every list response is 2 s late (longer than a --timeout of 1 s).',
    caughtBy: 'hostile',
    wrap: (h) => (req, res) => {
      if (!isList(req)) return h(req, res);
      const t = setTimeout(() => h(req, res), 2_000);
      t.unref();
      res.on('close', () => clearTimeout(t));
    },
  },
  'hostile-get-resets': {
    rule: 'events.get.404',
    description: 'GET of a single event resets the connection (no status line); everything else answers.',
    caughtBy: 'hostile',
    wrap: (h) => (req, res) => (isSingleGet(req) ? void req.socket.resetAndDestroy() : h(req, res)),
  },
  'hostile-all-late': {
    rule: 'events.list.status',
    description: 'Every response is 2 s late (longer than a --timeout of 1 s): the server stalls on everything.',
    caughtBy: 'hostile',
    wrap: (h) => (req, res) => {
      const t = setTimeout(() => h(req, res), 2_000);
      t.unref();
      res.on('close', () => clearTimeout(t));
    },
  },
  'hostile-list-huge-body': {
    rule: 'events.list.array',
    description: 'The list answers a 50 MB body.',
    caughtBy: 'hostile',
    wrap: onList((_req, res) => {
      const size = 50 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      res.writeHead(200, { ...JSON_TYPE, 'Content-Length': size });
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => { sent = size; });
      pump();
    }),
  },
  'hostile-list-wrong-length': {
    rule: 'events.list.array',
    description: 'The list announces a Content-Length larger than the body it sends, then closes.',
    caughtBy: 'hostile',
    wrap: captureList((res, status, body) => {
      res.writeHead(status, { ...JSON_TYPE, 'Content-Length': body.length + 500 });
      res.write(body);
      setTimeout(() => res.socket?.destroy(), 20).unref();
    }),
  },
  'hostile-list-endless-chunked': {
    rule: 'events.list.array',
    description: 'The list streams a chunked body that never ends.',
    caughtBy: 'hostile',
    wrap: onList((_req, res) => {
      res.writeHead(200, JSON_TYPE);
      res.write('[');
      const timer = setInterval(() => res.write('{"identifier":"x"},'), 5);
      res.on('close', () => clearInterval(timer));
    }),
  },
  'hostile-list-redirect-loop': {
    rule: 'events.list.status',
    description: 'The list redirects to itself forever.',
    caughtBy: 'hostile',
    wrap: onList((req, res) => {
      res.writeHead(302, { Location: req.url ?? '/api/events' });
      res.end();
    }),
  },
});
