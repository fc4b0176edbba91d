import type { Ctx } from '../app.js';
import { readForm, type Form } from '../form.js';
import { badRequest } from '../types.js';
import { atLeast } from '../version.js';

/**
 * Latitude choice unknown-input (spec § POST /api/events: "400: the request is invalid or inconsistent."; the spec
 * nowhere says that names it does not give are ignored): with `rejected-400` a query parameter, form parameter or
 * multipart part that the spec does not name for that endpoint (and version) answers 400, as a strict server's
 * input validation does. The names are those of spec § Endpoints.
 */

const WITH = ['sign', 'withacl', 'withmetadata', 'withpublications'];
const PARTS = ['acl', 'metadata', 'presenter', 'presentation', 'audio', 'processing'];

/** Allowed names per `METHOD route` (route segments after /api/events: `:id` for an identifier). */
function allowed(key: string, ctx: Ctx): { query: string[]; body: string[] } {
  const since11 = atLeast(ctx.version, '1.1.0');
  // Addendum specs/events-api-1.7-1.11.md § GET /api/events and GET /api/events/{event_id} (addition in 1.11.0):
  // includeInternalPublication, "1.11.0 and above. Below 1.11.0 it is accepted and ignored" (from 1.7.0, where the
  // addendum takes over from the spec of 1.0.0-1.6.0, which does not name it); not on the single publication ("There
  // is no includeInternalPublication parameter here").
  const internal = atLeast(ctx.version, '1.7.0') ? ['includeInternalPublication'] : [];
  const withs = [...(since11 ? [...WITH, 'withscheduling'] : WITH), ...internal];
  const parts = since11 ? [...PARTS, 'scheduling'] : PARTS;
  switch (key) {
    case 'GET /': return { query: ['filter', 'sort', 'limit', 'offset', ...withs], body: [] };
    case 'POST /': return { query: [], body: parts };
    case 'GET /:id': return { query: withs, body: [] };
    case 'POST /:id': return { query: [], body: parts };
    case 'PUT /:id/acl': return { query: [], body: ['acl'] };
    case 'POST /:id/acl/:action': return { query: [], body: ['role'] };
    case 'GET /:id/metadata': case 'DELETE /:id/metadata': return { query: ['type'], body: [] };
    case 'PUT /:id/metadata': return { query: ['type'], body: ['metadata'] };
    // "query sign (boolean) in the later descriptions"
    case 'GET /:id/publications': return { query: since11 ? ['sign', ...internal] : [], body: [] };
    case 'GET /:id/publications/:pid': return { query: since11 ? ['sign'] : [], body: [] };
    case 'PUT /:id/scheduling': return { query: [], body: atLeast(ctx.version, '1.2.0') ? ['scheduling', 'allowConflict'] : ['scheduling'] };
    default: return { query: [], body: [] };
  }
}

function routeKey(ctx: Ctx): string | undefined {
  const segs = ctx.url.pathname.replace(/\/+$/, '').split('/').slice(1);
  if (segs[0] !== 'api' || segs[1] !== 'events') return undefined;
  const rest = segs.slice(2).map((s, i) => (i === 0 ? ':id' : i === 1 ? s : i === 2 ? (segs[3] === 'acl' ? ':action' : ':pid') : ':role'));
  return `${ctx.req.method ?? 'GET'} /${rest.join('/')}`;
}

const strict = (ctx: Ctx) => ctx.app.lat('unknown-input') === 'rejected-400';

/** Throws 400 for a query parameter the endpoint does not have (rejected-400 only). */
export function refuseUnknownQuery(ctx: Ctx): void {
  const key = strict(ctx) ? routeKey(ctx) : undefined;
  if (!key) return;
  const ok = allowed(key, ctx).query;
  for (const name of new Set(ctx.url.searchParams.keys())) {
    if (!ok.includes(name)) throw badRequest(`unknown query parameter '${name}' for ${key.replace(' /', ' /api/events/').replace(/\/$/, '')}`);
  }
}

/** The body's form (readForm), refused with 400 when it names a part or parameter the endpoint does not have. */
export async function readKnownForm(ctx: Ctx): Promise<Form> {
  const form = await readForm(ctx.req);
  const key = strict(ctx) ? routeKey(ctx) : undefined;
  if (!key) return form;
  const ok = allowed(key, ctx).body;
  for (const name of new Set(form.names())) {
    if (!ok.includes(name)) throw badRequest(`unknown part or form parameter '${name}'`);
  }
  return form;
}
