import fc from 'fast-check';
import type { CaseKit } from '../cases/case.js';
import { ADMIN_ROLE } from '../cases/phase-env.js';
import { isBroken, mustCreateAll, readList } from '../cases/reads.js';
import { broken, OK, type Broken, type Verdict } from '../cases/verdict.js';
import type { CreateSpec } from '../cases/api.js';
import { defineProperty } from '../properties/types.js';
import { untilSettledStates } from './processed.js';
import { propertyAgent } from '../properties/agents.js';
import { isoUtc } from '../spec/datetime.js';
import { wireText } from '../generators/index.js';
import { learnedCatalogs, requiredFill, writableFields } from '../core/catalogs.js';
import { WITH_FLAGS } from './views.js';
import { CONSISTENCY_RULES, getRule, listRule, viewsAgree, type ConsistencyCtx } from './consistency.js';

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
  /** Day of the schedules (days after 2090-01-01). */
  day: number;
}

const SORTS = ['title:ASC', 'title:DESC', 'location:ASC', 'presenter:DESC', 'start_date:ASC', 'start_date:DESC'] as const;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/**
 * 2090-2093: on one shared capture agent (--agent-id) no stage schedules there (the scenarios from 2100, the probe 2094,
 * the properties with a range of their own 2095-2098 and 2120-2159, which run beside this one, stateful 2099: src/orchestrator/run.ts).
 * From 2095 its schedules met those of prop-conflicts (2095) and the others: 409 when two cases met in time.
 */
const BASE_MS = Date.UTC(2090, 0, 1);

/** Title letters by class: no sort of the titles is creation order. */
const TITLE_LETTERS = ['c', 'a', 'd', 'b'];

const WRITES: readonly Write[] = ['title', 'description', 'acl-add', 'acl-put', 'reschedule'];

/** The planned events of a case: the classes with the generated writes added. */
function planned(c: Case): PlannedEvent[] {
  // The generated writes first: each class's own writes come last (a title PUT last, say, not followed by an update).
  return CLASSES.map((e, i) => ({ ...e, writes: [...(c.more[i] ?? []).filter((w) => !e.writes.includes(w)), ...e.writes] }));
}

/** Creates the case's events, in order, then makes their writes. */
/** The text an event must show, and the rule of the write that put it there. */
interface Written {
  title: { value: string; rule: string };
  description?: { value: string; rule: string };
}

const ok2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

