import { recurringSchedule, type RecurringSchedule } from '../../generators/index.js';
import { isBroken, objectBody, statusIs } from '../../stateful/kit/expect.js';
import { broken, OK, type Verdict } from '../../stateful/kit/verdict.js';
import type { CaseKit } from '../../stateful/kit/case.js';
import { defineProperty } from './types.js';
import { propertyAgent } from './agents.js';

const iso = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(Date.parse(v)).toISOString().slice(0, 19) + 'Z' : String(v));

/** Each created event's scheduling: exactly the expected starts, each with the requested duration and agent. */
async function occurrencesAre(kit: CaseKit, ids: string[], s: RecurringSchedule): Promise<Verdict> {
  const rule = 'events.create.rrule';
  const got: { start: string; end: string; agent_id: unknown }[] = [];
  for (const id of ids) {
    const o = objectBody(await kit.api.scheduling(id), rule, 'GET /api/events/{id}/scheduling of a created occurrence');
    if (isBroken(o)) return o;
    got.push({ start: iso(o.start), end: iso(o.end), agent_id: o.agent_id });
  }
  got.sort((a, b) => a.start.localeCompare(b.start));
  const starts = got.map((g) => g.start);
  if (starts.join() !== s.occurrences.join()) {
    return broken(rule, `the events created are not the occurrences the rule determines (${starts.length} created at other times than the ${s.occurrences.length} expected)`, { starts: s.occurrences }, { starts });
  }
  for (const g of got) {
    const ms = Date.parse(g.end) - Date.parse(g.start);
    if (ms !== s.request.duration) return broken(rule, `the occurrence at ${g.start} lasts ${ms} ms, not the requested duration`, { duration: s.request.duration }, { start: g.start, end: g.end });
    if (g.agent_id !== s.request.agent_id) return broken(rule, `the occurrence at ${g.start} is on another capture agent`, { agent_id: s.request.agent_id }, { agent_id: g.agent_id ?? null });
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
  cases: (env) => recurringSchedule({ agentPrefix: '', runId: propertyAgent(env, 'rrule'), maxOccurrences: 6 }),
  runsFactor: 0.75,
  async check(kit, s) {
    const r = await kit.api.create({ fields: { title: kit.title('rrule') }, scheduling: { ...s.request } });
    kit.exercised.add('events.create.rrule-200');
    const st = statusIs(r, [200], 'events.create.rrule-200', 'POST /api/events with an rrule');
    if (!st.ok) return r.status === 400 || r.status === 409 ? broken('events.create.rrule', `a valid recurring schedule was refused with ${r.status}`, { status: 200 }, { status: r.status, body: r.ex.response?.body.slice(0, 300) ?? '' }) : st;
    if (!Array.isArray(r.body)) return broken('events.create.rrule-200', 'the 200 body is not an array of {identifier}', 'array', r.ex.response?.body.slice(0, 300) ?? '');
    if (r.ids.length !== r.body.length) return broken('events.create.rrule-200', 'an element of the 200 body has no string identifier', 'array of {identifier}', r.body.slice(0, 5));
    return kit.settle('events.create.rrule', () => occurrencesAre(kit, r.ids, s));
  },
});
