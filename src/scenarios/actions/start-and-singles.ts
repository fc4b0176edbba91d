import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import { isoUtc } from '../../spec/datetime.js';
import type { ListWithSingles } from '../../checks/families/list-views.js';
import type { Action, ActionDef } from './types.js';
import { Unavailable } from '../../core/unavailable.js';

/**
 * The actions put-episode-start and list-with-singles:
 * - put-episode-start {id, at, via?}: PUT /api/events/{id}/metadata?type=dublincore/episode with startDate and
 *   startTime set to `at` minutes after {{time.base}} (spec § Metadata: "Fields not included are not updated"; §
 *   Metadata field: "startDate (format date), startTime (format time with UTC designator)"); with `via: update`, the
 *   same two fields in the metadata part of POST /api/events/{id} (§ POST /api/events/{event_id}: "a request carrying
 *   only a metadata part updates only that catalog"). Value {status, start}.
 * - list-with-singles {query, ids}: GET /api/events?query, then GET /api/events/{id} for each of `ids` (after the
 *   list, so a change in between only adds to what the single GET shows). Value ListWithSingles.
 */

const EPISODE = 'dublincore/episode';
const MINUTE = 60_000;

const putEpisodeStart: Action = async (env, params) => {
  const id = String(params.id ?? '');
  const at = Number(params.at);
  if (!Number.isFinite(at)) throw new Error('put-episode-start: `at` must be a number of minutes after {{time.base}}');
  const start = isoUtc(Date.parse(env.timeBase) + at * MINUTE);
  const values = [{ id: 'startDate', value: start.slice(0, 10) }, { id: 'startTime', value: `${start.slice(11, 19)}Z` }];
  if (params.via !== undefined && params.via !== 'put' && params.via !== 'update') throw new Error('put-episode-start: `via` must be put or update');
  const ex = params.via === 'update'
    ? await env.clients.admin.send({
      method: 'POST', path: `/api/events/${encodeURIComponent(id)}`,
      multipart: [{ name: 'metadata', value: JSON.stringify([{ flavor: EPISODE, fields: values }]) }],
    })
    : await env.clients.admin.send({
      method: 'PUT', path: `/api/events/${encodeURIComponent(id)}/metadata`, query: { type: EPISODE },
      form: { metadata: JSON.stringify(values) },
    });
  return { exchanges: [ex], value: { status: ex.response?.status ?? null, start } };
};

const listWithSingles: Action = async (env, params) => {
  const q = (params.query ?? {}) as Record<string, unknown>;
  const query = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const ids = Array.isArray(params.ids) ? params.ids.map(String).filter((x) => x !== '') : [];
  if (!Array.isArray(params.ids)) throw new Error('list-with-singles: `ids` must be a list of event identifiers');
  if (ids.length === 0) return { exchanges: [], value: new Unavailable('precondition: none of the events to read alone was created') };
  const exchanges: Exchange[] = [];
  const list = await env.clients.admin.send({ method: 'GET', path: '/api/events', query });
  exchanges.push(list);
  const body = parseJsonBody(list);
  const value: ListWithSingles = { status: list.response?.status ?? null, list: body.ok ? body.value : undefined, singles: {} };
  for (const id of ids) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}` });
    exchanges.push(ex);
    const b = parseJsonBody(ex);
    value.singles[id] = { status: ex.response?.status ?? null, body: b.ok ? b.value : undefined };
  }
  // The list is the step's exchange (evidence and observations), the single GETs come before it in the record.
  return { exchanges: [...exchanges.slice(1), list], value };
};

/** The actions put-episode-start and list-with-singles. */
export const START_AND_SINGLES_ACTIONS: readonly ActionDef[] = [
  {
    name: 'put-episode-start',
    doc: '{id, at, via?}: PUT the episode catalog\'s startDate/startTime to `at` minutes after {{time.base}} (`via: update`: in the metadata part of POST /api/events/{id}); value {status, start}.',
    run: putEpisodeStart,
  },
  {
    name: 'list-with-singles',
    doc: '{query, ids}: the list, then each event of `ids` alone (value {status, list, singles}).',
    run: listWithSingles,
  },
];
