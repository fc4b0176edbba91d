import type { CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, toJson } from '../evidence.js';

/**
 * Checks of the internal publication (addendum specs/events-api-1.7-1.11.md § Publication (addition in 1.11.0), § GET
 * /api/events and GET /api/events/{event_id} (addition in 1.11.0), § Publications (changes in 1.7.0 and 1.11.0), §
 * What a server must not do below each threshold). The channel is "internal" (§ Publication (addition in 1.11.0)).
 * Whether a processed event has an internal publication at all is not said ("can now appear"): that it must show is
 * judged only for an event whose publication_status names the channel "internal" ("It lists the channel of every
 * publication, internal included, at every version").
 */

const INTERNAL = 'internal';
type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

/** The publications array of an event object (member publications, or withpublications where a server names it so). */
function eventPublications(e: Obj): unknown[] | undefined {
  const p = e.publications ?? e.withpublications;
  return Array.isArray(p) ? p : undefined;
}

/** The publications arrays of a body: the body itself ("array"), the event's ("event"), every row's ("rows"). */
function arraysOf(body: unknown, at: string, event?: string): { where: string; list: unknown[] }[] {
  if (at === 'array') return Array.isArray(body) ? [{ where: 'body', list: body }] : [];
  const events = at === 'event' ? (isObj(body) ? [body] : []) : Array.isArray(body) ? body.filter(isObj) : [];
  return events
    .filter((e) => event === undefined || e.identifier === event)
    .flatMap((e) => {
      const list = eventPublications(e);
      return list ? [{ where: `event ${String(e.identifier)}`, list }] : [];
    });
}

const channelOf = (p: unknown) => (isObj(p) ? p.channel : undefined);
const skip = (reason: string): CheckVerdict => ({ pass: false, skip: reason, message: reason });

/**
 * publications.internal.hidden (1.11.0: "The internal publication is included only when includeInternalPublication
 * is true"), publications.internal.absent-below ("Before 1.11.0, no response of this family contains a publication
 * object of channel \"internal\""): no publications array of a 200 holds a publication of channel "internal".
 */
export const noInternalPublicationCheck: CheckDef = {
  name: 'no-internal-publication',
  doc: 'no publications array of the 200 (the body itself, the event\'s member, or every row\'s) holds a publication of channel "internal"',
  params: { type: 'object', required: ['at'], additionalProperties: false, properties: { at: { enum: ['array', 'event', 'rows'] } } },
  run(ctx, p) {
    const status = ctx.exchange?.response?.status;
    if (status !== 200) return skip(`judged on a 200 only; the status ${status ?? 'none'} is judged by its own rule`);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const arrays = arraysOf(j.value, p.at as string);
    const found = arrays.filter((a) => a.list.some((x) => channelOf(x) === INTERNAL)).map((a) => a.where);
    if (found.length === 0) return { pass: true, message: `no publication of channel "internal" in ${arrays.length} publications array(s) (${ctx.version})` };
    return { pass: false, message: `${ctx.version}: a publication of channel "internal" is shown in ${found.slice(0, 5).join(', ')}`, expected: 'no publication of channel "internal"', actual: toJson(found.slice(0, 20)) };
  },
};

/**
 * publications.internal.included (1.11.0: "the publications member also contains the publication of channel
 * \"internal\""; GET …/publications: "included only when includeInternalPublication is true and the requested version
 * is 1.11.0 or above"): the event's publications array holds one of channel "internal", once `named` (its
 * publication_status names the channel, or the id of the internal publication 1.11.0 lists) is true.
 */
export const internalPublicationShownCheck: CheckDef = {
  name: 'internal-publication-shown',
  doc: 'the publications array of event `event` (the body itself, the event\'s member, or its row) holds a publication of channel "internal", when `named`',
  params: {
    type: 'object', required: ['at', 'named', 'event'], additionalProperties: false,
    properties: { at: { enum: ['array', 'event', 'rows'] }, named: {}, event: { type: 'string' } },
  },
  run(ctx, p) {
    if (p.named !== true) return skip('precondition: the event\'s publication_status names neither the channel "internal" nor an internal publication\'s id (whether a processed event has an internal publication is not said)');
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const at = p.at as string;
    const arrays = arraysOf(j.value, at, at === 'array' ? undefined : String(p.event));
    if (arrays.length === 0) {
      if (at === 'rows') return skip(`precondition: the list holds no row of event ${String(p.event)} with publications (its presence is judged by the list rules)`);
      return { pass: false, message: 'no publications array in the body', expected: 'a publications array', actual: toJson(j.value) };
    }
    const channels = arrays[0].list.map(channelOf);
    return channels.includes(INTERNAL)
      ? { pass: true, message: `the internal publication is shown (channels ${channels.map(String).join(', ')})` }
      : { pass: false, message: `includeInternalPublication=true at ${ctx.version}, the event's publication_status names "internal", but no publication of channel "internal" is shown`, expected: 'a publication of channel "internal"', actual: toJson(channels) };
  },
};

/** publications.internal.get: GET …/publications/{id} of the internal publication answers it ("found like any other"). */
export const internalPublicationIsCheck: CheckDef = {
  name: 'internal-publication-is',
  doc: 'the body is the publication `id`, of channel "internal"',
  params: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'string' } } },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const b = j.value;
    if (isObj(b) && b.id === p.id && b.channel === INTERNAL) return { pass: true, message: `publication ${String(p.id)} of channel "internal"` };
    return { pass: false, message: 'the body is not the internal publication asked for', expected: { id: String(p.id), channel: INTERNAL }, actual: toJson(isObj(b) ? { id: b.id, channel: b.channel } : b) };
  },
};

export const CHECKS_INTERNAL_PUBLICATION: CheckDef[] = [noInternalPublicationCheck, internalPublicationShownCheck, internalPublicationIsCheck];
