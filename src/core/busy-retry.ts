import { parseJsonBody, type HttpClient, type RequestSpec } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import type { WaitOptions } from './readiness.js';

/**
 * A write the server refuses for a passing reason it shows (ARCHITECTURE.md, principle 7, "Real servers are eventually consistent"):
 * real Opencast answers an ACL change of an event whose workflow runs with 403 (IndexServiceImpl updateEventAcl,
 * "Unable to update the ACL of this event as it is currently processing"; docs/opencast-behaviour.md) and marks the
 * event's catalogs `locked` meanwhile. The spec names no such refusal (§ Errors: 403 is "Deleting the metadata
 * catalog dublincore/episode"), nor that writes during processing are accepted ("Transitions: not shown"), so a
 * check must not depend on when its write happened to land: a write refused with 403 while the event shows itself
 * busy (processing_state RUNNING, or a catalog marked locked) is sent again once it no longer is, and what was
 * learned is reported (`onBusy`, an observation). A 403 of an event that is not busy when read is sent once more at
 * once (processing may have ended in between; a refused write changed nothing, so sending it again is harmless):
 * a 403 again is the answer, judged as it is.
 */

/** The event a write to /api/events/{id}[/acl|/metadata|…] changes, or undefined (not such a write). */
export function writtenEvent(spec: RequestSpec): string | undefined {
  if (spec.method === 'GET' || spec.method === 'HEAD') return undefined;
  const path = spec.path.split('?')[0];
  const m = /^\/api\/events\/([^/]+)(\/(acl|metadata|scheduling)(\/.*)?)?$/.exec(path);
  if (!m) return undefined;
  // The DELETE of the event itself is judged as answered (delete-while-processing checks it on purpose).
  if (spec.method === 'DELETE' && m[2] === undefined) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

/** What the write changes, as reported: the endpoint with the id left out. */
function writeKind(spec: RequestSpec): string {
  const path = spec.path.split('?')[0].replace(/^\/api\/events\/[^/]+/, '/api/events/{id}').replace(/^(\/api\/events\/\{id\}\/acl)\/.*$/, '$1/…');
  const acl = spec.multipart?.some((p) => p.name === 'acl') ? ' (with an acl part)' : '';
  return `${spec.method} ${path}${acl}`;
}

/** A workflow running (INSTANTIATED is also a scheduled event's state, which lasts: never waited for). */
const BUSY = new Set(['RUNNING']);

/** The processing_state of the event as the reader sees it, and whether a catalog says it is locked. */
async function busyState(reader: HttpClient, id: string): Promise<string | undefined> {
  const ex = await reader.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}`, query: { withmetadata: 'true' } });
  const parsed = parseJsonBody(ex);
  if (!parsed.ok || !ex.response || ex.response.status >= 300) return undefined;
  const o = parsed.value as { processing_state?: unknown; metadata?: unknown } | null;
  const state = typeof o?.processing_state === 'string' ? o.processing_state : undefined;
  if (state !== undefined && BUSY.has(state)) return state;
  const locked = Array.isArray(o?.metadata) && o.metadata.some((c) => typeof (c as { locked?: unknown })?.locked === 'string' && (c as { locked: string }).locked !== '');
  return locked ? `${state ?? ''} (catalog locked)` : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the event no longer shows itself busy; false when the time ran out or the run stopped. */
async function untilIdle(o: BusyRetryOptions, id: string): Promise<boolean> {
  const started = Date.now();
  const idle = o.waits?.idle();
  try {
    for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
      if (o.signal?.aborted || Date.now() + delay > started + o.timeoutMs) return false;
      await sleep(delay);
      if ((await busyState(o.reader, id)) === undefined) {
        o.waits?.processed(Date.now() - started);
        return true;
      }
    }
  } finally {
    idle?.();
  }
}

export interface BusyRetryOptions extends WaitOptions {
  /** Reads the event's state (the administrator: the writer may not be allowed to read it). */
  reader: HttpClient;
  /** How long to wait for processing to end (--processing-timeout). */
  timeoutMs: number;
  /** Told of every refusal waited out: what was refused, the state shown, and the answer once it had ended. */
  onBusy?: (note: { write: string; state: string; retried: number }) => void;
}

/** The client, sending a write again once the event it changes is no longer busy (see the module comment). */
export function busyRetrying(client: HttpClient, o: BusyRetryOptions): HttpClient {
  return {
    ...client,
    send: async (spec) => {
      let ex: Exchange = await client.send(spec);
      const id = writtenEvent(spec);
      if (id === undefined) return ex;
      // At most three times: a server that stays busy is judged on its last answer.
      for (let tries = 0; tries < 3 && ex.response?.status === 403; tries++) {
        const state = await busyState(o.reader, id);
        if (state === undefined) {
          // Not busy now: either a real refusal, or processing ended between the refusal and this read. Sent once
          // more at once; a refusal that stays is the answer (the first exchange, as the evidence).
          if (tries > 0) return ex;
          const again = await client.send(spec);
          if (again.response?.status === 403) return ex;
          o.onBusy?.({ write: writeKind(spec), state: 'busy no longer when read', retried: again.response?.status ?? 0 });
          return again;
        }
        if (!(await untilIdle(o, id))) return ex;
        const again = await client.send(spec);
        o.onBusy?.({ write: writeKind(spec), state, retried: again.response?.status ?? 0 });
        ex = again;
      }
      return ex;
    },
  };
}
