import type { Duplex } from 'node:stream';
import type { ApiVersion } from '../../model/version.js';
import { negotiateVersion } from '../version.js';
import { departure, type Departure } from './departure.js';
import { rawCharacters } from './encoding.js';
import type { SeenRequest } from './inspect.js';
import type { ClientRecord } from './record.js';
import { endpointName, routeSpecOf } from './routes.js';

/**
 * A request line whose target holds a raw space (`DELETE …/acl/read/ROLE_A B HTTP/1.1`) is not HTTP: node's parser
 * refuses it before any handler runs (clientError). With the client layer on, that refusal names the encoding
 * (RFC 3986: a space in a path travels as %20; spec § Access policy: "path: event_id, action, role (all strings)")
 * and is recorded like every departure, instead of a bare "400 Bad Request".
 */

const REQUEST_LINE = /^([A-Z]+) (\/.*) HTTP\/1\.[01]$/;

/** The request and its encoding departure, read from the bytes node could not parse; undefined = another fault. */
export function rawSpaceRequest(raw: Buffer, pinned?: ApiVersion): { seen: SeenRequest; departures: Departure[]; endpoint: string } | undefined {
  const [line, ...rest] = raw.toString('latin1').split('\r\n');
  const m = REQUEST_LINE.exec(line);
  if (!m || !m[2].includes(' ')) return undefined;
  const [method, target] = [m[1], m[2]];
  const url = new URL(target.replace(/ /g, '%20'), 'http://reference.invalid');
  const headers: Record<string, string> = {};
  for (const h of rest) {
    const colon = h.indexOf(':');
    if (colon > 0) headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
  }
  const seen: SeenRequest = { method, url, headers, body: Buffer.alloc(0), version: negotiateVersion(headers.accept, pinned), target };
  const route = routeSpecOf(method, url.pathname);
  const endpoint = endpointName(method, url.pathname);
  const found = route ? rawCharacters(target, route, method) : [];
  const departures = found.length > 0 ? found : [departure('path-encoding', 'path', `the path '${target.split('?')[0]}' holds a raw space: a path carries it percent-encoded as %20`, 'pathParams', { about: 'path parameter', name: 'path not percent-encoded', mark: target })];
  return { seen, departures, endpoint };
}

/** What node answers by itself when no clientError listener is set (lib/_http_server.js socketOnError). */
const NODE_DEFAULT: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** A clientError listener: a raw-space request is recorded and answered 400 naming the departure; else node's answer. */
export function clientErrorRecorder(record: ClientRecord, pinned?: ApiVersion): (err: ClientError, socket: Duplex & { bytesWritten?: number }) => void {
  return (err, socket) => {
    const found = err.rawPacket ? rawSpaceRequest(err.rawPacket, pinned) : undefined;
    if (found) record.add(found.seen, [], found.departures, found.endpoint);
    if (socket.writable && !socket.bytesWritten) {
      if (found) {
        const text = JSON.stringify({ error: 'the request departs from the spec (evconf serve --strict)', departures: found.departures }, null, 1);
        socket.write(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
      } else socket.write(`HTTP/1.1 ${NODE_DEFAULT[err.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy(err);
  };
}
