import { API_VERSIONS, compareVersions, type ApiVersion, type Rule } from '../../model/index.js';
import { readDiscovery, serverVersionOf, type Discovery } from '../../core/discovery.js';
import type { MultipartPart } from '../../http/index.js';
import { mediaPart } from '../../core/media.js';
import { parseJsonBody } from '../../http/index.js';
import { Unavailable } from '../../core/unavailable.js';
import { waitPublished } from './publications.js';
import { waitOptions, waitProcessed } from '../../core/readiness.js';
import { whileProcessing } from '../while-processing.js';
import type { Action, ActionDef } from './types.js';

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

/**
 * The server version, learned by discovery (src/core/discovery.ts: the highest version GET /api/version lists, else
 * GET /api/version/default), or undefined where the server names none.
 */
async function serverVersion(env: Parameters<Action>[0]): Promise<ApiVersion | 'unknown-newer' | undefined> {
  return serverVersionOf(await discover(env));
}

/** What GET /api/version (else GET /api/version/default) shows, asked with Accept: application/json (not versioned). */
async function discover(env: Parameters<Action>[0]): Promise<Discovery> {
  const accept = { accept: 'application/json' };
  const list = await env.clients.admin.send({ method: 'GET', path: '/api/version', headers: accept });
  const def = list.response?.status === 200 ? undefined : await env.clients.admin.send({ method: 'GET', path: '/api/version/default', headers: accept });
  return readDiscovery(list, def);
}

/** A rule of specs/rules.yaml named by an action's parameter `key`. */
function ruleParam(env: Parameters<Action>[0], value: unknown, action: string, key: string): Rule {
  const rule = typeof value === 'string' ? env.book.get(value) : undefined;
  if (!rule) throw new Error(`action ${action} needs \`${key}\` (a rule id of specs/rules.yaml; got ${JSON.stringify(value)})`);
  return rule;
}

const serverRange = (r: Rule) => `server version ${r.serverSince ?? '1.0.0'}${r.serverUntil ? ` to ${r.serverUntil}` : ' and above'}`;

/**
 * Why server-release rule `r` (specs/rules.yaml serverSince/serverUntil) is not judged on this server, or undefined
 * when it is: "not offered" outside its range, and where the server names no server version.
 */
function notOnServer(env: Parameters<Action>[0], r: Rule, server: ApiVersion | 'unknown-newer' | undefined): string | undefined {
  if (r.serverSince === undefined || (server !== undefined && env.book.appliesToServer(r, server))) return undefined;
  return `not offered: ${r.id} is a server-release rule (${serverRange(r)}); this server's is ${server ?? 'not named (GET /api/version)'}`;
}

/**
 * Whether the server release offers POST /api/events/{event_id}/track for the existing event `id`, once it is
 * published and its processing has ended (409 otherwise, rule 2): by the server range of `rule` (specs/rules.yaml,
 * "server release: Opencast 13.0 and later, server version 1.9.0 and above") and the server version discovery
 * learns. A server that names none is asked itself: a POST /track without parts (rule 6: "When flavor is missing and
 * overwriteExisting is false, the endpoint does not reject the request") answering 404 or 405 for the existing event
 * does not offer it. Value {id, ...}: for each key of `for` (a rule id), `id` where that rule's server range holds
 * this server, else Unavailable "not offered" (the tags part: 1.11.0; its being ignored: 1.9.0 to 1.10.0).
 */
const trackOffered: Action = async (env, params) => {
  const endpoint = ruleParam(env, params.rule, 'track-offered', 'rule');
  const parts = Object.entries((params.for ?? {}) as Record<string, unknown>).map(([key, r]) => [key, ruleParam(env, r, 'track-offered', `for.${key}`)] as const);
  const id = params.id;
  if (typeof id !== 'string' || id === '') throw new Error('action track-offered needs `id` (an event identifier)');
  const server = await serverVersion(env);
  const off = server !== undefined ? notOnServer(env, endpoint, server) : undefined;
  if (off) return { exchanges: [], value: new Unavailable(`${off} (POST /api/events/{event_id}/track)`) };
  const value: Record<string, unknown> = { id };
  for (const [key, r] of parts) {
    const why = notOnServer(env, r, server);
    value[key] = why ? new Unavailable(why) : id;
  }
  // Every rule the scenario asked for is not judged on this server: nothing to wait for.
  if (parts.length > 0 && parts.every(([key]) => Unavailable.is(value[key]))) return { exchanges: [], value };
  const { exchanges } = await waitPublished(env, id);
  // Rule 2: a workflow still active (a publication may show before processing ends) answers 409: wait for its end.
  await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs, waitOptions(env));
  if (server === undefined) {
    const probe = await env.clients.admin.send({ method: 'POST', path: `/api/events/${encodeURIComponent(id)}/track`, multipart: [{ name: 'overwriteExisting', value: 'false' }] });
    if (probe.response?.status === 404 || probe.response?.status === 405) {
      return { exchanges: [...exchanges, probe], value: new Unavailable(`not offered: POST /api/events/{event_id}/track answered ${probe.response.status} for an existing event, and the server names no server version (GET /api/version)`) };
    }
  }
  return { exchanges, value };
};

