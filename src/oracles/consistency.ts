import type { CaseKit } from '../cases/case.js';
import { isBroken, readList } from '../cases/reads.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import { addedMembers, differingMembers, flagParam, memberVersusResource, processing, PROCESSING_MEMBERS, WITH_FLAGS, type SubRead, type WithFlag } from './views.js';

/**
 * The consistency oracle's judgement, shared by the property oracle-list-rows (list-rows.ts) and the stateful stage's
 * list command (src/stateful/commands/list-events.ts): every row of the list of `ids` (textFilter on the case or
 * sequence tag), under every with* flag, in the default order and in `sort`, agrees member by member with the single
 * GET of its event with the same flags; every with* member (row and single GET) agrees with the event's
 * sub-resource; a flag never changes which events are listed. One call is one attempt (CaseKit.settle repeats it).
 */

/** The rules of one flag: the list's and the single GET's. */
export const listRule = (f: WithFlag) => `events.list.${flagParam(f)}`;
export const getRule = (f: WithFlag) => `events.get.${flagParam(f)}`;

/** The sub-resource path of a flag. */
const SUB_PATH: Record<WithFlag, string> = { acl: '/acl', metadata: '/metadata', publications: '/publications', scheduling: '/scheduling' };

type Obj = Record<string, unknown>;

export interface ConsistencyCtx {
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
async function rows(c: ConsistencyCtx, flags: readonly WithFlag[], sort?: string): Promise<Obj[] | Broken> {
  const query: Record<string, string | undefined> = { filter: `textFilter:${c.kit.tag}`, ...(sort ? { sort } : {}) };
  for (const f of flags) query[flagParam(f)] = 'true';
  const list = await readList(c.kit, query, { refusalRule: flags.length === 1 ? listRule(flags[0]) : 'events.list.rows' });
  return isBroken(list) ? list : (list.filter((e) => typeof e === 'object' && e !== null && !Array.isArray(e)) as Obj[]);
}

const idOf = (e: Obj) => (typeof e.identifier === 'string' ? e.identifier : '?');

/** Whether a rule is judged in this run (selected and applicable). */
const judged = (c: ConsistencyCtx, rule: string) => c.rules.includes(rule);

/** One attempt: every view read once, in an order that reads each pair to compare back to back. */
export async function viewsAgree(c: ConsistencyCtx): Promise<Verdict> {
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
    for (const sort of [...new Set([undefined, c.sort])]) {
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
function judgeRow(c: ConsistencyCtx, f: WithFlag, row: Obj, s: Obj | undefined, plainRow: Obj, plainSingle: Obj | undefined, sub: SubRead, sort: string | undefined): Broken | undefined {
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
function compareRow(c: ConsistencyCtx, row: Obj, s: Obj | undefined, flags: readonly WithFlag[], added: ReadonlyMap<string, WithFlag>): Broken | undefined {
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

/** The rules the consistency oracle judges. */
export const CONSISTENCY_RULES: readonly string[] = ['events.list.rows', ...WITH_FLAGS.map(listRule), ...WITH_FLAGS.map(getRule)];
