import fc from 'fast-check';
import type { CaseKit } from '../cases/case.js';
import { ADMIN_ROLE } from '../cases/env.js';
import { isBroken, mustCreateAll, readList } from '../cases/reads.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import type { CreateSpec } from '../cases/api.js';
import { defineProperty } from '../properties/types.js';
import { untilSettledStates } from './processed.js';
import { propertyAgent } from '../properties/agents.js';
import { isoUtc } from '../spec/datetime.js';
import { wireText } from '../generators/index.js';
import { addedMembers, differingMembers, flagParam, memberVersusResource, processing, PROCESSING_MEMBERS, WITH_FLAGS, type SubRead, type WithFlag } from './views.js';

/**
 * Oracle "list rows" (consistency): every row of a list, under every with* flag and the case's sort, agrees member by
 * member with the single GET of its event with the same flags, read right after; every with* member (list row and
 * single GET) agrees with the event's sub-resource (/acl, /metadata, /publications, /scheduling); a flag never
 * changes which events a list holds. Spec § GET /api/events ("Returns a JSON array of event objects", "withacl |
 * Include the ACL" …) and § GET /api/events/{event_id} ("with the same meanings as for the list").
 *
 * Titles and descriptions hold every piece of text that naive code breaks on the wire (`+`, `%`, `/`, spaces, an
 * accent composed and decomposed, an astral character: generators/unicode-text.ts wireText), so text wrong in one
 * view only shows as a disagreement. The events differ where a row could borrow from another: only some have publications (media uploaded), an extra
 * ACL entry, a schedule; some are written to after creation (a metadata PUT, an update's metadata part, an ACL
 * entry added, a schedule moved), so a view derived at creation and not refreshed shows. The judgement needs no
 * model of what the writes did: whatever the server keeps, its views must agree (on a stable read, CaseKit.settle).
 */

/** A write made to an event after creation, before the views are compared. */
type Write = 'title' | 'description' | 'acl-add' | 'acl-put' | 'reschedule';

interface PlannedEvent {
  media: boolean;
  extraAce: boolean;
  scheduled: boolean;
  writes: Write[];
}

/**
 * Every case holds each class of event a row could be mistaken for, in this creation order (a default order that
 * alternates them): published (media uploaded) and written to, scheduled and written to, published with an extra
 * ACL entry, unpublished and unscheduled and written to. What is generated: more writes, the sort, the day.
 */
const CLASSES: readonly PlannedEvent[] = [
  { media: true, extraAce: true, scheduled: false, writes: ['title'] },
  { media: false, extraAce: false, scheduled: true, writes: ['acl-add', 'reschedule'] },
  { media: true, extraAce: false, scheduled: false, writes: [] },
  { media: false, extraAce: true, scheduled: false, writes: ['description', 'acl-put'] },
];

interface Case {
  /** Text for the titles, the new titles and the descriptions (each holds every piece of WIRE_PIECES). */
  texts: string[];
  /** Writes made besides each class's own. */
  more: Write[][];
  sort: string;
  /** Day of the schedules (days after 2095-01-01). */
  day: number;
}

const SORTS = ['title:ASC', 'title:DESC', 'location:ASC', 'presenter:DESC', 'start_date:ASC', 'start_date:DESC'] as const;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const BASE_MS = Date.UTC(2095, 0, 1);

/** Title letters by class: no sort of the titles is creation order. */
const TITLE_LETTERS = ['c', 'a', 'd', 'b'];

const WRITES: readonly Write[] = ['title', 'description', 'acl-add', 'acl-put', 'reschedule'];

/** The planned events of a case: the classes with the generated writes added. */
function planned(c: Case): PlannedEvent[] {
  // The generated writes first: each class's own writes come last (a title PUT last, say, not followed by an update).
  return CLASSES.map((e, i) => ({ ...e, writes: [...(c.more[i] ?? []).filter((w) => !e.writes.includes(w)), ...e.writes] }));
}

