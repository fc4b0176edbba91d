import type { Dispatcher } from 'undici';
import { dispatchOnce, type OnceResult } from './dispatch-once.js';
import type { PreparedRequest } from './prepare.js';
import { TransportFailure } from './transport-error.js';

export interface FollowOptions {
  maxRedirects: number;
  timeoutMs: number;
  maxBodyBytes: number;
  excerptBytes: number;
}

interface Hop {
  method: string;
  url: PreparedRequest['url'];
  headers: Record<string, string>;
  body?: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The next request after a 3xx (RFC 9110 §15.4): 303, and 301/302 after POST, become a GET without body. */
function nextHop(hop: Hop, status: number, to: URL, secretNames: Set<string>): Hop {
  const toGet = (status === 303 && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
  const headers = { ...hop.headers };
  if (toGet) delete headers['content-type'];
  if (to.origin !== hop.url.origin) for (const name of secretNames) delete headers[name]; // never leak credentials
  const url = { href: to.href, origin: to.origin, target: `${to.pathname}${to.search}` };
  return toGet ? { method: 'GET', url, headers } : { ...hop, url, headers };
}

/**
 * Sends the request and, up to `maxRedirects` times, follows 3xx responses with a Location.
 * One deadline covers all hops. More redirects than allowed → 'too-many-redirects' with the last 3xx.
 */
export async function sendFollowing(
  dispatcher: Dispatcher,
  req: PreparedRequest,
  opts: FollowOptions,
  startedAt: number,
): Promise<OnceResult> {
  let hop: Hop = { method: req.method, url: req.url, headers: req.headers, ...(req.body ? { body: req.body } : {}) };
  const chain = [req.url.href];
  for (let n = 0; ; n++) {
    const result = await dispatchOnce(
      dispatcher,
      {
        origin: hop.url.origin,
        path: hop.url.target,
        method: hop.method,
        headers: hop.headers,
        body: hop.body ?? null,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      },
      {
        remainingMs: Math.max(1, startedAt + opts.timeoutMs - performance.now()),
        timeoutMs: opts.timeoutMs,
        maxBodyBytes: opts.maxBodyBytes,
        excerptBytes: opts.excerptBytes,
      },
    );
    const location = result.headers?.location;
    if (opts.maxRedirects === 0 || result.error !== undefined || !REDIRECTS.has(result.status ?? 0) || !location) {
      return result;
    }
    let to: URL;
    try {
      to = new URL(location, hop.url.href);
    } catch {
      return { ...result, error: new TransportFailure('bad-response', `redirect to an invalid Location: ${location}`) };
    }
    chain.push(to.href);
    if (to.protocol !== 'http:' && to.protocol !== 'https:') {
      return { ...result, error: new TransportFailure('bad-response', `redirect to a non-HTTP URL: ${to.href}`) };
    }
    if (n >= opts.maxRedirects) {
      const why = `more than ${opts.maxRedirects} redirects: ${chain.join(' -> ')}`;
      return { ...result, error: new TransportFailure('too-many-redirects', why) };
    }
    hop = nextHop(hop, result.status ?? 0, to, req.secretNames);
  }
}
