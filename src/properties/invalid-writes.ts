import { INVALID_KINDS, invalidInput, type InvalidInput } from '../generators/index.js';
import type { CaseKit } from '../cases/case.js';
import { statusIs } from '../cases/expect.js';
import type { Reply } from '../cases/api.js';
import { judgeBy } from '../cases/judge.js';
import { isBroken, mustCreate, readList } from '../cases/reads.js';
import { broken, OK, type Verdict } from '../cases/verdict.js';
import { propertyAgent } from './agents.js';
import { defineProperty } from './types.js';
import { isoUtc } from '../spec/datetime.js';

const WRITE_KINDS = ['create-bad-json', 'create-end-and-duration', 'metadata-bad-json', 'scheduling-bad-json'] as const;
const START = '2098-03-01T10:00:00Z';
/**
 * Each case schedules at START + CASE_SHIFT × (its number mod CASE_WINDOWS): a schedule of a case lasts at most 120
 * minutes (src/generators/invalid-input.ts), under CASE_SHIFT, so cases in flight together never meet on one capture
 * agent (--agent-id) and overlap there too (ownWindows). The windows end before 2098-03-26.
 */
const CASE_SHIFT = 3 * 3_600_000;
const CASE_WINDOWS = 200;
/** The start of the case's own window. */
const caseStart = (kit: CaseKit) => isoUtc(Date.parse(START) + (kit.n % CASE_WINDOWS) * CASE_SHIFT);

/** Nothing with the case tag exists after a refused creation ("nothing is half-applied"). */
async function nothingCreated(kit: CaseKit, rule: string): Promise<Verdict> {
  const list = await readList(kit, { filter: `textFilter:${kit.tag}` }, { emptyExpected: true });
  if (isBroken(list)) return list;
  return list.length === 0 ? OK : broken(rule, 'the refused request created an event anyway', { events: 0 }, { events: list.length });
}

const MEMBER_EQUALS = judgeBy('member-equals');

/** The state read by `read` is the same JSON before and after `write` (check member-equals), which must answer 400. */
async function refusedUnchanged(kit: CaseKit, rule: string, what: string, read: () => Promise<Reply>, write: () => Promise<Reply>): Promise<Verdict> {
  const before = await read();
  const s = statusIs(kit.env, await write(), [400], rule, what);
  if (!s.ok) return s;
  const after = await read();
  // Two reads that are not JSON show no change (what they answer is the read rules' business).
  if (!('body' in before) && !('body' in after)) return OK;
  return MEMBER_EQUALS(kit.env, after, rule, { path: '', value: before.body }, `${what} was refused but changed the event`);
}

async function checkOne(kit: CaseKit, x: InvalidInput): Promise<Verdict> {
  kit.exercised.add(x.rule);
  const title = kit.title('invalid');
  switch (x.kind) {
    case 'create-bad-json': {
      const r = await kit.api.create({ fields: { title }, raw: { [x.part]: x.text } });
      const s = statusIs(kit.env, r, [400], x.rule, `POST /api/events with a '${x.part}' part that is not JSON`);
      return s.ok ? nothingCreated(kit, x.rule) : s;
    }
    case 'create-end-and-duration': {
      const at = caseStart(kit);
      const scheduling = { agent_id: kit.agent(propertyAgent(kit.env, 'invalid')), start: at, end: isoUtc(Date.parse(at) + x.endMinutes * 60_000), duration: x.durationMinutes * 60_000 };
      const s = statusIs(kit.env, await kit.api.create({ fields: { title }, scheduling }), [400], x.rule, 'POST /api/events with both end and duration');
      return s.ok ? nothingCreated(kit, x.rule) : s;
    }
    case 'metadata-bad-json': {
      const id = await mustCreate(kit, { fields: { title, description: 'before' } });
      if (typeof id !== 'string') return id;
      return refusedUnchanged(kit, x.rule, 'PUT /metadata with values that are not JSON', () => kit.api.catalog(id), () => kit.api.putCatalog(id, x.text));
    }
    case 'scheduling-bad-json': {
      const id = await mustCreate(kit, { fields: { title }, scheduling: { agent_id: kit.agent(propertyAgent(kit.env, 'invalid')), start: caseStart(kit), duration: 600_000 } });
      if (typeof id !== 'string') return id;
      return refusedUnchanged(kit, x.rule, 'PUT /scheduling with a scheduling parameter that is not JSON', () => kit.api.scheduling(id), () => kit.api.putScheduling(id, x.text));
    }
    default:
      return broken(x.rule, `evconf bug: ${x.kind} is not a write`);
  }
}

/**
 * Invalid writes give 400 and change nothing (spec § Errors: 400 "Invalid or inconsistent request (event
 * creation, metadata update, scheduling update)"; § Scheduling rules: "Giving both end and duration is invalid.").
 * Rules events.create.400, events.create.schedule-both, metadata.put.400, scheduling.put.400 (all MUST).
 */
export const invalidWrites = defineProperty<InvalidInput>({
  id: 'prop-invalid-writes',
  title: 'Invalid creations and updates are refused with 400 and change nothing',
  runsFactor: 2,
  rules: INVALID_KINDS.filter((k) => (WRITE_KINDS as readonly string[]).includes(k.kind)).map((k) => k.rule),
  cases: (env, rules) => invalidInput({ version: env.version, kinds: INVALID_KINDS.filter((k) => rules.includes(k.rule) && (WRITE_KINDS as readonly string[]).includes(k.kind)).map((k) => k.kind) }),
  needs: { agents: ['events.create.schedule-both', 'scheduling.put.400'] },
  // Each case reads back only what it wrote: its own event by id, or its own tag (textFilter) after a refused
  // creation. Its schedule at START is on the case's own capture agent (CaseKit.agent: unique per case), and
  // conflicts are per agent; on the user's one agent (--agent-id) each case schedules in a window of its own (caseStart).
  casesOverlap: true,
  ownWindows: true,
  // Its schedules lie from 2098-03-01 (START) to 2098-03-26, days no other property or stage uses.
  ownRange: true,
  check: checkOne,
});