/**
 * Versions to ask for that the server does not list, one per key of `for` (a rule id of specs/rules.yaml with a server
 * range): `send.<key>` when given (e.g. "1.7.0", the version the addendum names for servers below it), else the
 * version just above the server's highest (1.11.0 → 1.12.0, as the addendum's example asks a 15.x server for
 * 1.11.0). Value {<key>: "X.Y.Z"}, or per key Unavailable "not offered" where the rule's server range leaves this
 * server out (or the server names no version: which one it lacks is then unknown).
 */
const unlistedVersion: Action = async (env, params) => {
  const parts = Object.entries((params.for ?? {}) as Record<string, unknown>).map(([key, r]) => [key, ruleParam(env, r, 'unlisted-version', `for.${key}`)] as const);
  if (parts.length === 0) throw new Error('action unlisted-version needs `for` (keys naming rule ids)');
  const send = (params.send ?? {}) as Record<string, unknown>;
  const d = await discover(env);
  const server = serverVersionOf(d);
  const named = [...(d.raw ?? []), ...(d.default !== undefined ? [d.default] : [])].map((v) => v.trim().replace(/^v/i, '')).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  const highest = named.reduce<string | undefined>((a, b) => (a === undefined || compareVersions(b, a) > 0 ? b : a), undefined);
  const value: Record<string, unknown> = {};
  for (const [key, r] of parts) {
    const why = notOnServer(env, r, server);
    const [major, minor] = (highest ?? '0.0.0').split('.').map(Number);
    const version = typeof send[key] === 'string' ? String(send[key]) : `${major}.${minor + 1}.0`;
    value[key] = why ? new Unavailable(why) : version;
  }
  return { exchanges: [], value };
};

/**
 * POST /api/events/{id}/track with the parts given, in this order: flavor, overwriteExisting, tags (each when given),
 * then `files` (default 1) parts named track holding evconf's media file. Value {status}.
 */
const postTrack: Action = async (env, params) => {
  const id = params.id;
  if (typeof id !== 'string' || id === '') throw new Error('action post-track needs `id` (an event identifier)');
  const parts: MultipartPart[] = [];
  for (const name of ['flavor', 'overwriteExisting', 'tags'] as const) {
    if (params[name] !== undefined) parts.push({ name, value: String(params[name]) });
  }
  const files = params.files === undefined ? 1 : Number(params.files);
  for (let i = 0; i < files; i++) parts.push({ ...mediaPart(), name: 'track', filename: `evconf-track-${i + 1}.wav` });
  const ex = await env.clients.admin.send({ method: 'POST', path: `/api/events/${encodeURIComponent(id)}/track`, multipart: parts });
  return { exchanges: [ex], value: { status: ex.response?.status ?? 0 } };
};

/**
 * Rule 2 of POST /track (409 while a workflow is active), judged on purpose: POST /track is sent while the event
 * shows an active workflow, and judged only where a read proves the workflow still ran after it
 * (src/scenarios/while-processing.ts; a longer medium each round). When no attempt could be proven the value is
 * Unavailable with why. The worst proven answer is the last exchange.
 */
const trackWhileProcessing: Action = async (env, params) => {
  const rule = ruleParam(env, params.rule, 'track-while-processing', 'rule');
  const server = await serverVersion(env);
  const off = server !== undefined ? notOnServer(env, rule, server) : undefined;
  if (off) return { exchanges: [], value: new Unavailable(`${off} (POST /api/events/{event_id}/track)`) };
  const post = (id: string) => env.clients.admin.send({ method: 'POST', path: `/api/events/${encodeURIComponent(id)}/track`, multipart: [{ name: 'flavor', value: 'captions/source+en' }, { ...mediaPart(), name: 'track' }] });
  const { attempts, proven, why } = await whileProcessing(env, String(params.title ?? 'track-while-processing'), 'POST /track', post);
  const exchanges = attempts.flatMap((a) => a.exchanges);
  if (proven.length === 0) return { exchanges, value: new Unavailable(why ?? 'no POST /track could be made while processing ran') };
  // The worst answer is judged (last exchange): a 200 in any attempt proven made while processing ran is the server's fault.
  const worst = proven.find((a) => a.write!.response?.status !== 409) ?? proven[0];
  return { exchanges: [...exchanges.filter((e) => e !== worst.write), worst.write!], value: { id: worst.id, status: worst.write!.response?.status ?? 0 } };
};

/**
 * The internal publication of event `id` (addendum § Publication (addition in 1.11.0), § Publications (changes in
 * 1.7.0 and 1.11.0)), once it is published and its processing has ended. Value {id, named, publication}: `named`,
 * whether the event's publication_status names the channel "internal" (it "lists the channel of every publication,
 * internal included, at every version"), or names the id of the internal publication found); `publication`, the id of the publication of channel "internal" that GET
 * …/publications?includeInternalPublication=true lists at 1.11.0 (asked with Accept application/v1.11.0+json below
 * 1.11.0, since only 1.11.0 shows it), or Unavailable: "not offered" where the server does not answer 1.11.0 with 200,
 * else the event has none (whether a processed event has one is not said).
 */
