import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { statusCheck } from '../status.js';
import { schemaCheck } from '../schema.js';

/**
 * Checks of the publications rule family (spec § Endpoints > Publications, § Resources > Publication) and of the
 * 1.6.0 DELETE that retracts publications (spec § DELETE /api/events/{event_id}). A publication exists only after
 * the server has processed uploaded media; a server that never publishes gets `skip` with that reason from every
 * check that needs a publication, never a pass (ARCHITECTURE.md, principle 4).
 */

export const NOT_PUBLISHED = 'the server did not publish the uploaded media within --processing-timeout';

/** What the action `await-media-published` found (saved and handed to the checks as `published`). */
export interface PublishOutcome {
  published: boolean;
  /** Why there is no publication to check (set when `published` is false). */
  reason?: string;
  /** Identifier of one publication of the event (a placeholder that names nothing unless `listed`). */
  publication?: string;
  /** Whether `publication` was read from the event's publication list. */
  listed?: boolean;
}

const PUBLISHED = { description: 'the saved value of the action await-media-published ({published, reason?, publication, listed})' };
const SINGLE = { type: 'boolean', description: 'the step reads one publication: skip unless its id was read from the list' };
const STATUS_LIST = { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } };

/**
 * The skip reason when the outcome says there is nothing published; with `single`, also when no publication id
 * could be read from the list (that failure belongs to publications.list.*). A value that is not an outcome is a
 * scenario bug (thrown: the engine reports evconf's own error).
 */
export function unpublished(v: unknown, single = false): string | undefined {
  const o = v as PublishOutcome | null;
  if (!o || typeof o !== 'object' || typeof o.published !== 'boolean') {
    throw new Error(`check parameter "published" is not the value of await-media-published: ${JSON.stringify(v)}`);
  }
  if (!o.published) return `precondition: ${o.reason ?? NOT_PUBLISHED}`;
  if (single && !o.listed) return 'precondition: the publication list of the published event named no publication id (see publications.list.*)';
  return undefined;
}

const skipVerdict = (reason: string): CheckVerdict => ({ pass: false, skip: reason, message: reason });

/** publications.list.status / get.status: the status check once the event is published. */
export const publishedStatusCheck: CheckDef = {
  name: 'published-status',
  doc: 'once the event is published (`published`), the response status is one of `in` (skip otherwise)',
  params: {
    type: 'object', required: ['published', 'in'], additionalProperties: false,
    properties: { published: PUBLISHED, in: STATUS_LIST, single: SINGLE },
  },
  run(ctx, p) {
    const why = unpublished(p.published, p.single === true);
    return why ? skipVerdict(why) : statusCheck.run(ctx, { in: p.in });
  },
};

/** The members the spec keeps for the single publication (§ Publication: "Only in the single-publication response"). */
const SINGLE_ONLY = ['media', 'attachments', 'metadata'] as const;

/**
 * The publications of a list body that carry a member of SINGLE_ONLY (spec § Publication: media, attachments and
 * metadata are "Only in the single-publication response"; extra members are accepted in general,
 * but not members the spec confines to another response).
 */
function singleOnlyMembers(list: unknown[]): { id: unknown; members: string[] }[] {
  const out: { id: unknown; members: string[] }[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const members = SINGLE_ONLY.filter((m) => m in item);
    if (members.length) out.push({ id: (item as { id?: unknown }).id, members });
  }
  return out;
}

/**
 * publications.list.schema / get.schema: the body has the version's shape once the event is published. With
 * `nonEmpty` the body must be a non-empty array (a published event lists at least one publication); with `listOnly`
 * no publication of the list may carry media, attachments or metadata ("Only in the single-publication response").
 */
