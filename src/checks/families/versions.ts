import { API_VERSIONS } from '../../model/index.js';
import type { CheckDef } from '../types.js';
import { isVerdict, jsonOrFail, toJson } from '../evidence.js';
import { unpublished } from './publications.js';

/**
 * Checks of the addendum (specs/events-api-1.7-1.11.md): the version endpoints (§ GET /api/version and GET
 * /api/version/default, § Version information objects, § Versioning), GET /media and the members the 1.7.0 tracks
 * gain or must not have below it (§ Media track, § Track inside a publication, § What a server must not do below each
 * threshold), and the publication url under sign=true (§ Publications, signing rule 2).
 */

const MEMBERS = { type: 'array', minItems: 1, items: { type: 'string' } };

/** The objects at `at` of a body: the body's items ("items"), a publication's media tracks ("media"). */
function objectsAt(body: unknown, at: string): Record<string, unknown>[] {
  const list = at === 'media' ? (body as { media?: unknown } | null)?.media : body;
  return Array.isArray(list) ? list.filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object') : [];
}

/** media.track.members-absent, publications.track.members-absent: none of the objects carries one of `members`. */
export const membersAbsentCheck: CheckDef = {
  name: 'members-absent',
  doc: 'none of the objects at `at` (the body\'s items, or a publication\'s media tracks) has one of `members` (once `published`, when given)',
  params: {
    type: 'object', required: ['members', 'at'], additionalProperties: false,
    properties: { members: MEMBERS, at: { enum: ['items', 'media'] }, published: {} },
  },
  run(ctx, p) {
    if (p.published !== undefined) {
      const why = unpublished(p.published, true);
      if (why) return { pass: false, skip: why, message: why };
    }
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const members = p.members as string[];
    const objects = objectsAt(j.value, p.at as string);
    const found = objects.flatMap((o, i) => members.filter((m) => m in o).map((m) => `#${i} ${m}`));
    if (found.length === 0) return { pass: true, message: `none of ${objects.length} track(s) has ${members.join(', ')} (${ctx.version})` };
    return { pass: false, message: `${ctx.version} track(s) carry members of a later version: ${found.slice(0, 8).join(', ')}`, expected: `no ${members.join(', ')}`, actual: toJson(found.slice(0, 20)) };
  },
};

/** media.get.tracks: an event created with a media file lists at least one track. */
export const tracksListedCheck: CheckDef = {
  name: 'tracks-listed',
  doc: 'the body is a JSON array holding at least one track (the event was created with a media file)',
  params: { type: 'object', additionalProperties: false, properties: {} },
  run(ctx) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'the body is not a JSON array', actual: toJson(j.value) };
    return j.value.length > 0
      ? { pass: true, message: `${j.value.length} track(s) listed` }
      : { pass: false, message: 'no track listed for an event created with a media file', expected: 'at least one track', actual: [] };
  },
};

/** versions.list.ascending: the versions are ascending from v1.0.0 with no gap (among the versions evconf knows). */
export const versionsAscendingCheck: CheckDef = {
  name: 'versions-ascending',
  doc: 'the `versions` member is ascending from v1.0.0, without gaps between the versions evconf knows',
  params: { type: 'object', additionalProperties: false, properties: {} },
  run(ctx) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const list = (j.value as { versions?: unknown } | null)?.versions;
    if (!Array.isArray(list)) return { pass: false, message: 'no versions array', actual: toJson(j.value) };
    const names = list.map(String);
    // What evconf knows: the listed ones must be the first N of API_VERSIONS in order; newer unknown ones may follow.
    // The notation ("v" first) is versions.list.schema's business: compared here without it.
    const bare = names.map((n) => n.replace(/^v/, ''));
    const known = bare.filter((n) => (API_VERSIONS as readonly string[]).includes(n));
    const expected = API_VERSIONS.slice(0, known.length).map((v) => `v${v}`);
    const prefixOk = bare.slice(0, known.length).join(',') === API_VERSIONS.slice(0, known.length).join(',');
    return prefixOk && known.length > 0
      ? { pass: true, message: `ascending from v1.0.0 without gaps: ${names.join(', ')}` }
      : { pass: false, message: `versions not ascending from v1.0.0 without gaps: ${names.join(', ')}`, expected, actual: names };
  },
};