const findInternalPublication: Action = async (env, params) => {
  const id = params.id;
  if (typeof id !== 'string' || id === '') throw new Error('action find-internal-publication needs `id` (an event identifier)');
  const { exchanges } = await waitPublished(env, id);
  await waitProcessed(env.clients.admin, id, env.config.processingTimeoutMs, waitOptions(env));
  const path = `/api/events/${encodeURIComponent(id)}`;
  const ev = await env.clients.admin.send({ method: 'GET', path });
  const evParsed = ev.response?.status === 200 ? parseJsonBody(ev) : undefined;
  const status = (evParsed?.ok ? (evParsed.value as { publication_status?: unknown } | null)?.publication_status : undefined);
  const named = Array.isArray(status) && status.includes('internal');
  const newest = below(env.version, INTERNAL_FROM) ? { headers: { accept: `application/v${INTERNAL_FROM}+json` } } : {};
  const ex = await env.clients.admin.send({ method: 'GET', path: `${path}/publications?includeInternalPublication=true`, ...newest });
  const all = [...exchanges, ev, ex];
  if (ex.response?.status !== 200) {
    return { exchanges: all, value: { id, named, publication: new Unavailable(`not offered: GET /api/events/{event_id}/publications?includeInternalPublication=true at ${INTERNAL_FROM} answered ${ex.response?.status ?? 'nothing'}; the internal publication is shown from ${INTERNAL_FROM} only`) } };
  }
  const parsed = parseJsonBody(ex);
  const list = parsed.ok && Array.isArray(parsed.value) ? parsed.value as { id?: unknown; channel?: unknown }[] : [];
  const found = list.find((p) => p && p.channel === 'internal' && typeof p.id === 'string' && p.id !== '');
  // A server that names its publications in publication_status by id (how it names them is not shown below 1.7.0)
  // names the internal one by the id 1.11.0 lists.
  const namedById = found !== undefined && Array.isArray(status) && status.includes(found.id);
  const publication = found ? String(found.id) : new Unavailable(`precondition: GET /api/events/{event_id}/publications?includeInternalPublication=true at ${INTERNAL_FROM} lists no publication of channel "internal" (whether a processed event has one is not said)`);
  return { exchanges: all, value: { id, named: named || namedById, publication } };
};

/** Addendum § Changes per version: "1.11.0 | includeInternalPublication on GET /api/events, ...". */
const INTERNAL_FROM: ApiVersion = '1.11.0';

/** Actions of the addendum's endpoints (GET /api/version, GET /media, POST /track, the internal publication). */
export const VERSIONS_ACTIONS: readonly ActionDef[] = [
  {
    name: 'read-versions',
    doc: 'GET /api/version with Accept: application/json; value {path, defaultPath, listed, default}, or below `requiredFrom` an Unavailable "not offered" when the server answers 404.',
    run: readVersions,
  },
  {
    name: 'read-media',
    doc: 'GET /api/events/{id}/media (read again after processing when empty); value {path}, or below `requiredFrom` an Unavailable "not offered" when the server answers 404 for the existing event `id`.',
    run: readMedia,
  },
  {
    name: 'track-offered',
    doc: 'Waits for event `id`\'s processing to end, then finds out whether the server release has POST /track (the server range of rule `rule` in specs/rules.yaml, judged by the server version discovery learns from GET /api/version; a server naming none is asked); value {id, ...} with, for each key of `for` (a rule id), `id` where that rule\'s server range holds this server, else an Unavailable "not offered"; or the whole value Unavailable "not offered".',
    run: trackOffered,
  },
  {
    name: 'unlisted-version',
    doc: 'Reads GET /api/version; value {<key>: "X.Y.Z"} for each key of `for` (a rule id with a server range): a version this server does not list (`send.<key>`, else the one just above its highest), or an Unavailable "not offered" where that rule\'s server range leaves this server out.',
    run: unlistedVersion,
  },
  {
    name: 'post-track',
    doc: 'POST /api/events/{id}/track with `flavor`, `overwriteExisting`, `tags` (each when given) and `files` track parts; value {status}.',
    run: postTrack,
  },
  {
    name: 'track-while-processing',
    doc: 'Creates an event with media and, while it shows an active workflow, sends POST /track; judged (value {id, status}) only where a read proves processing still ran after it (while-processing.ts); "not offered" where the server range of rule `rule` does not hold this server.',
    // Rounds of create, read until readable, and a wait of twice the lag for the proof (src/scenarios/while-processing.ts).
    cost: 4,
    run: trackWhileProcessing,
  },
  {
    name: 'find-internal-publication',
    doc: 'Waits for event `id` to be published and processed; value {id, named, publication}: whether publication_status names "internal", and the id of the internal publication listed at 1.11.0 (or Unavailable).',
    run: findInternalPublication,
  },
];
