import type { Exchange } from '../../model/index.js';
import { parseJsonBody } from '../../http/index.js';
import { isPublished } from '../../checks/families/with-members.js';
import { NOT_PUBLISHED, type DeleteOutcome, type PublishOutcome } from '../../checks/families/publications.js';
import type { VersionEnv } from '../../core/version-env.js';
import { Unavailable } from '../../core/unavailable.js';
import type { Action, ActionOutcome, ActionDef } from './types.js';
import { createEvent, usableEvent } from '../create.js';
import { giveUpTest } from '../../core/readiness.js';

/** Actions of the publications family. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Processing states after which nothing more will be published (spec § States and transitions). */
const ENDED = new Set(['FAILED', 'STOPPED']);

export interface PublishWait extends PublishOutcome {
  publication: string;
  /** Whether `publication` was read from the publication list (else it is a placeholder id that names nothing). */
  listed: boolean;
  exchanges: Exchange[];
}

function path(id: string, tail = ''): string {
  return `/api/events/${encodeURIComponent(id)}${tail}`;
}

/** The ids of a publication list body (any status: the status is judged by the checks, not here). */
export function publicationIds(body: unknown): string[] {
  if (!Array.isArray(body)) return [];
  return body.map((p) => (p as { id?: unknown } | null)?.id).filter((x): x is string => typeof x === 'string' && x !== '');
}

/**
 * ARCHITECTURE.md, principle 7 "processing is awaited by polling": polls the publication list of the event and its
 * publication_status until either shows a publication, within --processing-timeout (early end when processing
 * FAILED or was STOPPED). The wait never judges a status: that is the business of the publications.* checks.
 */
export async function waitPublished(env: VersionEnv, id: string): Promise<PublishWait> {
  const fallback = `evconf-no-publication-${env.tag}`;
  const deadline = Date.now() + env.config.processingTimeoutMs;
  const giveUp = giveUpTest(env.clients.admin);
  const giveUpList = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    const list = await env.clients.admin.send({ method: 'GET', path: path(id, '/publications') });
    const parsed = parseJsonBody(list);
    const ids = parsed.ok ? publicationIds(parsed.value) : [];
    if (ids.length > 0) return { published: true, publication: ids[0], listed: true, exchanges: [list] };
    const ev = await env.clients.admin.send({ method: 'GET', path: path(id) });
    const body = parseJsonBody(ev);
    const event = (body.ok ? body.value : null) as { publication_status?: unknown; processing_state?: unknown } | null;
    if (isPublished(event?.publication_status)) {
      // Processing may have ended between the two reads: read the list once more for a publication id.
      const again = await env.clients.admin.send({ method: 'GET', path: path(id, '/publications') });
      const re = parseJsonBody(again);
      const ids2 = re.ok ? publicationIds(re.value) : [];
      if (ids2.length > 0) return { published: true, publication: ids2[0], listed: true, exchanges: [again] };
      return { published: true, publication: fallback, listed: false, exchanges: [list, ev, again] };
    }
    const state = typeof event?.processing_state === 'string' ? event.processing_state : '';
    if (ENDED.has(state)) {
      return { published: false, reason: `${NOT_PUBLISHED} (processing_state ${state})`, publication: fallback, listed: false, exchanges: [list, ev] };
    }
    // The server has shown it will not answer these reads: the checks judge the last ones.
    const unanswered = giveUp(ev) && giveUpList(list);
    if (Date.now() + delay > deadline || unanswered || env.signal?.aborted) {
      return { published: false, reason: NOT_PUBLISHED, publication: fallback, listed: false, exchanges: [list, ev] };
    }
    await sleep(delay);
  }
}

function idParam(params: Record<string, unknown>, action: string): string {
  const id = params.id;
  if (typeof id !== 'string' || id === '') throw new Error(`action ${action} needs \`id\` (an event identifier)`);
  return id;
}

/**
 * Waits for the event's media to be published; value {published, reason?, publication, listed, eventIdAsPublication,
 * otherPublication}. `eventIdAsPublication` is the event's identifier, Unavailable when one of the listed publications
 * has it: then asking for the publication named by the event's identifier cannot show a 404
 * (publications.get.404-publication asks so, since a server that confuses the two identifiers answers a publication
 * there). `otherPublication` (with `other`, the saved value of this action for another event) is the other event's
 * publication id when it was read from its list and is none of this event's publication ids (publication ids may
 * repeat across events, e.g. named after the channel): then this event asked for it must answer 404; else Unavailable.
 */
const awaitPublications: Action = async (env, params) => {
  const id = idParam(params, 'await-media-published');
  const { exchanges, ...value } = await waitPublished(env, id);
  const last = [...exchanges].reverse().find((e) => e.request.url.endsWith('/publications'));
  const parsed = last ? parseJsonBody(last) : undefined;
  const ids = parsed?.ok ? publicationIds(parsed.value) : [];
  // The ids to ask for expecting 404 (publications.get.404-publication), Unavailable (with why) where that cannot show.
  const eventIdAsPublication = ids.includes(id) ? new Unavailable(`a publication of event ${id} has the event's own identifier`) : id;
  const other = params.other === undefined ? undefined : otherSkip(params.other, ids, value.published, id);
  const otherPublication = other === undefined ? {} : { otherPublication: other === '' ? (params.other as { publication: string }).publication : new Unavailable(other) };
  return { exchanges, value: { ...value, eventIdAsPublication, ...otherPublication } };
};