async function setUp(kit: CaseKit, c: Case, schedule: boolean, written: Written[]): Promise<string[] | Broken> {
  const agent = kit.agent(propertyAgent(kit.env, 'rows'));
  const startOf = (i: number, shift = 0) => BASE_MS + c.day * DAY_MS + (2 * i + shift) * HOUR_MS;
  const events = planned(c);
  // The first event also carries a catalog besides dublincore/episode (one the probe learned, with a field the server
  // lists as writable), the others not: a row that shows its neighbour's catalog differs from its event.
  const extra = ((cat) => {
    const f = cat ? writableFields(cat)[0] : undefined;
    return cat && f ? { flavor: cat.flavor, fields: { ...requiredFill(kit.env.caps, cat.flavor, [f.id], kit.tag), [f.id]: f.keys ? f.keys[0] : `${kit.tag} note` } } : undefined;
  })(learnedCatalogs(kit.env.caps)[0]);
  const specs: CreateSpec[] = events.map((e, i) => {
    const scheduled = schedule && e.scheduled;
    return {
      fields: { title: kit.title(`row${TITLE_LETTERS[i]} ${c.texts[0]}`), location: `${kit.tag}loc${i % 2}`, creator: i % 2 ? ['Pa', 'Pb'] : ['Pc'] },
      ...(e.extraAce ? { acl: [{ allow: true, action: 'read', role: ADMIN_ROLE }, { allow: true, action: 'write', role: ADMIN_ROLE }, { allow: true, action: 'read', role: `ROLE_EVCONF_ROW${i}` }] } : {}),
      ...(scheduled ? { scheduling: { agent_id: agent, start: isoUtc(startOf(i)), end: isoUtc(startOf(i) + HOUR_MS / 2) } } : {}),
      ...(!scheduled && e.media ? { media: true } : {}),
      ...(i === 0 && extra ? { extra } : {}),
    };
  });
  const ids = await mustCreateAll(kit, specs);
  if (isBroken(ids)) return ids;
  written.push(...specs.map((x) => ({ title: { value: x.fields.title as string, rule: 'events.create.metadata' } })));
  for (const [i, e] of events.entries()) {
    const id = ids[i];
    for (const w of e.writes) {
      // What the write answers is other checks' business: the views must agree whatever the server kept.
      switch (w) {
        case 'title': {
          const value = kit.title(`row${TITLE_LETTERS[i]}x ${c.texts[1]}`);
          if (ok2xx((await kit.api.putCatalog(id, { title: value })).status)) written[i].title = { value, rule: 'metadata.put.applies' };
          break;
        }
        case 'description': {
          const value = `d${i} ${c.texts[2]}`;
          if (ok2xx((await kit.api.update(id, { fields: { description: value } })).status)) written[i].description = { value, rule: 'events.update.metadata' };
          break;
        }
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


/** The rules of the writes whose text is judged in every view. */
const TEXT_RULES = ['events.create.metadata', 'metadata.put.applies', 'events.update.metadata'];

/**
 * Each event's title and description as last written (a write the server refused leaves the earlier text) in every
 * view that shows them: the list row (default order), the single GET, and the dublincore/episode catalog. The text
 * holds every wire-breaking piece (wireText), so a view that decodes, normalizes or re-encodes it differs.
 */
async function textEverywhere(kit: CaseKit, ids: string[], written: Written[], rules: readonly string[]): Promise<Verdict> {
  const list = await readList(kit, { filter: `textFilter:${kit.tag}` });
  if (isBroken(list)) return list;
  const rowOf = new Map((list as Record<string, unknown>[]).map((e) => [e?.identifier, e]));
  for (const [i, id] of ids.entries()) {
    const single = await kit.api.get(id);
    const catalog = await kit.api.catalog(id);
    const field = (k: string) => (Array.isArray(catalog.body) ? (catalog.body as { id?: unknown; value?: unknown }[]).find((f) => f?.id === k)?.value : undefined);
    const views: [string, (k: string) => unknown][] = [
      ['the list row', (k) => (rowOf.get(id) as Record<string, unknown> | undefined)?.[k]],
      ['GET /api/events/{id}', (k) => (single.status === 200 ? (single.body as Record<string, unknown> | undefined)?.[k] : undefined)],
      ['GET …/metadata?type=dublincore/episode', (k) => (catalog.status === 200 ? field(k) : undefined)],
    ];
    for (const [k, w] of [['title', written[i].title], ['description', written[i].description]] as const) {
      if (!w || !rules.includes(w.rule)) continue;
      for (const [where, read] of views) {
        const got = read(k);
        if (got !== undefined && got !== w.value) {
          return broken(w.rule, `the ${k} as written does not read back in ${where} (text holding + % / spaces, an accent composed and decomposed, an astral character)`, { event: id, [k]: w.value }, { event: id, [k]: got as string });
        }
      }
    }
  }
  return OK;
}

export const listRows = defineProperty<Case>({
  id: 'oracle-list-rows',
  title: 'Every list row agrees with its event, under every with* flag; every with* member with its sub-resource',
  rules: [...CONSISTENCY_RULES, ...TEXT_RULES],
  needs: { agents: ['events.list.withscheduling', 'events.get.withscheduling'] },
  runsFactor: 0.15,
  // Every read is narrowed to the case's own tag or its own events; schedules on the case's own capture agent.
  casesOverlap: true,
  // Its schedules lie in 2090-2093 (BASE_MS), where no other stage schedules on one shared capture agent; there a
  // case's schedules lie on its own day (setUp: four events two hours apart, each moved an hour at most), so only
  // cases drawn on the same day take turns (one after the other, index lag 1 s: 3 cases took 37 s).
  ownRange: true,
  spans: (c) => [[BASE_MS + c.day * DAY_MS, BASE_MS + c.day * DAY_MS + 8 * HOUR_MS]],
  cases: () => fc.record({
    texts: fc.array(wireText(), { minLength: 3, maxLength: 3 }),
    more: fc.array(fc.uniqueArray(fc.constantFrom(...WRITES), { maxLength: 2 }), { minLength: CLASSES.length, maxLength: CLASSES.length }),
    sort: fc.constantFrom(...SORTS),
    day: fc.integer({ min: 0, max: 4 * 365 }),
  }),
  async check(kit, c, rules) {
    const flags = WITH_FLAGS.filter((f) => rules.includes(listRule(f)) || rules.includes(getRule(f)));
    const schedule = flags.includes('scheduling');
    const written: Written[] = [];
    const ids = await setUp(kit, c, schedule, written);
    if (isBroken(ids)) return ids;
    await untilSettledStates(kit, ids);
    for (const r of rules) kit.exercised.add(r);
    // The text as written, in every view that shows it (the judgement of the write that put it there).
    if (TEXT_RULES.some((r) => rules.includes(r))) {
      const v = await kit.settle(TEXT_RULES.find((r) => rules.includes(r))!, () => textEverywhere(kit, ids, written, rules));
      if (!v.ok) return v;
    }
    const consistency = rules.filter((r) => CONSISTENCY_RULES.includes(r));
    if (consistency.length === 0) return OK;
    const ctx: ConsistencyCtx = { kit, ids, rules, flags, sort: c.sort };
    return kit.settle(consistency[0], () => viewsAgree(ctx));
  },
});

