import { departure, type Departure } from './departure.js';
import type { QuoteKey } from './spec-quotes.js';
import { endpointName, ROUTE_SPECS, type RouteSpec } from './routes.js';

/**
 * Path parameters sent without percent-encoding (spec § Access policy: "path: event_id, action, role (all
 * strings)"; each is one segment of the path, so a `/` inside a role must travel as %2F and characters a URI
 * path may not hold raw as %XX, RFC 3986 §2.1 and §3.3). Named as an encoding departure, not as "no endpoint".
 */

/** RFC 3986 pchar without pct-encoded: unreserved / sub-delims / ":" / "@". */
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/;

const pct = (c: string): string => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** The sentence that names the endpoint's path parameters. */
function pathQuote(route: RouteSpec): QuoteKey {
  if (route.pattern.includes('acl')) return route.method === 'DELETE' ? 'deleteAcePath' : 'postAcePath';
  return 'pathParams';
}

function prefixMatches(route: RouteSpec, segs: string[], upTo: number): boolean {
  return route.pattern.slice(0, upTo).every((p, i) => p === ':p' || p === segs[i]);
}

/**
 * A path with more segments than any endpoint, where the spec's endpoint ends in a string parameter other than
 * event_id ({action}, {role}, {publication_id}): the extra segments are that parameter's unescaped `/`.
 */
export function unencodedSlash(method: string, pathname: string): { departure: Departure; endpoint: string } | undefined {
  const raw = pathname.split('/').slice(1);
  const m = method === 'HEAD' ? 'GET' : method;
  for (const route of ROUTE_SPECS) {
    const last = route.pattern.length - 1;
    if (route.method !== m || route.pattern[last] !== ':p' || last <= 2 || raw.length <= route.pattern.length) continue;
    if (!prefixMatches(route, raw, last) || raw.slice(0, last).some((s) => s === '')) continue;
    const sent = raw.slice(last).join('/');
    const endpoint = endpointName(m, `/${[...raw.slice(0, last), 'x'].join('/')}`);
    const param = endpoint.split('/').pop() ?? '';
    const value = safeDecode(sent);
    const message = `the ${param} '${value}' holds '/', sent unescaped: the path has ${raw.length} segments where ${endpoint} has ${route.pattern.length}; send '/' inside a path parameter as %2F (${encodeURIComponent(value)})`;
    return { endpoint, departure: departure('path-encoding', `path parameter ${param}`, message, pathQuote(route), { about: 'path parameter', name: `${param} with an unescaped '/'`, mark: sent }) };
  }
  return undefined;
}

/** Characters a path segment of a matched endpoint carries raw that RFC 3986 requires percent-encoded. */
export function rawCharacters(target: string | undefined, route: RouteSpec, method: string): Departure[] {
  if (target === undefined) return [];
  const path = target.split('?')[0];
  const segs = path.split('/').slice(1);
  const endpoint = endpointName(method, path).split('/').slice(1);
  const out: Departure[] = [];
  segs.forEach((seg, i) => {
    if (route.pattern[i] !== ':p') return;
    const bad = [...new Set([...seg.replace(/%[0-9A-Fa-f]{2}/g, '')].filter((c) => !PCHAR.test(c)))];
    if (bad.length === 0) return;
    const param = endpoint[i] ?? `segment ${i + 1}`;
    const how = bad.map((c) => `'${c}' as ${pct(c)}`).join(', ');
    out.push(departure('path-encoding', `path parameter ${param}`, `the ${param} '${seg}' holds characters a path carries only percent-encoded: send ${how}`, pathQuote(route), { about: 'path parameter', name: `${param} not percent-encoded`, mark: seg }));
  });
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