/** Why event `id` cannot be asked for the other event's publication expecting 404 ('' when it can). */
export function otherSkip(other: unknown, ids: string[], published: boolean, id: string): string {
  const o = other as Partial<PublishWait> | null;
  if (!o || typeof o !== 'object' || typeof o.published !== 'boolean') throw new Error('action parameter "other" must be the saved value of await-media-published for another event');
  if (!o.published || !o.listed || typeof o.publication !== 'string') return `precondition: the other event has no publication id read from its list (${o.reason ?? 'see publications.list.*'})`;
  // Not published yet (or its list unread): its own publications, which may yet come with the same id, are unknown.
  if (!published || ids.length === 0) return `precondition: the publication ids of event ${id} could not be read from its list`;
  return ids.includes(o.publication) ? `precondition: event ${id} has a publication with the other event's publication id ${o.publication} too` : '';
}

/**
 * The event delete-published deletes: `id`, or with `create` (a title) an event with media created here, so that a
 * scenario can delete a published event after its other steps (its processing then writes nothing meanwhile; a step
 * `versions:` range limits where that runs). When it cannot be created, the value says why, with a placeholder id.
 */
async function publishedEvent(env: VersionEnv, params: Record<string, unknown>): Promise<{ id: string; created: Exchange[] } | { skip: ActionOutcome }> {
  if (params.create === undefined) return { id: idParam(params, 'delete-published'), created: [] };
  if (typeof params.create !== 'string') throw new Error('action delete-published: "create" must be a title');
  const none = (reason: string, exchanges: Exchange[] = []): { skip: ActionOutcome } => ({ skip: { exchanges, value: new Unavailable(reason) } });
  const spec = { fields: { title: params.create }, media: true };
  const out = await createEvent(env, spec);
  const id = out.identifiers[0];
  if (!id) return none(`the event with media was not created (POST /api/events → ${out.exchange.response?.status ?? out.exchange.error?.code ?? 'no response'})`, [out.exchange]);
  const created = [out.exchange];
  const why = await usableEvent(env, id, spec, created);
  if (why) return none(why, created);
  return { id, created };
}

/**
 * spec § DELETE /api/events/{event_id}: "From version 1.6.0 it first retracts any publications" (202: "retraction
 * of publications has started"). Waits for the event to be published, deletes it, then polls GET until 404 within
 * the longer of --settle-ms and --processing-timeout (retraction is processing), counting the publications still
 * listed while it exists (evidence only).
 */
const deletePublished: Action = async (env, params) => {
  const made = await publishedEvent(env, params);
  if ('skip' in made) return made.skip;
  const { id, created } = made;
  const pub = await waitPublished(env, id);
  const base: DeleteOutcome = { published: pub.published, deleteStatus: null, gone: false, waitedMs: 0, publicationsLeft: null };
  // `identifier` and `deleted` (beside the outcome): the event, and its identifier once the DELETE was sent and
  // answered, else Unavailable with why a later read of it expecting 404 (events.delete.gone) cannot judge.
  if (!pub.published) return { exchanges: [...created, ...pub.exchanges], value: { ...base, reason: pub.reason ?? NOT_PUBLISHED, identifier: id, deleted: new Unavailable(pub.reason ?? NOT_PUBLISHED) } };
  const del = await env.clients.admin.send({ method: 'DELETE', path: path(id) });
  const value: DeleteOutcome & { identifier: string; deleted: string | Unavailable } = { ...base, deleteStatus: del.response?.status ?? null, identifier: id, deleted: id };
  if (value.deleteStatus === null) return { exchanges: [del], value: { ...value, deleted: new Unavailable(`the DELETE got no answer (${del.error?.code ?? 'no response'})`) } };
  const started = Date.now();
  const deadline = started + Math.max(env.config.settleMs, env.config.processingTimeoutMs);
  let last: Exchange[] = [];
  const giveUp = giveUpTest(env.clients.admin);
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    const ev = await env.clients.admin.send({ method: 'GET', path: path(id) });
    last = [ev];
    const st = ev.response?.status ?? 0;
    if (st === 404) {
      value.gone = true;
      env.cleanup.forget(id);
    } else if (st >= 200 && st < 300) {
      const list = await env.clients.admin.send({ method: 'GET', path: path(id, '/publications') });
      const parsed = parseJsonBody(list);
      if (parsed.ok && Array.isArray(parsed.value)) value.publicationsLeft = parsed.value.length;
      last = [ev, list];
    }
    value.waitedMs = Date.now() - started;
    if (value.gone || Date.now() + delay > deadline) return { exchanges: [del, ...last], value };
    // Cut short: said as such, never as "the retraction never completed" (a stopped run skips; an unanswered GET fails).
    const unanswered = giveUp(ev);
    if (unanswered) return { exchanges: [del, ...last], value: { ...value, cut: { by: 'unanswered', why: unanswered } } };
    if (env.signal?.aborted) return { exchanges: [del, ...last], value: { ...value, cut: { by: 'stopped', why: String(env.signal.reason ?? 'the run was stopped') } } };
    await sleep(delay);
  }
};

/** Actions of the publications family. */
export const PUBLICATIONS_ACTIONS: readonly ActionDef[] = [
  {
    name: 'await-media-published',
    doc: 'Polls the publication list and publication_status of event `id` until a publication shows, within --processing-timeout; value {published, reason?, publication, listed} (hand it to the published-* checks).',
    run: awaitPublications,
  },
  {
    name: 'delete-published',
    doc: 'Waits for event `id` to be published, DELETEs it, then polls GET until 404 within max(--settle-ms, --processing-timeout); value {published, reason?, deleteStatus, gone, waitedMs, publicationsLeft, identifier, skip}. With `create: <title>` instead of `id`, it first creates that event with media (a step `versions:` range limits the versions where that is done; when the create fails, `skip` says why).',
    run: deletePublished,
  },
];
