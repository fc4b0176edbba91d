import { json, type Ctx, type Endpoint, type Reply } from './app.js';
import { addAce, getAcl, putAcl, removeAce } from './handlers/acl.js';
import { createEvent } from './handlers/create.js';
import { deleteEvent, getEvent } from './handlers/event.js';
import { listEvents } from './handlers/list.js';
import { deleteMetadata, getMetadata, putMetadata } from './handlers/metadata.js';
import { getPublication, listPublications } from './handlers/publications.js';
import { getScheduling, putScheduling } from './handlers/scheduling.js';
import { updateEvent } from './handlers/update.js';
import { getMedia } from './handlers/media.js';
import { postTrack } from './handlers/track.js';
import type { ApiVersion } from '../model/version.js';
import { atLeast, servedVersions } from './version.js';

/** Route table of the API (spec § Endpoints). `:p` segments are path parameters. */

export type Route = (ctx: Ctx) => Reply | Promise<Reply>;

interface RouteDef {
  /** The path, `{…}` a path parameter. */
  path: string;
  pattern: string[];
  methods: Record<string, Route>;
  /** First version that has the path (scheduling: 1.1.0); below it the path is unknown (404). */
  since?: ApiVersion;
}

/**
 * GET /api/version and /api/version/default (outside the spec, as real Opencast's base API: the versions served and
 * the default, with a leading v). A pinned server (--api-version) serves one version, so it names only that one.
 */
function versions(ctx: Ctx): Reply {
  const served = ctx.app.pinned ? [ctx.app.pinned] : servedVersions(ctx.app.serverVersion);
  return json(200, { versions: served.map((x) => `v${x}`), default: `v${ctx.app.pinned ?? ctx.app.serverVersion}` });
}

/** A route of `path` (`{…}` segments are path parameters). */
function route(path: string, methods: Record<string, Route>, since?: ApiVersion): RouteDef {
  const pattern = path.split('/').slice(1).map((seg) => (seg.startsWith('{') ? ':p' : seg));
  return { path, pattern, methods, ...(since ? { since } : {}) };
}

const ROUTES: RouteDef[] = [
  route('/api/version', { GET: versions }),
  route('/api/version/default', { GET: (ctx) => json(200, { default: `v${ctx.app.pinned ?? ctx.app.serverVersion}` }) }),
  route('/api/events', { GET: listEvents, POST: createEvent }),
  route('/api/events/{id}', { GET: getEvent, POST: updateEvent, DELETE: deleteEvent }),
  route('/api/events/{id}/acl', { GET: getAcl, PUT: putAcl }),
  route('/api/events/{id}/acl/{action}', { POST: addAce }),
  route('/api/events/{id}/acl/{action}/{role}', { DELETE: removeAce }),
  route('/api/events/{id}/metadata', { GET: getMetadata, PUT: putMetadata, DELETE: deleteMetadata }),
  route('/api/events/{id}/media', { GET: getMedia }),
  route('/api/events/{id}/track', { POST: postTrack }),
  route('/api/events/{id}/publications', { GET: listPublications }),
  route('/api/events/{id}/publications/{publicationId}', { GET: getPublication }),
  route('/api/events/{id}/scheduling', { GET: getScheduling, PUT: putScheduling }, '1.1.0'),
];

export type Match =
  | { kind: 'route'; route: Route; endpoint: Endpoint; params: string[] }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function decode(seg: string): string | undefined {
  // Without a '%' decodeURIComponent gives the segment back unchanged.
  if (!seg.includes('%')) return seg;
  try {
    return decodeURIComponent(seg);
  } catch {
    return undefined;
  }
}

/** The routes by number of segments, in table order, each with the positions of its parameters. */
const BY_LENGTH = new Map<number, { def: RouteDef; params: number[] }[]>();
for (const def of ROUTES) {
  const list = BY_LENGTH.get(def.pattern.length) ?? [];
  list.push({ def, params: def.pattern.flatMap((p, i) => (p === ':p' ? [i] : [])) });
  BY_LENGTH.set(def.pattern.length, list);
}

/** Matches a path (segments split before decoding, so %2F stays inside a segment). */
export function match(method: string, pathname: string, version: ApiVersion): Match {
  let end = pathname.length;
  while (end > 0 && pathname.charCodeAt(end - 1) === 0x2f) end--;
  const raw = pathname.slice(0, end).split('/');
  const segs: string[] = new Array(raw.length - 1);
  for (let i = 1; i < raw.length; i++) {
    const s = decode(raw[i]);
    if (s === undefined || s === '') return { kind: 'not-found' };
    segs[i - 1] = s;
  }
  for (const { def, params } of BY_LENGTH.get(segs.length) ?? []) {
    let same = true;
    for (let i = 0; i < segs.length && same; i++) same = def.pattern[i] === ':p' || def.pattern[i] === segs[i];
    if (!same) continue;
    if (def.since && !atLeast(version, def.since)) return { kind: 'not-found' };
    const m = method === 'HEAD' ? 'GET' : method;
    const route = def.methods[m];
    if (!route) return { kind: 'method-not-allowed', allow: Object.keys(def.methods) };
    return { kind: 'route', route, endpoint: `${m} ${def.path}` as Endpoint, params: params.map((i) => segs[i]) };
  }
  return { kind: 'not-found' };
}
