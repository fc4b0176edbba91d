import { API_VERSIONS, type ApiVersion } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import { Unavailable } from '../../core/unavailable.js';
import { waitPublished } from './publications.js';
import type { Action } from './types.js';

/**
 * Actions of the addendum (specs/events-api-1.7-1.11.md): they find out whether the server offers an endpoint the
 * addendum describes for every version but that the spec (1.0.0-1.6.0) does not name. Below `requiredFrom` a server
 * answering 404 or 406 does not offer it: the value is then Unavailable with a reason starting "not offered:", so every check
 * built on it is a skip with that reason (never a failure; the verdict accepts it, src/verdicts/tally.ts). From
 * `requiredFrom` on the endpoint is judged whatever it answers.
 */

function required(params: Record<string, unknown>, action: string): ApiVersion {
  const v = params.requiredFrom;
  if (typeof v !== 'string' || !(API_VERSIONS as readonly string[]).includes(v)) throw new Error(`action ${action} needs \`requiredFrom\` (an API version)`);
  return v as ApiVersion;
}

/**
 * What a server that lacks the endpoint at this version answers: 404 (no such path), or 406 (addendum § GET
 * /api/events/{event_id}/media, Opencast 2.3 to 5.x: "Accepts only application/json and application/v1.0.0+json").
 */
const NOT_OFFERED_STATUS = new Set([404, 406]);

const below = (v: ApiVersion, min: ApiVersion) => API_VERSIONS.indexOf(v) < API_VERSIONS.indexOf(min);

/**
 * GET /api/version, asked with Accept: application/json (addendum § GET /api/version, rule 2: a version the server
 * does not know is refused with 406, and rule 1: the answer is not versioned). Value {path, defaultPath, listed,
 * default}: the paths below /api for the steps that judge them, the versions listed ("v1.0.0", ...) and the default.
 */
const readVersions: Action = async (env, params) => {
  const from = required(params, 'read-versions');
  const ex = await env.clients.admin.send({ method: 'GET', path: '/api/version', headers: { accept: 'application/json' } });
  const status = ex.response?.status;
  if (NOT_OFFERED_STATUS.has(status ?? 0) && below(env.version, from)) {
    return { exchanges: [ex], value: new Unavailable(`not offered: GET /api/version answered ${status} (the addendum's version endpoints are checked below ${from} only where the server has them)`) };
  }
  const parsed = parseJsonBody(ex);
  const body = (parsed.ok ? parsed.value : null) as { versions?: unknown; default?: unknown } | null;
  const listed = Array.isArray(body?.versions) ? body.versions.map(String) : [];
  return { exchanges: [ex], value: { path: '/version', defaultPath: '/version/default', listed, default: typeof body?.default === 'string' ? body.default : '' } };
};

/**
 * GET /api/events/{id}/media of an event created with media (addendum § GET /api/events/{event_id}/media). An empty
 * list is read again once the event's processing has published it (the tracks of "the current media package" may
 * come with ingest). Value {id}: the event's identifier.
 */
const readMedia: Action = async (env, params) => {
  const from = required(params, 'read-media');
  const id = params.id;
  if (typeof id !== 'string' || id === '') throw new Error('action read-media needs `id` (an event identifier)');
  const path = `/api/events/${encodeURIComponent(id)}/media`;
  let ex = await env.clients.admin.send({ method: 'GET', path });
  if (NOT_OFFERED_STATUS.has(ex.response?.status ?? 0) && below(env.version, from)) {
    return { exchanges: [ex], value: new Unavailable(`not offered: GET /api/events/{event_id}/media answered ${ex.response?.status} for an existing event at ${env.version} (the addendum requires it from ${from}; below it is checked where the server has it)`) };
  }
  const parsed = parseJsonBody(ex);
  if (ex.response?.status === 200 && parsed.ok && Array.isArray(parsed.value) && parsed.value.length === 0) {
    await waitPublished(env, id);
    ex = await env.clients.admin.send({ method: 'GET', path });
  }
  return { exchanges: [ex], value: { id } };
};

export const IMPL_VERSIONS: Record<string, Action> = { 'read-versions': readVersions, 'read-media': readMedia };
