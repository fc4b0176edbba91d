import type { Ctx } from '../app.js';
import type { ConflictEntry } from '../conflicts.js';
import { isoSeconds } from '../time.js';
import type { EventRecord, Schedule } from '../types.js';
import { LATE_MS, nth } from './spec-state.js';
import { family } from './types.js';

/**
 * Scheduling mutants written from the spec alone (spec § POST /api/events: "409: scheduling conflict"; § Scheduling
 * information: PUT "204 (updated); 400; 404; 409 with an array of conflict entries"; "Form parameter allowConflict
 * (boolean, default false, since 1.2.0)"). Bug sites: handlers/create.ts and handlers/scheduling.ts.
 */
export const SPEC_SCHEDULING_MUTANTS = family({
  'spec-create-409-lands-late': {
    rule: 'events.create.409',
    description: 'A creation refused with 409 (conflict) is queued anyway: the events appear about a second later.',
    since: '1.1.0',
  },
  'spec-scheduling-409-lands-late': {
    rule: 'scheduling.put.409',
    description: 'A PUT …/scheduling refused with 409 (conflict) is applied about a second later.',
    since: '1.1.0',
  },
  'spec-scheduling-put-agent-ignored': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling applies start and end but keeps the old agent_id.',
    since: '1.1.0',
  },
  'spec-conflict-next-recording-only': {
    rule: 'events.create.409',
    description: 'Creation checks conflicts only against the earliest scheduled event of each capture agent: an overlap with a later one is created (201).',
    since: '1.1.0',
  },
  'spec-allow-conflict-late': {
    rule: 'scheduling.put.allow-conflict',
    description: 'allowConflict arrives one version late: 1.2.0 ignores it (the conflict check runs, 409).',
    since: '1.2.0',
    until: '1.2.0',
  },
});

/** Bug site (handlers/create.ts, before a 409): a buggy server still runs `insert` LATE_MS later. */
export function lateCreate(ctx: Ctx, insert: () => void): void {
  if (ctx.app.bug('spec-create-409-lands-late')) ctx.app.timers.after(`spec-late-create:${nth(ctx.app, 'late-create')}`, LATE_MS, insert);
}

/** Bug site (handlers/scheduling.ts, before a 409): a buggy server still applies `next` LATE_MS later. */
export function lateSchedule(ctx: Ctx, rec: EventRecord, next: Schedule): void {
  const { app } = ctx;
  if (!app.bug('spec-scheduling-409-lands-late')) return;
  app.timers.after(`spec-late-schedule:${rec.id}`, LATE_MS, () => {
    if (app.store.get(rec.id) !== rec) return;
    rec.schedule = next;
    rec.archiveVersion++;
    app.store.commit(rec);
  });
}

/** Bug site (handlers/scheduling.ts): the schedule a PUT stores. */
export function scheduleBugs(ctx: Ctx, cur: Schedule, next: Schedule): Schedule {
  return ctx.app.bug('spec-scheduling-put-agent-ignored') ? { ...next, agentId: cur.agentId } : next;
}

/** Bug site (handlers/scheduling.ts): false where a buggy server does not honour allowConflict yet. */
export function allowConflictKnown(ctx: Ctx): boolean {
  return !(ctx.app.bug('spec-allow-conflict-late') && ctx.version === '1.2.0');
}

/** Bug site (handlers/create.ts): the conflicts a server checking only each agent's earliest recording finds. */
export function conflictBugs(ctx: Ctx, conflicts: ConflictEntry[], plan: Schedule[]): ConflictEntry[] {
  if (!ctx.app.bug('spec-conflict-next-recording-only')) return conflicts;
  const { store } = ctx.app;
  const earliest = new Set<string>();
  for (const agent of new Set(plan.map((p) => p.agentId))) {
    let first: Schedule | undefined;
    for (const id of store.lookup('agent_id', agent)) {
      const s = store.get(id)?.schedule;
      if (s && (!first || s.startMs < first.startMs)) first = s;
    }
    if (first) earliest.add(`${isoSeconds(first.startMs)}/${isoSeconds(first.endMs)}`);
  }
  const planned = new Set(plan.map((p) => `${isoSeconds(p.startMs)}/${isoSeconds(p.endMs)}`));
  return conflicts.filter((c) => earliest.has(`${c.start}/${c.end}`) || planned.has(`${c.start}/${c.end}`));
}
