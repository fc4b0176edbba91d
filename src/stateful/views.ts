import type { Reply } from '../cases/api.js';
import { EPISODE } from '../cases/api.js';
import { aclIs, entriesOf } from '../cases/acl.js';
import type { CaseKit } from '../cases/case.js';
import { episodeReadsBack } from '../cases/episode.js';
import { judgeBy } from '../cases/judge.js';
import { memberFor } from '../cases/members.js';
import { scheduleIs } from '../cases/schedule.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import { serverField } from '../core/capabilities.js';
import { addedMembers, flagParam, type WithFlag } from '../oracles/views.js';
import { slotSpan, TRACK_FLAVOR, type ModelEvent } from './model.js';
import type { Real } from './real.js';

/**
 * Every view of one event that a command may change, judged against the model (ARCHITECTURE.md § Stages, the
 * stateful stage): the event's own sub-resource of each changed aspect (/metadata?type=… and the listing /metadata, /acl, /scheduling,
 * /media), the single GET (its members, and with the flag of each changed aspect its with* member) and the list
 * filtered to the sequence's events with that flag (the event's row: its members and with* member). One call is one
 * attempt, its reads sent side by side; CaseKit.settle repeats it until it is stable, so a view that lags but
 * converges passes (spec: nothing promises when a write shows; ARCHITECTURE.md principle 7).
 *
 * Judged by the spec only: the names of the with* members are not shown (a member is the one the flag added, found
 * by comparing with the GET without flags), values compare as the registry's checks compare them (ACLs as sets,
 * datetimes as instants, fields by id), and a view only judges what it shows (a with* member that holds no catalog of a
 * flavor says nothing of it).
 */

/** What a command changed (or must have left as it was): the model's part of the event each view shows. */
export type Aspect = 'episode' | 'acl' | 'extra' | 'schedule' | 'tracks';

/** Per aspect the rule its own sub-resource breaks when it disagrees with the model (the command's rule). */
export type AspectRules = Partial<Record<Aspect, string>>;

/** The with* flag whose member shows an aspect (spec § GET /api/events: withacl, withmetadata, withscheduling). */
const FLAG_OF: Record<Aspect, WithFlag | undefined> = { episode: 'metadata', extra: 'metadata', acl: 'acl', schedule: 'scheduling', tracks: undefined };

/** The rules the views judge besides the commands' own (reported by the stage where selected and applicable). */
export const VIEW_RULES: readonly string[] = [
  'events.get.withacl', 'events.get.withmetadata', 'events.get.withscheduling',
  'events.list.withacl', 'events.list.withmetadata', 'events.list.withscheduling', 'events.list.rows', 'events.list.filter.textFilter',
  'acl.get.404', 'metadata.get.404',
];

const METADATA_VALUES = judgeBy('metadata-values');
const EVENT_FIELDS = judgeBy('event-fields');
const ACL_EQUALS = judgeBy('acl-equals');
const SCHEDULE_IS = judgeBy('schedule-is');
const CATALOG_EMPTIED = judgeBy('catalog-emptied');
const FLAVOR_TRACKS = judgeBy('flavor-tracks');

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value shown inside a response as a reply of its own (what the registry's checks judge), with that response's exchange. */
const part = (r: Reply, body: unknown): Reply => ({ ex: r.ex, status: 200, body });

/** The model's episode fields under the server's field ids. */
function serverValues(kit: CaseKit, values: Record<string, string | string[]>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(values).map(([f, v]) => [serverField(kit.env.caps, f), v]));
}

/** The episode fields of the model that have an event member in the version, and the object shows. */
function shownFields(kit: CaseKit, e: ModelEvent, ev: Obj): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [f, v] of Object.entries(e.episode)) {
    const m = memberFor(f, kit.env.version);
    if (m !== undefined && m in ev) out[f] = v;
  }
  return out;
}

/**
 * The members each flag added, as this server names them (learned from the first GET with and without the flag, per
 * version run): later attempts skip the GET without flags (a response that lacks a learned member is not judged by it).
 */
const ADDED = new WeakMap<object, Map<WithFlag, string[]>>();
const learned = (kit: CaseKit) => {
  let m = ADDED.get(kit.env);
  if (!m) ADDED.set(kit.env, (m = new Map()));
  return m;
};

/** Whether the stage judges a view rule in this run (selected and applicable). */
const judged = (r: Real, rule: string) => (r.opts.viewRules ?? []).includes(rule);

/**
 * The with* member `v` that flag `f` added, against the model: the ACL as a set (acl-equals), the catalogs of the
 * flavors the model knows and the member holds (metadata-values), the schedule (schedule-is). A member of another
 * shape (not this flag's) is not judged.
 */
