import { recurringSchedule, type RecurringSchedule } from '../generators/index.js';
import { firstFailing, jsonTypeIs, statusIs } from '../cases/expect.js';
import { judgeBy } from '../cases/judge.js';
import { isBroken, readScheduling } from '../cases/reads.js';
import { scheduleIs } from '../cases/schedule.js';
import { broken, OK, type Verdict } from '../cases/verdict.js';
import type { CaseKit } from '../cases/case.js';
import { defineProperty } from './types.js';
import { propertyAgent } from './agents.js';
import { isoInstant } from '../spec/precision.js';

/**
 * A shown start as its exact instant (no fraction cut away). The generator's occurrences and durations are whole
 * minutes, so every precision a server may keep shows them exactly (src/spec/precision.ts).
 */
const iso = (v: string) => isoInstant(Date.parse(v));
const SCHEMA = judgeBy('schema');

/** The created events are exactly the expected occurrences, each with the requested duration and agent. */
async function occurrencesAre(kit: CaseKit, ids: string[], s: RecurringSchedule, agent: string): Promise<Verdict> {
  const rule = 'events.create.rrule';
  const starts: { id: string; start: string }[] = [];
  for (const id of ids) {
    const o = await readScheduling(kit, id);
    if (isBroken(o)) return o;
    starts.push({ id, start: iso(o.start) });
  }
  starts.sort((a, b) => a.start.localeCompare(b.start));
  const got = starts.map((x) => x.start);
  if (got.join() !== s.occurrences.join()) {
    return broken(rule, `the events created are not the occurrences the rule determines (${got.length} created at other times than the ${s.occurrences.length} expected)`, { starts: s.occurrences }, { starts: got });
  }
  for (const { id, start } of starts) {
    const end = isoInstant(Date.parse(start) + s.request.duration);
    const v = await scheduleIs(kit, id, { agent_id: agent, start, end }, rule, `the occurrence at ${start} (requested duration and agent)`);
    if (!v.ok) return v;
  }
  return OK;
}

/**
 * A recurring schedule creates exactly its occurrences, each with the requested duration and agent (spec § POST
 * /api/events, Scheduling rule 3: "The rule determines the dates and times within the period from start to end
 * plus duration"; 200 with an array of identifiers). Expected occurrences come from the `rrule` package.
 * Rules events.create.rrule, events.create.rrule-200.
 */
export const rruleOccurrences = defineProperty<RecurringSchedule>({
  id: 'prop-rrule',
  title: 'A recurring schedule creates exactly its occurrences',
  rules: ['events.create.rrule', 'events.create.rrule-200'],
  needs: { agents: ['events.create.rrule', 'events.create.rrule-200'] },
  // Its schedules lie in 2120-2159 (and the months after), a range no other property or stage uses. On one shared
  // capture agent (--agent-id) cases whose periods meet take turns (spans, below); a period lasts up to four months,
  // so in one year most cases met another and ran one after the other (40 cases, index lag 1 s: 36 s), in forty they
  // seldom meet.
  ownRange: true,
  cases: (env) => recurringSchedule({ agentPrefix: '', runId: propertyAgent(env, 'rrule'), maxOccurrences: 6, yearFrom: 2120, yearTo: 2159 }),
  runsFactor: 2,
  // Each case schedules on a capture agent of its own (CaseKit.agent: `c<n>` per case; conflicts are per agent),
  // reads its own events by id; on the user's one agent (--agent-id) only cases whose periods meet take turns.
  casesOverlap: true,
  // The period a case's occurrences lie in: start to end plus duration (spec § POST /api/events, Scheduling rule 3:
  // "The rule determines the dates and times within the period from start to end plus duration").
  spans: (s) => [[Date.parse(s.request.start), Date.parse(s.request.end) + s.request.duration]],
  async check(kit, s) {
    const agent = kit.agent(s.request.agent_id);
    const r = await kit.api.create({ fields: { title: kit.title('rrule') }, scheduling: { ...s.request, agent_id: agent } });
    kit.exercised.add('events.create.rrule-200');
    const st = statusIs(kit.env, r, [200], 'events.create.rrule-200', 'POST /api/events with an rrule');
    if (!st.ok) return r.status === 400 || r.status === 409 ? broken('events.create.rrule', `a valid recurring schedule was refused with ${r.status}`, { status: 200 }, { status: r.status, body: r.ex.response?.body.slice(0, 300) ?? '' }) : st;
    // An array of {identifier} (checks json-type, schema create-200: as the scenario judges it).
    const body = firstFailing(jsonTypeIs(kit.env, r, 'array', 'events.create.rrule-200', 'the 200 body'), () => SCHEMA(kit.env, r, 'events.create.rrule-200', { shape: 'create-200' }, 'the 200 body'));
    if (!body.ok) return body;
    return kit.settle('events.create.rrule', () => occurrencesAre(kit, r.ids, s, agent));
  },
});
