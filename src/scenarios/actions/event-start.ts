import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import type { VersionEnv } from '../../core/version-env.js';
import type { Action, ActionDef } from './types.js';
import { Unavailable } from '../../core/unavailable.js';
import { giveUpTest } from '../../core/readiness.js';
import { catalogStartMs } from '../../checks/field-value.js';

/**
 * set-metadata-start {id, startDate, startTime}: the two starts of a scheduled event made different after its
 * creation, for the member `start` (spec § Event: "Technical start (versions below 1.4.0) or bibliographic start
 * (version 1.4.0 and above)"). A server may derive the bibliographic start from a schedule sent in the same create
 * request, so the metadata start is set afterwards: PUT /metadata?type=dublincore/episode with startDate and
 * startTime. Both starts are then read as the server holds them: the bibliographic one from the episode catalog,
 * the technical one from GET /scheduling (a server may move the schedule with the metadata start; then both agree).
 * Value: {bibliographic, technical}: ISO instants, each Unavailable (with why) when it could not be read; the whole
 * value is Unavailable when the PUT was refused. The engine skips the checks that name an unavailable one.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const EPISODE = 'dublincore/episode';

export { catalogStartMs };

async function readCatalog(env: VersionEnv, id: string, sentMs: number, exchanges: Exchange[]): Promise<number | undefined> {
  const deadline = Date.now() + env.config.settleMs;
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const ex = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}/metadata`, query: { type: EPISODE } });
    const body = parseJsonBody(ex);
    const ms = ex.response?.status === 200 && body.ok ? catalogStartMs(body.value) : undefined;
    if (ms === sentMs || Date.now() + delay > deadline || giveUp(ex) || env.signal?.aborted) {
      exchanges.push(ex);
      return ms;
    }
    await sleep(delay);
  }
}

const setMetadataStart: Action = async (env, params) => {
  const id = String(params.id);
  const startDate = String(params.startDate);
  const startTime = String(params.startTime);
  const exchanges: Exchange[] = [];
  const none = (why: string) => ({ exchanges, value: new Unavailable(why) });
  const put = await env.clients.admin.send({
    method: 'PUT', path: `/api/events/${encodeURIComponent(id)}/metadata`, query: { type: EPISODE },
    form: { metadata: JSON.stringify([{ id: 'startDate', value: startDate }, { id: 'startTime', value: startTime }]) },
  });
  exchanges.push(put);
  const status = put.response?.status;
  if (status === undefined || status < 200 || status >= 300) {
    return none(`precondition: PUT /metadata with startDate and startTime answered ${status ?? put.error?.code ?? 'nothing'} (see the metadata.put.* rules)`);
  }
  const sentMs = Date.parse(`${startDate}T${startTime.replace(/Z$/i, '')}Z`);
  const bib = await readCatalog(env, id, sentMs, exchanges);
  const sched = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}/scheduling` });
  exchanges.push(sched);
  const s = parseJsonBody(sched);
  const techRaw = sched.response?.status === 200 && s.ok ? (s.value as { start?: unknown } | null)?.start : undefined;
  const techMs = typeof techRaw === 'string' ? Date.parse(techRaw) : NaN;
  return {
    exchanges,
    value: {
      bibliographic: bib === undefined ? new Unavailable('the episode catalog shows no startDate/startTime to compare with') : new Date(bib).toISOString(),
      technical: Number.isNaN(techMs) ? new Unavailable(`GET /scheduling answered ${sched.response?.status ?? sched.error?.code} without a start (see the scheduling.get.* rules)`) : new Date(techMs).toISOString(),
    },
  };
};

/** The action that sets the bibliographic start after creation. */
export const EVENT_START_ACTIONS: readonly ActionDef[] = [
  {
    name: 'set-metadata-start',
    doc: '{id, startDate, startTime}: PUT /metadata?type=dublincore/episode with the two fields, then reads the bibliographic start (episode catalog) and the technical start (GET /scheduling) as the server holds them. Value: {bibliographic, technical}, each Unavailable with why when it could not be read.',
    run: setMetadataStart,
  },
];