export const publishedSchemaCheck: CheckDef = {
  name: 'published-schema',
  doc: 'once the event is published, the body conforms to `shape` (and, with `nonEmpty`, is a non-empty array; with `listOnly`, no item carries media, attachments or metadata)',
  params: {
    type: 'object', required: ['published', 'shape'], additionalProperties: false,
    properties: { published: PUBLISHED, shape: { type: 'string' }, nonEmpty: { type: 'boolean' }, single: SINGLE, listOnly: { type: 'boolean' } },
  },
  run(ctx, p) {
    const why = unpublished(p.published, p.single === true);
    if (why) return skipVerdict(why);
    if (p.nonEmpty) {
      const j = jsonOrFail(ctx);
      if (isVerdict(j)) return j;
      if (!Array.isArray(j.value) || j.value.length === 0) {
        return { pass: false, message: 'the event is published (publication_status) but the list holds no publication', expected: 'a non-empty array', actual: toJson(j.value) };
      }
    }
    const shaped = schemaCheck.run(ctx, { shape: p.shape });
    if (!shaped.pass || p.listOnly !== true) return shaped;
    const j = jsonOrFail(ctx);
    if (isVerdict(j) || !Array.isArray(j.value)) return shaped;
    const extra = singleOnlyMembers(j.value);
    if (extra.length === 0) return shaped;
    return {
      pass: false,
      message: `the publication list carries ${extra.map((e) => `${e.members.join(', ')} of publication ${String(e.id)}`).join('; ')}: members "Only in the single-publication response"`,
      expected: 'publications without media, attachments and metadata', actual: toJson(extra),
    };
  },
};

/** publications.get.status: "200 with one publication": the one asked for (its id is the id in the path). */
export const publicationIsCheck: CheckDef = {
  name: 'publication-is',
  doc: 'once published, the body is the publication `id` (an object whose id member equals it)',
  params: { type: 'object', required: ['published', 'id'], additionalProperties: false, properties: { published: PUBLISHED, id: { type: 'string' } } },
  run(ctx, p) {
    const why = unpublished(p.published, true);
    if (why) return skipVerdict(why);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const got = (j.value as { id?: unknown } | null)?.id;
    const pass = got === p.id;
    return {
      pass,
      message: pass ? `publication ${String(got)}` : `asked for publication ${String(p.id)}, got ${JSON.stringify(got ?? null)}`,
      expected: String(p.id), actual: toJson(got),
    };
  },
};

/** What the action `delete-published` saw (its value). */
export interface DeleteOutcome {
  published: boolean;
  reason?: string;
  /** Status of the DELETE (null: transport failure). */
  deleteStatus: number | null;
  /** Whether GET /api/events/{id} answered 404 before the deadline. */
  gone: boolean;
  /** Milliseconds waited for the event to disappear. */
  waitedMs: number;
  /** Publications still listed at the last look while the event existed (null: never looked). */
  publicationsLeft: number | null;
  /**
   * Why the polling ended before the deadline with the event not seen gone: the run was stopped (`stopped`), or the
   * server showed it will not answer the GET (`unanswered`, ARCHITECTURE.md, principle 4: that fails the rule, with the reason).
   */
  cut?: { by: 'stopped' | 'unanswered'; why: string };
}

/**
 * events.delete.retracts (1.6.0+): "it first retracts any publications" and then deletes the event: DELETE of a
 * published event answers 202 (retraction started) or 204, and the event is gone within --processing-timeout.
 * Whether publications are listed while the retraction runs is not judged (a server may delete at once).
 */
export const retractedCheck: CheckDef = {
  name: 'retracted',
  doc: 'the published event was deleted: DELETE answered 202 or 204 and the event then disappeared (404)',
  params: { type: 'object', additionalProperties: false, properties: {} },
  run(ctx: CheckContext) {
    const v = ctx.value as DeleteOutcome | undefined;
    if (!v || typeof v.published !== 'boolean') throw new Error('check retracted needs the value of the action delete-published');
    if (!v.published) return skipVerdict(`precondition: ${v.reason ?? NOT_PUBLISHED}`);
    if (v.deleteStatus === null) {
      const err = ctx.exchanges[0]?.error;
      return { pass: false, message: `DELETE failed: ${err ? `transport error (${err.code}): ${err.message}` : 'no response'}`, actual: { transportError: err?.code ?? null } };
    }
    if (v.deleteStatus !== 202 && v.deleteStatus !== 204) {
      return { pass: false, message: `DELETE of a published event answered ${String(v.deleteStatus)}, expected 202 or 204`, expected: [202, 204], actual: v.deleteStatus };
    }
    if (!v.gone && v.cut?.by === 'stopped') return skipVerdict(`not run to its end: ${v.cut.why} ${v.waitedMs} ms after the DELETE answered ${v.deleteStatus}`);
    if (!v.gone && v.cut?.by === 'unanswered') {
      return {
        pass: false,
        message: `DELETE answered ${v.deleteStatus}, then GET /api/events/{id} went unanswered (${v.cut.why}): whether the event is gone could not be seen`,
        expected: 'GET /api/events/{id} → 404', actual: toJson(v),
      };
    }
    if (!v.gone) {
      const left = v.publicationsLeft === null ? '' : ` (${v.publicationsLeft} publication(s) still listed)`;
      return {
        pass: false,
        message: `DELETE answered ${v.deleteStatus} but the event still exists after ${v.waitedMs} ms${left}: the retraction never completed`,
        expected: 'GET /api/events/{id} → 404', actual: toJson(v),
      };
    }
    return { pass: true, message: `DELETE answered ${v.deleteStatus}; the event was gone after ${v.waitedMs} ms` };
  },
};