/** The rules of one flag: the list's and the single GET's. */
const listRule = (f: WithFlag) => `events.list.${flagParam(f)}`;
const getRule = (f: WithFlag) => `events.get.${flagParam(f)}`;

/** The sub-resource path of a flag. */
const SUB_PATH: Record<WithFlag, string> = { acl: '/acl', metadata: '/metadata', publications: '/publications', scheduling: '/scheduling' };

type Obj = Record<string, unknown>;

interface Ctx {
  kit: CaseKit;
  ids: string[];
  rules: readonly string[];
  flags: WithFlag[];
  sort: string | undefined;
}

/** GET /api/events/{id} with the flags as query (status and object shape are other checks'; here, the body or undefined). */
async function single(kit: CaseKit, id: string, flags: readonly WithFlag[]): Promise<Obj | undefined> {
  const query: Record<string, string> = {};
  for (const f of flags) query[flagParam(f)] = 'true';
  const r = await kit.api.send({ method: 'GET', path: kit.api.path(id), query });
  return r.status === 200 && typeof r.body === 'object' && r.body !== null && !Array.isArray(r.body) ? (r.body as Obj) : undefined;
}

/** The case's list with the flags (rows by identifier, in order) or what broke. */
async function rows(c: Ctx, flags: readonly WithFlag[], sort?: string): Promise<Obj[] | Broken> {
  const query: Record<string, string | undefined> = { filter: `textFilter:${c.kit.tag}`, ...(sort ? { sort } : {}) };
  for (const f of flags) query[flagParam(f)] = 'true';
  const list = await readList(c.kit, query, { refusalRule: flags.length === 1 ? listRule(flags[0]) : 'events.list.rows' });
  return isBroken(list) ? list : (list.filter((e) => typeof e === 'object' && e !== null && !Array.isArray(e)) as Obj[]);
}

const idOf = (e: Obj) => (typeof e.identifier === 'string' ? e.identifier : '?');

/** Whether a rule is judged in this run (selected and applicable). */
const judged = (c: Ctx, rule: string) => c.rules.includes(rule);

/** One attempt: every view read once, in an order that reads each pair to compare back to back. */
async function attempt(c: Ctx): Promise<Verdict> {
  const { kit, ids } = c;
  // The plain list holds exactly the case's events (textFilter on the case tag), or the views cannot be matched.
  const plain = await rows(c, [], c.sort);
  if (isBroken(plain)) return plain;
  const plainIds = plain.map(idOf);
  if (plainIds.length !== ids.length || !ids.every((id) => plainIds.includes(id))) {
    return broken('events.list.filter.textFilter', `textFilter:<case tag> did not return exactly the case's ${ids.length} events`, { identifiers: ids }, { identifiers: plainIds });
  }
  const plainRow = new Map(plain.map((e) => [idOf(e), e]));
  const plainSingle = new Map<string, Obj>();
  for (const id of ids) {
    const s = await single(kit, id, []);
    if (s) plainSingle.set(id, s);
  }
  // Base members: plain rows against plain single GETs.
  if (judged(c, 'events.list.rows')) {
    for (const id of ids) {
      const v = compareRow(c, plainRow.get(id)!, plainSingle.get(id), [], new Map());
      if (v) return v;
    }
  }
  // Sub-resources, read once per event and flag.
  const subs = new Map<string, SubRead>();
  for (const f of c.flags) {
    for (const id of ids) {
      const r = await kit.api.send({ method: 'GET', path: kit.api.path(id, SUB_PATH[f]) });
      subs.set(`${f}:${id}`, { ...(r.status !== undefined ? { status: r.status } : {}), ...(r.body !== undefined ? { body: r.body } : {}) });
    }
  }
  // Each flag's list in two orders (the default one, which alternates the classes of events, and the case's sort):
  // a member carried over from the row before, or joined by position, shows in at least one of them.
  for (const f of c.flags) {
    const singles = new Map<string, Obj | undefined>();
    for (const sort of [undefined, c.sort]) {
      const withRows = await rows(c, [f], sort);
      if (isBroken(withRows)) return withRows;
      const got = withRows.map(idOf);
      if (judged(c, listRule(f)) && (got.length !== plainIds.length || !plainIds.every((id) => got.includes(id)))) {
        return broken(listRule(f), `${flagParam(f)}=true changed which events the list holds`, { identifiers: plainIds }, { identifiers: got });
      }
      for (const row of withRows) {
        const id = idOf(row);
        if (!ids.includes(id)) continue;
        if (!singles.has(id)) singles.set(id, await single(kit, id, [f]));
        const s = singles.get(id);
        const v = judgeRow(c, f, row, s, plainRow.get(id)!, plainSingle.get(id), subs.get(`${f}:${id}`)!, sort);
        if (v) return v;
      }
    }
  }
  return OK;
}

