import { scheduleOverlap, type ScheduleOverlap } from '../generators/index.js';
import type { CaseKit } from '../cases/case.js';
import { statusIs } from '../cases/expect.js';
import { judgeBy } from '../cases/judge.js';
import { broken, OK } from '../cases/verdict.js';
import { propertyAgent } from './agents.js';
import { mustCreate } from '../cases/reads.js';
import { scheduleIs } from '../cases/schedule.js';
import { defineProperty } from './types.js';

const CONFLICTS_AMONG = judgeBy('conflicts-among');

const DAY_MS = 86_400_000;
/** Cases in flight together get distinct days: the layout is moved to day 2 × (case number mod CASE_DAYS) of 2095. */
const CASE_DAYS = 150;
const YEAR_START = Date.UTC(2095, 0, 1);

/** The case moved, as a whole, to the days of its own (its layout spans less than two days): another case's never meet it. */
function ownDays(c: ScheduleOverlap, n: number): ScheduleOverlap {
  const first = Date.parse(c.existing[0]?.start ?? c.candidate.start);
  const delta = YEAR_START + (n % CASE_DAYS) * 2 * DAY_MS - Math.floor(first / DAY_MS) * DAY_MS;
  const move = (x: string) => new Date(Date.parse(x) + delta).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const span = (sp: { start: string; end: string }) => ({ ...sp, start: move(sp.start), end: move(sp.end) });
  return { ...c, existing: c.existing.map(span), candidate: span(c.candidate) };
}

/**
 * Overlapping schedules on one agent conflict, disjoint ones do not (spec § POST /api/events: "409: scheduling
 * conflict. The body is an array of conflict entries."; § Errors: 409 "Scheduling conflict on creation"). Times
 * overlap or are apart by at least 15 minutes, never touching. Rules events.create.409, events.create.no-conflict.
 */
export const scheduleConflicts = defineProperty<ScheduleOverlap>({
  id: 'prop-conflicts',
  title: 'Overlapping schedules on one agent conflict (409 naming conflicting events); disjoint ones do not',
  runsFactor: 2.5,
  // The existing events and the candidate of a case share a capture agent of the case's own (CaseKit.agent: `c<n>`
  // per case), and conflicts are per agent (spec § Conflict entry), so another case's windows never meet them; on
  // the user's one agent (--agent-id) each case lies on days of its own (ownDays), so they overlap there too.
  casesOverlap: true,
  ownWindows: true,
  // Its schedules lie in 2095, a year no other property or stage uses.
  ownRange: true,
  rules: ['events.create.409', 'events.create.no-conflict'],
  needs: { agents: ['events.create.409', 'events.create.no-conflict'] },
  cases: (env) => scheduleOverlap({ agentPrefix: '', runId: propertyAgent(env, 'conflict'), maxExisting: 3, yearFrom: 2095, yearTo: 2095 }),
  async check(kit: CaseKit, generated) {
    const c = ownDays(generated, kit.n);
    const titles = c.existing.map((_, i) => kit.title(`existing ${i}`));
    const agent = kit.agent(c.agent_id);
    // The existing events never overlap each other: created and read back side by side, so that a case waits for
    // the server's index once, not once per event (the chain of dependent reads is one write long).
    const made = await Promise.all(c.existing.map(async (s, i) => {
      const id = await mustCreate(kit, { fields: { title: titles[i] }, scheduling: { agent_id: agent, ...s } });
      if (typeof id !== 'string') return id;
      // The layout is only meaningful if the existing events hold exactly their spans.
      return kit.settle('events.create.schedule-single', () => scheduleIs(kit, id, { agent_id: agent, ...s }, 'events.create.schedule-single', `existing event ${i}`));
    }));
    const notHeld = made.find((m) => !m.ok);
    if (notHeld) return notHeld;
    const r = await kit.api.create({ fields: { title: kit.title('candidate') }, scheduling: { agent_id: agent, ...c.candidate } });
    if (c.overlaps.length === 0) {
      // Counted only now that the case is known to be disjoint.
      kit.exercised.add('events.create.no-conflict');
      if (r.ids.length > 0) return OK;
      return broken('events.create.no-conflict', `a schedule disjoint from every other on its agent was refused with ${r.status ?? r.ex.error?.code}`, { status: 201 }, { status: r.status ?? null, body: r.ex.response?.body.slice(0, 300) ?? '' });
    }
    kit.exercised.add('events.create.409');
    const st = statusIs(kit.env, r, [409], 'events.create.409', `a schedule overlapping ${c.overlaps.length} event(s) on its agent`);
    if (!st.ok) return st;
    // The 409 body names conflicting events only, at least one (check conflicts-among).
    const events = c.overlaps.map((i) => ({ title: titles[i], start: c.existing[i].start, end: c.existing[i].end }));
    return CONFLICTS_AMONG(kit.env, r, 'events.create.409', { events });
  },
});