/** versions.default.same: GET /api/version/default names the same default as GET /api/version. */
export const defaultSameCheck: CheckDef = {
  name: 'default-same',
  doc: 'the body\'s `default` equals `default` (the one GET /api/version named)',
  params: { type: 'object', required: ['default'], additionalProperties: false, properties: { default: { type: 'string' } } },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const got = (j.value as { default?: unknown } | null)?.default;
    return got === p.default
      ? { pass: true, message: `default ${String(got)} in both` }
      : { pass: false, message: `GET /api/version/default names ${JSON.stringify(got)}, GET /api/version ${JSON.stringify(p.default)}`, expected: p.default as string, actual: toJson(got) };
  },
};

/** versions.listed.accepted: a version the server lists is not refused with 406. */
export const listedAcceptedCheck: CheckDef = {
  name: 'listed-accepted',
  doc: 'the version under test, listed by GET /api/version (`listed`), is not answered 406',
  params: { type: 'object', required: ['listed'], additionalProperties: false, properties: { listed: { description: 'the `listed` value of the action read-versions (an array of "vX.Y.Z")' } } },
  run(ctx, p) {
    const status = ctx.exchange?.response?.status;
    if (status === undefined) return { pass: false, message: `no answer: ${ctx.exchange?.error?.code ?? 'none'}` };
    if (!Array.isArray(p.listed)) throw new Error(`check parameter "listed" is not the listed value of read-versions: ${JSON.stringify(p.listed)}`);
    const listed = p.listed.includes(`v${ctx.version}`);
    if (!listed) return { pass: false, skip: `not offered: the server does not list v${ctx.version} (GET /api/version)`, message: 'not listed' };
    return status !== 406
      ? { pass: true, message: `v${ctx.version} is listed and answered ${status}` }
      : { pass: false, message: `GET /api/version lists v${ctx.version}, but Accept: application/v${ctx.version}+json answered 406`, expected: 'not 406', actual: status };
  },
};

/** publications.sign.url-unsigned: with sign=true the publication's own url is the one given without sign. */
export const urlUnsignedCheck: CheckDef = {
  name: 'publication-url-unsigned',
  doc: 'the publication\'s own `url` equals `url` (the one read without sign), once `published`',
  params: { type: 'object', required: ['published', 'url'], additionalProperties: false, properties: { published: {}, url: { type: 'string' } } },
  run(ctx, p) {
    const why = unpublished(p.published, true);
    if (why) return { pass: false, skip: why, message: why };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const got = (j.value as { url?: unknown } | null)?.url;
    return got === p.url
      ? { pass: true, message: `the publication url is unsigned at ${ctx.version}` }
      : { pass: false, message: `with sign=true the publication's own url changed at ${ctx.version} (signed below 1.7.0)`, expected: p.url as string, actual: toJson(got) };
  },
};

/** track.post.200: "200 with an empty body". */
export const emptyBodyCheck: CheckDef = {
  name: 'empty-body',
  doc: 'the response has no body (none, or zero bytes)',
  params: { type: 'object', additionalProperties: false, properties: {} },
  run(ctx) {
    const body = ctx.exchange?.response?.body ?? '';
    const text = typeof body === 'string' ? body : String(body);
    return text.trim() === '' ? { pass: true, message: 'empty body' } : { pass: false, message: `a body of ${text.length} characters`, expected: 'an empty body', actual: text.slice(0, 200) };
  },
};

/**
 * track.post.adds / overwrite / tags / lang / tags-ignored: the GET /media tracks of `flavor`: `count` of them; with
 * `tags`, each carries every one of them exactly (not trimmed); with `tagCounts`, that many carry each tag; with
 * `withoutTags`, none carries any of them (a tags part the server ignores).
 */
