import { request } from 'undici';
import { replayBody } from './wire-body.js';
import type { WireRequest } from './wire-format.js';

/**
 * Replays a client library's recorded requests (wire-format.ts) against a server, in order, as the library sent
 * them: same method, path, query, Accept, Content-Type and body bytes (wire-body.ts completes what the recording
 * left out). Only identifiers change: an event or publication id of the recording becomes the one this server
 * gave. Ids are learnt from the recording's answers where it shows them (`=> create…: 201 {"identifier":…}`), else
 * in order: the first unknown event id is the first event this replay created and has not matched yet; the same
 * for the publications this server listed for that event.
 */

export interface WireReplayed {
  request: WireRequest;
  /** Path and query as sent (ids replaced). */
  target: string;
  status: number;
  text: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Identifiers in an answer: `{"identifier": …}` or an array of them, or `[{"id": …}]` (publications). */
function ids(body: unknown, key: 'identifier' | 'id'): string[] {
  const list = Array.isArray(body) ? body : [body];
  return list.flatMap((x) => (typeof x === 'object' && x !== null && typeof (x as Record<string, unknown>)[key] === 'string' ? [(x as Record<string, string>)[key]] : []));
}

class IdMap {
  private readonly map = new Map<string, string>();
  private readonly freshEvents: string[] = [];
  private readonly freshPubs = new Map<string, string[]>();

  /** The target with every recorded id replaced by this server's. */
  target(t: string): string {
    return t.replace(UUID, (id, at: number) => {
      const known = this.map.get(id);
      if (known) return known;
      const before = t.slice(0, at);
      const event = /\/api\/events\/([^/]+)\//.exec(before)?.[1] ?? '';
      const fresh = before.endsWith('/publications/') ? this.freshPubs.get(this.map.get(event) ?? event)?.shift() : before.endsWith('/api/events/') ? this.freshEvents.shift() : undefined;
      if (fresh) this.map.set(id, fresh);
      return fresh ?? id;
    });
  }

  /** Learns from one exchange: what it created, and the publications it listed. */
  learn(r: WireRequest, target: string, status: number, text: string): void {
    const body = json(text);
    if (r.method === 'POST' && target.split('?')[0].replace(/\/$/, '') === '/api/events' && status < 300) {
      const mine = ids(body, 'identifier');
      const recorded = r.answer ? ids(json(r.answer.body), 'identifier') : [];
      mine.forEach((id, i) => (recorded[i] ? this.map.set(recorded[i], id) : this.freshEvents.push(id)));
    }
    const pubs = /^\/api\/events\/([^/?]+)\/publications(\?|$)/.exec(target);
    if (r.method === 'GET' && pubs && status === 200) {
      const mine = ids(body, 'id');
      const recorded = r.answer ? ids(json(r.answer.body), 'id') : [];
      mine.forEach((id, i) => (recorded[i] ? this.map.set(recorded[i], id) : undefined));
      const taken = new Set(this.map.values());
      this.freshPubs.set(pubs[1], mine.filter((id) => !taken.has(id)));
    }
  }
}

/** The complete multipart request of the recording for the same method and path, to complete a cut one. */
function templateFor(r: WireRequest, all: WireRequest[]): WireRequest | undefined {
  const path = r.target.split('?')[0];
  return all.find((x) => !x.flattened && x.method === r.method && x.target.split('?')[0] === path && /multipart/.test(x.headers['content-type'] ?? '') && /filename=/.test(x.body));
}

/** Sends `requests` (one recording, in order) to `base`; `all` (every recording) completes cut bodies. */
export async function replayWire(base: string, requests: WireRequest[], all: WireRequest[] = requests): Promise<WireReplayed[]> {
  const idMap = new IdMap();
  const out: WireReplayed[] = [];
  for (const r of requests) {
    const target = idMap.target(r.target);
    const hasBody = r.body !== '' || r.flattened === true;
    const body = hasBody ? await replayBody(r, templateFor(r, all)) : undefined;
    const headers: Record<string, string> = { ...r.headers };
    if (body?.type) headers['content-type'] = body.type;
    const res = await request(base + target, { method: r.method as 'GET', headers, body: body && body.bytes.length > 0 ? body.bytes : undefined });
    const text = await res.body.text();
    idMap.learn(r, target, res.statusCode, text);
    out.push({ request: r, target, status: res.statusCode, text });
  }
  return out;
}