function memberShows(r: Real, e: ModelEvent, f: WithFlag, aspects: readonly Aspect[], reply: Reply, v: unknown, rule: string, what: string): Verdict {
  const kit = r.kit;
  switch (f) {
    case 'acl': {
      if (!aspects.includes('acl') || !Array.isArray(v) || !v.every((x) => isObj(x) && typeof x.action === 'string' && typeof x.role === 'string')) return OK;
      return ACL_EQUALS(kit.env, part(reply, v), rule, { entries: entriesOf(e.acl) }, what);
    }
    case 'metadata': {
      if (!Array.isArray(v)) return OK;
      const flavors = new Set(v.filter(isObj).map((c) => c.flavor));
      if (aspects.includes('episode') && flavors.has(EPISODE) && Object.keys(e.episode).length > 0) {
        const ok = METADATA_VALUES(kit.env, part(reply, v), rule, { flavor: EPISODE, values: serverValues(kit, e.episode) }, `${what}: dublincore/episode`);
        if (!ok.ok) return ok;
      }
      const extra = r.opts.extra?.flavor;
      if (aspects.includes('extra') && extra !== undefined && flavors.has(extra)) {
        if (e.extra) {
          const ok = METADATA_VALUES(kit.env, part(reply, v), rule, { flavor: extra, values: e.extra }, `${what}: ${extra}`);
          if (!ok.ok) return ok;
        } else {
          // A deleted catalog shown at all holds no values ("Removes all fields and values").
          const ok = CATALOG_EMPTIED(kit.env, part(reply, v), rule, { flavor: extra }, `${what}: ${extra}`);
          if (!ok.ok) return ok;
        }
      }
      return OK;
    }
    case 'scheduling': {
      if (!aspects.includes('schedule') || e.slot === undefined || !isObj(v) || typeof v.start !== 'string') return OK;
      const want = slotSpan(e.slot, r.opts.slotOffset);
      return SCHEDULE_IS(kit.env, part(reply, v), rule, { agent: r.opts.agent, start: want.start, end: want.end }, what);
    }
    default:
      return OK;
  }
}

/** GET /media: the tracks of the stage's flavor are the model's count (track.post.* where the upload's own rule is given). */
async function mediaShows(r: Real, e: ModelEvent, rule: string, what: string): Promise<Verdict> {
  const res = await r.kit.api.send({ method: 'GET', path: r.kit.api.path(e.id, '/media') });
  // Below 1.7.0 a server answering 404 or 406 does not offer GET /media (addendum § GET /media; README § Versions).
  if ((res.status === 404 || res.status === 406) && r.opts.mediaBelowRequired) return OK;
  if (res.status !== 200) return broken('media.get.status', `${what}: GET /api/events/{id}/media answered ${res.status ?? 'nothing'}`, { status: 200 }, { status: res.status ?? null });
  return FLAVOR_TRACKS(r.kit.env, res, rule, { flavor: TRACK_FLAVOR, count: e.tracks ?? 0 }, what);
}

/** The sub-resource of each aspect, judged under the command's rule for it. */
async function subResources(r: Real, e: ModelEvent, rules: AspectRules, what: string, all: AspectRules = rules): Promise<Verdict[]> {
  const kit = r.kit;
  const jobs: Promise<Verdict>[] = [];
  if (rules.episode && Object.keys(e.episode).length > 0) jobs.push(episodeReadsBack(kit, e.id, e.episode, rules.episode, what));
  if (rules.acl) jobs.push(aclIs(kit, e.id, e.acl, rules.acl, what));
  const extra = r.opts.extra?.flavor;
  if (rules.extra && extra !== undefined) {
    const rule = rules.extra;
    jobs.push((async () => {
      const res = await kit.api.catalog(e.id, extra);
      // A catalog the event does not have (deleted, or never written to it): 404 for the flavor or no values.
      return e.extra ? METADATA_VALUES(kit.env, res, rule, { values: e.extra }, `${what}: ${extra}`) : CATALOG_EMPTIED(kit.env, res, rule, {}, `${what}: GET /metadata?type=${extra}`);
    })());
  }
  // GET /metadata, the listing of every catalog: the catalogs the command changed, as their own GET shows them.
  // (Judged for every aspect of the command, also those whose own GET the command reads itself.)
  const listingRule = all.episode ?? all.extra;
  if (listingRule !== undefined) {
    jobs.push((async () => {
      const res = await kit.api.send({ method: 'GET', path: kit.api.path(e.id, '/metadata') });
      if (res.status !== 200 || !Array.isArray(res.body)) return broken('metadata.get.status', `${what}: GET /api/events/{id}/metadata answered ${res.status ?? 'nothing'}`, { status: 200 }, { status: res.status ?? null });
      const flavors = new Set(res.body.filter(isObj).map((c) => c.flavor));
      if (all.episode && Object.keys(e.episode).length > 0 && flavors.has(EPISODE)) {
        const v = METADATA_VALUES(kit.env, res, all.episode, { flavor: EPISODE, values: serverValues(kit, e.episode) }, `${what}: GET /metadata, dublincore/episode`);
        if (!v.ok) return v;
      }
      if (all.extra && extra !== undefined) {
        if (e.extra && flavors.has(extra)) return METADATA_VALUES(kit.env, res, all.extra, { flavor: extra, values: e.extra }, `${what}: GET /metadata, ${extra}`);
        if (!e.extra) return CATALOG_EMPTIED(kit.env, res, all.extra, { flavor: extra }, `${what}: GET /metadata, ${extra}`);
      }
      return OK;
    })());
  }
  if (rules.schedule && e.slot !== undefined) jobs.push(scheduleIs(kit, e.id, { agent_id: r.opts.agent, ...slotSpan(e.slot, r.opts.slotOffset) }, rules.schedule, what));
  if (rules.tracks && e.tracks !== undefined) jobs.push(mediaShows(r, e, rules.tracks, what));
  return Promise.all(jobs);
}