export const flavorTracksCheck: CheckDef = {
  name: 'flavor-tracks',
  doc: 'the GET /media body holds `count` tracks of `flavor`; each with every tag of `tags`; `tagCounts` of them with each tag; none with a tag of `withoutTags`',
  params: {
    type: 'object', required: ['flavor', 'count'], additionalProperties: false,
    properties: {
      flavor: { type: 'string' }, count: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } },
      tagCounts: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      withoutTags: { type: 'array', items: { type: 'string' } },
    },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'the body is not a JSON array', actual: toJson(j.value) };
    const mine = objectsAt(j.value, 'items').filter((t) => t.flavor === p.flavor);
    const tagsOf = (t: Record<string, unknown>) => (Array.isArray(t.tags) ? t.tags.map(String) : []);
    const seen = mine.map((t) => ({ identifier: t.identifier ?? null, tags: tagsOf(t) }));
    if (mine.length !== p.count) return { pass: false, message: `${mine.length} track(s) of flavor ${String(p.flavor)}, expected ${String(p.count)}`, expected: p.count as number, actual: toJson(seen) };
    const want = (p.tags as string[] | undefined) ?? [];
    const missing = mine.filter((t) => want.some((w) => !tagsOf(t).includes(w)));
    if (missing.length > 0) return { pass: false, message: `track(s) of flavor ${String(p.flavor)} lack tags of ${JSON.stringify(want)}`, expected: want, actual: toJson(seen) };
    for (const [tag, n] of Object.entries((p.tagCounts as Record<string, number> | undefined) ?? {})) {
      const k = mine.filter((t) => tagsOf(t).includes(tag)).length;
      if (k !== n) return { pass: false, message: `${k} track(s) of flavor ${String(p.flavor)} carry ${tag}, expected ${n}`, expected: toJson({ [tag]: n }), actual: toJson(seen) };
    }
    const unwanted = (p.withoutTags as string[] | undefined) ?? [];
    const carrying = mine.filter((t) => tagsOf(t).some((g) => unwanted.includes(g)));
    if (carrying.length > 0) return { pass: false, message: `${carrying.length} track(s) of flavor ${String(p.flavor)} carry tags of ${JSON.stringify(unwanted)}, a tags part this server must ignore`, expected: `no tag of ${JSON.stringify(unwanted)}`, actual: toJson(seen) };
    return { pass: true, message: `${mine.length} track(s) of flavor ${String(p.flavor)} as expected` };
  },
};

/**
 * track.post.409: the POST /track of the action track-while-processing, judged only when its value says processing
 * still ran after it (a value without `status`, the action's Unavailable, is a skip with its reason).
 */
export const busyStatusCheck: CheckDef = {
  name: 'busy-status',
  doc: 'when the action saw the event still processing after its POST (its value has `status`), the POST answered one of `in`',
  params: { type: 'object', required: ['in'], additionalProperties: false, properties: { in: { type: 'array', minItems: 1, items: { type: 'integer' } } } },
  run(ctx, p) {
    const v = ctx.value as { status?: unknown; reason?: unknown } | null;
    if (!v || typeof v.status !== 'number') {
      const why = `precondition: ${typeof v?.reason === 'string' ? v.reason : 'the event was not seen processing after the POST'}`;
      return { pass: false, skip: why, message: why };
    }
    const ok = (p.in as number[]).includes(v.status);
    return ok ? { pass: true, message: `status ${v.status} while processing ran` } : { pass: false, message: `expected status ${(p.in as number[]).join(' or ')} while processing ran, got ${v.status}`, expected: toJson(p.in), actual: v.status };
  },
};

export const CHECKS_VERSIONS: CheckDef[] = [busyStatusCheck, membersAbsentCheck, tracksListedCheck, versionsAscendingCheck, defaultSameCheck, listedAcceptedCheck, urlUnsignedCheck, emptyBodyCheck, flavorTracksCheck];
