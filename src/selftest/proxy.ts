import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test support: a proxy in front of a server (the reference server) that can answer some requests its own way. */

export interface ProxiedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  contentType: string;
  body: Buffer | string;
}

/** Sends a request on to the upstream server. */
export type Forward = (r: ProxiedRequest) => Promise<ProxiedResponse>;

/**
 * Starts a proxy to `upstream` on 127.0.0.1. `intercept` may answer a request itself (using `forward` for what it
 * needs from upstream) or return undefined to pass it on unchanged.
 */
export async function startProxy(upstream: string, intercept: (r: ProxiedRequest, forward: Forward) => Promise<ProxiedResponse | undefined>): Promise<{ url: string; close(): Promise<void> }> {
  const forward: Forward = async (r) => {
    const res = await fetch(r.url, { method: r.method, headers: r.headers, ...(r.body.length ? { body: new Uint8Array(r.body) } : {}) });
    return { status: res.status, contentType: res.headers.get('content-type') ?? 'application/json', body: Buffer.from(await res.arrayBuffer()) };
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers)
      .filter(([k]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)).map(([k, v]) => [k, String(v)]));
    const r: ProxiedRequest = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', upstream), headers, body: Buffer.concat(chunks) };
    try {
      const out = (await intercept(r, forward)) ?? (await forward(r));
      res.writeHead(out.status, out.status === 204 ? {} : { 'content-type': out.contentType });
      res.end(out.status === 204 ? undefined : out.body);
    } catch (e) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(e) }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