/**
 * One attempt at every view of `e` that `rules`' aspects show (see the file comment). The sub-resources decide
 * first (their fault is the write's), then the single GET, then the list row.
 */
export async function viewsShow(r: Real, e: ModelEvent, rules: AspectRules, what: string, o: ViewOptions = {}): Promise<Verdict> {
  const kit = r.kit;
  const aspects = Object.keys(rules) as Aspect[];
  const flags = [...new Set(aspects.map((a) => FLAG_OF[a]).filter((f): f is WithFlag => f !== undefined))]
    .filter((f) => f !== 'scheduling' || r.opts.scheduling)
    .filter((f) => judged(r, `events.get.with${f}`) || judged(r, `events.list.with${f}`));
  const listed = e.catalogKnown !== false && aspects.some((a) => a !== 'tracks');
  const rowsJudged = judged(r, 'events.list.rows') && rules.episode !== undefined;
  const own: AspectRules = Object.fromEntries(Object.entries(rules).filter(([a]) => !(o.ownSub ?? []).includes(a as Aspect)));
  const names = learned(kit);
  // Until the server's names of the with* members are learned, one flag per request (and the GET without flags as the
  // baseline); then every flag of the command in one GET and one list (the views share their reads).
  const together = flags.every((f) => names.has(f));
  const groups: WithFlag[][] = flags.length === 0 ? [] : together ? [flags] : flags.map((f) => [f]);
  const query = (g: readonly WithFlag[]) => Object.fromEntries(g.map((f) => [flagParam(f), 'true']));
  const getJudged = (g: readonly WithFlag[]) => g.some((f) => judged(r, `events.get.with${f}`));
  const listGroups: (readonly WithFlag[])[] = listed ? (groups.length > 0 ? groups : rowsJudged ? [[]] : []) : [];
  // Without a GET with flags, the GET without flags gives the event's members (and the baseline of the list's).
  const needPlain = !together || (!groups.some(getJudged) && (rules.episode !== undefined || listGroups.length > 0));
  const [ownV, subs, plainRead, singles, lists] = await Promise.all([
    o.own ? o.own() : Promise.resolve(OK),
    subResources(r, e, own, what, rules),
    needPlain ? kit.api.get(e.id) : Promise.resolve(undefined),
    Promise.all(groups.map((g) => (getJudged(g) ? kit.api.send({ method: 'GET', path: kit.api.path(e.id), query: query(g) }) : Promise.resolve(undefined)))),
    Promise.all(listGroups.map((g) => kit.api.list({ filter: `textFilter:${kit.tag}`, ...query(g) }).then((res) => ({ g, res })))),
  ]);
  if (!ownV.ok) return ownV;
  const bad = subs.find((v) => !v.ok);
  if (bad) return bad;
  // The event's members: from the GET without flags, or else from the GET with the flags (less its with* members).
  const plain = plainRead ?? singles.find((s) => s !== undefined);
  if (!plain) return OK;
  if (plain.status !== 200 || !isObj(plain.body)) return broken('events.get.status', `${what}: GET /api/events/{id} answered ${plain.status ?? 'nothing'}`, { status: 200 }, { status: plain.status ?? null });
  const base: Obj = plainRead ? (plain.body as Obj) : Object.fromEntries(Object.entries(plain.body).filter(([k]) => !flags.some((f) => names.get(f)?.includes(k))));
  const addedBy = (f: WithFlag, obj: Obj): string[] => {
    if (together) return (names.get(f) ?? []).filter((k) => k in obj);
    const found = addedMembers(obj, base);
    if (found.length > 0 && !names.has(f)) names.set(f, found);
    return found;
  };
  const shown = (g: readonly WithFlag[]) => g.map((f) => `${flagParam(f)}=true`).join('&');
  // The event's members show its catalog (spec § Event: "A field marked * is a metadata field of the catalog with
  // flavor dublincore/episode"): judged with the catalog's aspect, under its rule.
  if (rules.episode) {
    const fields = shownFields(kit, e, base);
    if (Object.keys(fields).length > 0) {
      const v = EVENT_FIELDS(kit.env, plain, rules.episode, { fields: serverValues(kit, fields) }, `${what}: GET /api/events/{id}`);
      if (!v.ok) return v;
    }
  }
  for (const [i, g] of groups.entries()) {
    const s = singles[i];
    if (!s) continue;
    if (s.status !== 200 || !isObj(s.body)) return broken(`events.get.with${g[0]}`, `${what}: GET /api/events/{id}?${shown(g)} answered ${s.status ?? 'nothing'}`, { status: 200 }, { status: s.status ?? null });
    for (const f of g) {
      const rule = `events.get.with${f}`;
      if (!judged(r, rule)) continue;
      for (const k of addedBy(f, s.body)) {
        const v = memberShows(r, e, f, aspects, s, s.body[k], rule, `${what}: GET /api/events/{id}?${shown(g)}, member ${k}`);
        if (!v.ok) return v;
      }
    }
  }
  for (const { g, res } of lists) {
    const where = `GET /api/events?filter=textFilter:<sequence tag>${g.length > 0 ? `&${shown(g)}` : ''}`;
    if (res.status !== 200 || !Array.isArray(res.body)) return broken(g.length > 0 ? `events.list.with${g[0]}` : 'events.list.rows', `${what}: ${where} answered ${res.status ?? 'nothing'}`, { status: 200 }, { status: res.status ?? null });
    const row = res.body.find((x) => isObj(x) && x.identifier === e.id) as Obj | undefined;
    if (!row) {
      if (!judged(r, 'events.list.filter.textFilter')) continue;
      return broken('events.list.filter.textFilter', `${what}: ${where} does not list ${e.label}`, { identifier: e.id }, { identifiers: res.body.map((x) => (isObj(x) ? x.identifier ?? null : null)) });
    }
    if (rowsJudged) {
      const fields = shownFields(kit, e, row);
      if (Object.keys(fields).length > 0) {
        const v = EVENT_FIELDS(kit.env, part(res, row), 'events.list.rows', { fields: serverValues(kit, fields) }, `${what}: the list row of ${e.label} (${where})`);
        if (!v.ok) return v;
      }
    }
    for (const f of g) {
      const rule = `events.list.with${f}`;
      if (!judged(r, rule)) continue;
      for (const k of addedBy(f, row)) {
        const v = memberShows(r, e, f, aspects, res, row[k], rule, `${what}: the list row of ${e.label} (${where}), member ${k}`);
        if (!v.ok) return v;
      }
    }
  }
  return OK;
}

/** What a command judges itself, read beside the views. */
export interface ViewOptions {
  /** The command's own judgement of the sub-resources of `ownSub` (e.g. one ACL entry added, the others kept). */
  own?: () => Promise<Verdict>;
  /** Aspects whose sub-resource `own` reads (not read again). */
  ownSub?: readonly Aspect[];
}

/** Every view `rules` names, settled: the deciding rule is the first aspect's (what CaseKit.settle records). */
export function settleViews(r: Real, e: ModelEvent, rules: AspectRules, what: string, o: ViewOptions = {}): Promise<Verdict> {
  const first = Object.values(rules)[0];
  if (first === undefined) return Promise.resolve(OK);
  for (const rule of Object.values(rules)) r.kit.exercised.add(rule);
  for (const a of Object.keys(rules) as Aspect[]) {
    const f = FLAG_OF[a];
    if (f === undefined || (f === 'scheduling' && !r.opts.scheduling)) continue;
    for (const rule of [`events.get.with${f}`, `events.list.with${f}`, ...(a === 'episode' ? ['events.list.rows'] : [])]) if (judged(r, rule)) r.kit.exercised.add(rule);
  }
  return r.kit.settle(first, () => viewsShow(r, e, rules, what, o));
}

export type { Broken };
