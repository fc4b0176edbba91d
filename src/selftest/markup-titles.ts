/** A hostile or careless server for the browser tests of the reports: markup in every title it sends. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MARKUP = '<img src=x onerror=alert(document.domain)>';

/** Wraps a handler so every JSON title the server sends starts with markup (a hostile or careless server). */
export function withMarkupTitles(h: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const fake = Object.create(res) as ServerResponse;
    const chunks: Buffer[] = [];
    let status = 200;
    let headers: Record<string, unknown> = {};
    fake.writeHead = ((s: number, h?: Record<string, unknown>) => { status = s; headers = { ...headers, ...(h ?? {}) }; return fake; }) as ServerResponse['writeHead'];
    fake.setHeader = ((n: string, v: unknown) => { headers[n] = v; return fake; }) as ServerResponse['setHeader'];
    fake.write = ((c: Buffer | string) => { chunks.push(Buffer.from(c)); return true; }) as ServerResponse['write'];
    fake.end = ((c?: Buffer | string) => {
      if (c) chunks.push(Buffer.from(c));
      const body = Buffer.concat(chunks).toString('utf8').replaceAll('"title":"', `"title":"${MARKUP}`);
      const out = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-length'));
      res.writeHead(status, { ...out, 'content-length': Buffer.byteLength(body) } as Record<string, string | number>);
      res.end(body);
      return fake;
    }) as ServerResponse['end'];
    h(req, fake);
  };
}
