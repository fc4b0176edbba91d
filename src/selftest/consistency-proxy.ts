import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support (not used at run time): a proxy in front of a server that behaves like an eventually consistent or
 * unreliable one, to test the settle logic (src/core/settle.ts) end to end.
 */
export interface ProxyBehaviour {
  /**
   * Index lag (ms): a new event is invisible that long (GET answers 404, lists leave it out), and after a write to
   * an event its reads answer what they answered before the write (when they were read before), that long.
   */
  lagMs?: number;
  /** Every second GET of a path matching this (counted per path) drops the last element of its JSON array body. */
  flaky?: RegExp;
  /** A write refused with a 4xx that matches: `replay` is sent to the server `afterMs` later (the write lands late). */
  lateWrite?: { method: string; path: RegExp; afterMs: number; replay: (path: string, query: string) => { method: string; path: string; form: Record<string, string> } };
}

interface Answer { status: number; headers: IncomingHttpHeaders; body: Buffer }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function forward(target: URL, method: string, url: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, method, path: url, headers: { ...headers, host: target.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Event id of a path /api/events/{id}[/…], if any. */
function eventId(path: string): string | undefined {
  const m = /^\/api\/events\/([^/?]+)/.exec(path);
  return m ? decodeURIComponent(m[1]) : undefined;
}

function identifiers(body: Buffer): string[] {
  try {
    const v = JSON.parse(body.toString('utf8')) as unknown;
    const list = Array.isArray(v) ? v : [v];
    return list.map((x) => (x as { identifier?: unknown })?.identifier).filter((x): x is string => typeof x === 'string');
  } catch {
    return [];
  }
}

function withBody(a: Answer, body: Buffer): Answer {
  const headers = { ...a.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  return { ...a, headers, body };
}

export interface StartedProxy {
  url: string;
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1 in front of `targetUrl`. */
export async function startConsistencyProxy(targetUrl: string, b: ProxyBehaviour): Promise<StartedProxy> {
  const target = new URL(targetUrl);
  const created = new Map<string, number>();
  const changed = new Map<string, number>();
  const cache = new Map<string, Answer>();
  const counts = new Map<string, number>();
  const lag = b.lagMs ?? 0;
  const fresh = (m: Map<string, number>, id: string | undefined) => id !== undefined && Date.now() - (m.get(id) ?? -Infinity) < lag;

  async function answer(method: string, url: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> {
    const [path, query = ''] = url.split('?');
    const id = eventId(path);
    const key = `${headers.authorization ?? ''} ${url}`;
    if (method === 'GET' && fresh(created, id)) {
      return { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"error":"not found (index lag)"}') };
    }
    if (method === 'GET' && fresh(changed, id) && cache.has(key)) return cache.get(key)!;
    const a = await forward(target, method, url, headers, body);
    if (method === 'GET') {
      let out = a;
      if (path === '/api/events' && lag > 0 && a.status === 200) {
        try {
          const list = JSON.parse(a.body.toString('utf8')) as { identifier?: string }[];
          out = withBody(a, Buffer.from(JSON.stringify(list.filter((e) => !fresh(created, e.identifier)))));
        } catch { /* not a list: as is */ }
      }
      if (b.flaky?.test(path) && a.status === 200) {
        const n = (counts.get(path) ?? 0) + 1;
        counts.set(path, n);
        if (n % 2 === 0) {
          try {
            const v = JSON.parse(out.body.toString('utf8')) as unknown;
            if (Array.isArray(v) && v.length > 0) out = withBody(out, Buffer.from(JSON.stringify(v.slice(0, -1))));
          } catch { /* not JSON: as is */ }
        }
      }
      if (!fresh(changed, id)) cache.set(key, out);
      return out;
    }
    if (method === 'POST' && path === '/api/events' && a.status >= 200 && a.status < 300) {
      for (const created1 of identifiers(a.body)) created.set(created1, Date.now());
    } else if (id !== undefined && a.status >= 200 && a.status < 300) {
      changed.set(id, Date.now());
    }
    const late = b.lateWrite;
    if (late && method === late.method && late.path.test(path) && a.status >= 400 && a.status < 500) {
      const r = late.replay(path, query);
      const form = new URLSearchParams(r.form).toString();
      void sleep(late.afterMs).then(() => forward(target, r.method, r.path, {
        authorization: headers.authorization ?? '', accept: headers.accept ?? '*/*',
        'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)),
      }, Buffer.from(form))).catch(() => undefined);
    }
    return a;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks)).then((a) => {
        res.writeHead(a.status, a.headers);
        res.end(a.body);
      }, (e: Error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${e.message}`);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