/**
 * One row under flag `f` and the single GET of its event with `f`: the single GET's with* member against the
 * sub-resource first (its fault is the single GET's), then the row's, then the row against the single GET.
 */
function judgeRow(c: Ctx, f: WithFlag, row: Obj, s: Obj | undefined, plainRow: Obj, plainSingle: Obj | undefined, sub: SubRead, sort: string | undefined): Broken | undefined {
  const id = idOf(row);
  const where = `${flagParam(f)}=true${sort ? `&sort=${sort}` : ''}`;
  if (s && plainSingle && judged(c, getRule(f))) {
    for (const k of addedMembers(s, plainSingle)) {
      const why = memberVersusResource(f, s[k], sub);
      if (why) return broken(getRule(f), `GET /api/events/{id}?${flagParam(f)}=true: member ${k} disagrees with the event's ${SUB_PATH[f]}: ${why}`, { [SUB_PATH[f]]: sub.body ?? sub.status ?? null }, { event: id, [k]: s[k] });
    }
  }
  if (judged(c, listRule(f))) {
    for (const k of addedMembers(row, plainRow)) {
      const why = memberVersusResource(f, row[k], sub);
      if (why) return broken(listRule(f), `the list row of an event (${where}): member ${k} disagrees with the event's ${SUB_PATH[f]}: ${why}`, { [SUB_PATH[f]]: sub.body ?? sub.status ?? null }, { event: id, [k]: row[k] });
    }
  }
  const added = new Map<string, WithFlag>([...addedMembers(row, plainRow), ...(s && plainSingle ? addedMembers(s, plainSingle) : [])].map((k) => [k, f]));
  return compareRow(c, row, s, [f], added);
}

/**
 * A row against the single GET of its event (same flags): every member both show must agree, but the members that
 * processing changes while either read shows processing. A with* member that differs breaks that flag's list rule,
 * any other member events.list.rows.
 */
function compareRow(c: Ctx, row: Obj, s: Obj | undefined, flags: readonly WithFlag[], added: ReadonlyMap<string, WithFlag>): Broken | undefined {
  if (!s) return undefined;
  const skip = processing(row) || processing(s) ? PROCESSING_MEMBERS : new Set<string>();
  for (const k of differingMembers(row, s, skip)) {
    const f = added.get(k);
    const rule = f ? listRule(f) : 'events.list.rows';
    if (!judged(c, rule)) continue;
    const q = flags.map((x) => `${flagParam(x)}=true`).join('&');
    return broken(rule, `the list row of event ${idOf(row)}${q ? ` (${q})` : ''} shows member ${k} other than GET /api/events/{id}${q ? `?${q}` : ''} read right after it`, { event: idOf(row), [k]: s[k] ?? null }, { event: idOf(row), [k]: row[k] ?? null });
  }
  return undefined;
}

