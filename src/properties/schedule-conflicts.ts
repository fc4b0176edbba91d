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
  // the user's one agent (--agent-id) the cases run in turn (overlapping()).
  casesOverlap: true,
  rules: ['events.create.409', 'events.create.no-conflict'],
  needs: { agents: ['events.create.409', 'events.create.no-conflict'] },
  cases: (env) => scheduleOverlap({ agentPrefix: '', runId: propertyAgent(env, 'conflict'), maxExisting: 3 }),
  async check(kit: CaseKit, c) {
    const titles = c.existing.map((_, i) => kit.title(`existing ${i}`));
    const agent = kit.agent(c.agent_id);
    for (const [i, s] of c.existing.entries()) {
      const id = await mustCreate(kit, { fields: { title: titles[i] }, scheduling: { agent_id: agent, ...s } });
      if (typeof id !== 'string') return id;
      // The layout is only meaningful if the existing events hold exactly their spans.
      const held = await kit.settle('events.create.schedule-single', () => scheduleIs(kit, id, { agent_id: agent, ...s }, 'events.create.schedule-single', `existing event ${i}`));
      if (!held.ok) return held;
    }
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