/**
 * events.get.publication-status (spec § Event: "publication_status | array[string] | Publications available for the
 * event"): once the event is published (GET …/publications lists a publication), its publication_status is not
 * empty. How it names them (channel, identifier) is not shown, and it may name more than the list (e.g. an internal
 * channel), so only "not empty" is judged; while nothing is published nothing is judged.
 */
export const publicationStatusListedCheck: CheckDef = {
  name: 'publication-status-listed',
  doc: 'once the event is published (`published`: its publication list or its publication_status showed one), the event object\'s publication_status is a non-empty array',
  params: { type: 'object', required: ['published'], additionalProperties: false, properties: { published: PUBLISHED } },
  run(ctx, p) {
    // Published (by the list, or by publication_status itself when processing ended between the two reads of the
    // wait): either way the event has publications available, so its publication_status must not be empty.
    const why = unpublished(p.published);
    if (why) return skipVerdict(why);
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) return { pass: false, skip: `precondition: GET of the event answered ${r.status} (see events.get.status)`, message: 'precondition' };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const status = (j.value as { publication_status?: unknown } | null)?.publication_status;
    const pass = Array.isArray(status) && status.length > 0;
    return {
      pass,
      message: pass
        ? `publication_status names ${JSON.stringify(status)}`
        : `the publication list names a publication, but publication_status is ${JSON.stringify(status ?? null)}`,
      expected: 'a non-empty array', actual: toJson(status ?? null),
    };
  },
};

/**
 * publications.list.schema with `sign` (spec § Publication: media, attachments, metadata are "Only in the
 * single-publication response"; § GET /api/events: "sign | boolean | Sign public distribution URLs, if URL signing
 * is turned on"). A server may send full objects in its list (evconf accepts extra members there), but the flag only
 * signs URLs: the signed list must not carry a single-publication member that the same server's unsigned list
 * (`unsigned`, the body of the read without sign) leaves out for that publication.
 */
export const signedListMembersCheck: CheckDef = {
  name: 'signed-list-members',
  doc: 'once published, the body (the list read with sign=true) is an array whose publications carry none of media, attachments, metadata that the same publication lacks in `unsigned` (the list read without sign)',
  params: {
    type: 'object', required: ['published', 'unsigned'], additionalProperties: false,
    properties: { published: PUBLISHED, unsigned: { description: 'the body of GET …/publications without sign (saved)' } },
  },
  run(ctx, p) {
    const why = unpublished(p.published);
    if (why) return skipVerdict(why);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'the signed publication list is not an array', actual: toJson(j.value) };
    if (!Array.isArray(p.unsigned)) return skipVerdict('precondition: the publication list read without sign is not an array (see publications.list.schema)');
    const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    const plain = new Map<unknown, Record<string, unknown>>(p.unsigned.filter(isObj).map((o) => [o.id, o]));
    const extra: { id: unknown; members: string[] }[] = [];
    let compared = 0;
    for (const item of j.value.filter(isObj)) {
      const before = plain.get(item.id);
      if (!before) continue;
      compared++;
      const members = SINGLE_ONLY.filter((m) => m in item && !(m in before));
      if (members.length) extra.push({ id: item.id, members });
    }
    if (compared === 0) return skipVerdict('precondition: no publication of the signed list is in the list read without sign');
    if (extra.length) {
      return {
        pass: false,
        message: `with sign=true the list carries ${extra.map((e) => `${e.members.join(', ')} of publication ${String(e.id)}`).join('; ')}, members only of the single-publication response that the list without sign leaves out`,
        expected: 'the members of the list read without sign', actual: toJson(extra),
      };
    }
    return { pass: true, message: `${compared} publications: sign=true adds no single-publication member to the list` };
  },
};

export const CHECKS_PUBLICATIONS: CheckDef[] = [publishedStatusCheck, publishedSchemaCheck, publicationIsCheck, retractedCheck, publicationStatusListedCheck, signedListMembersCheck];