/** Creates the case's events, in order, then makes their writes. */
async function setUp(kit: CaseKit, c: Case, schedule: boolean): Promise<string[] | Broken> {
  const agent = kit.agent(propertyAgent(kit.env, 'rows'));
  const startOf = (i: number, shift = 0) => BASE_MS + c.day * DAY_MS + (2 * i + shift) * HOUR_MS;
  const events = planned(c);
  const specs: CreateSpec[] = events.map((e, i) => {
    const scheduled = schedule && e.scheduled;
    return {
      fields: { title: kit.title(`row${TITLE_LETTERS[i]} ${c.texts[0]}`), location: `${kit.tag}loc${i % 2}`, creator: i % 2 ? ['Pa', 'Pb'] : ['Pc'] },
      ...(e.extraAce ? { acl: [{ allow: true, action: 'read', role: ADMIN_ROLE }, { allow: true, action: 'write', role: ADMIN_ROLE }, { allow: true, action: 'read', role: `ROLE_EVCONF_ROW${i}` }] } : {}),
      ...(scheduled ? { scheduling: { agent_id: agent, start: isoUtc(startOf(i)), end: isoUtc(startOf(i) + HOUR_MS / 2) } } : {}),
      ...(!scheduled && e.media ? { media: true } : {}),
    };
  });
  const ids = await mustCreateAll(kit, specs);
  if (isBroken(ids)) return ids;
  for (const [i, e] of events.entries()) {
    const id = ids[i];
    for (const w of e.writes) {
      // What the write answers is other checks' business: the views must agree whatever the server kept.
      switch (w) {
        case 'title': await kit.api.putCatalog(id, { title: kit.title(`row${TITLE_LETTERS[i]}x ${c.texts[1]}`) }); break;
        case 'description': await kit.api.update(id, { fields: { description: `d${i} ${c.texts[2]}` } }); break;
        case 'acl-add': await kit.api.addAce(id, 'read', `ROLE_EVCONF_ADD${i}`); break;
        case 'acl-put': await kit.api.putAcl(id, [{ allow: true, action: 'read', role: ADMIN_ROLE }, { allow: true, action: 'write', role: ADMIN_ROLE }, { allow: true, action: 'write', role: `ROLE_EVCONF_PUT${i}` }]); break;
        case 'reschedule':
          if (schedule && e.scheduled) await kit.api.putScheduling(id, { agent_id: agent, start: isoUtc(startOf(i, 1)), end: isoUtc(startOf(i, 1) + HOUR_MS / 2) });
          break;
      }
    }
  }
  return ids;
}

const ROW_RULES = ['events.list.rows', ...WITH_FLAGS.map(listRule), ...WITH_FLAGS.map(getRule)];

export const listRows = defineProperty<Case>({
  id: 'oracle-list-rows',
  title: 'Every list row agrees with its event, under every with* flag; every with* member with its sub-resource',
  rules: ROW_RULES,
  needs: { agents: ['events.list.withscheduling', 'events.get.withscheduling'] },
  runsFactor: 0.25,
  // Every read is narrowed to the case's own tag or its own events; schedules on the case's own capture agent.
  casesOverlap: true,
  cases: () => fc.record({
    texts: fc.array(wireText(), { minLength: 3, maxLength: 3 }),
    more: fc.array(fc.uniqueArray(fc.constantFrom(...WRITES), { maxLength: 2 }), { minLength: CLASSES.length, maxLength: CLASSES.length }),
    sort: fc.constantFrom(...SORTS),
    day: fc.integer({ min: 0, max: 4 * 365 }),
  }),
  async check(kit, c, rules) {
    const flags = WITH_FLAGS.filter((f) => rules.includes(listRule(f)) || rules.includes(getRule(f)));
    const schedule = flags.includes('scheduling');
    const ids = await setUp(kit, c, schedule);
    if (isBroken(ids)) return ids;
    await untilSettledStates(kit, ids);
    for (const r of rules) kit.exercised.add(r);
    const ctx: Ctx = { kit, ids, rules, flags, sort: c.sort };
    return kit.settle(rules.includes('events.list.rows') ? 'events.list.rows' : rules[0], () => attempt(ctx));
  },
});

