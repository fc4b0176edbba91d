import type { Ctx } from '../app.js';
import type { EventRecord, Schedule } from '../types.js';
import { family } from './types.js';

/**
 * Processing-state mutants of the third spec-only round, author A (spec § States and transitions: "The field
 * processing_state of an event takes these values. INSTANTIATED | Scheduled to be recorded ... PAUSED | Paused,
 * waiting for a resource or paused by a user ..."). Bug site: mutants/spec3a-flags.ts spec3aGetBody (the single GET);
 * the scheduling PUT records what these read (mutants/spec3a-scheduling.ts spec3aPutNext).
 */
export const SPEC3A_STATE_MUTANTS = family({
  'spec3a-state-scheduled-after-put': {
    rule: 'events.get.processing-state',
    description: 'After a PUT …/scheduling the single GET shows processing_state "SCHEDULED" (the status enum\'s name) instead of INSTANTIATED; not a value of the States table.',
    since: '1.1.0',
  },
  'spec3a-state-queued-behind-other': {
    rule: 'events.get.processing-state',
    description: 'An uploaded event whose processing waits behind an earlier event still RUNNING shows processing_state "QUEUED" (not a value of the States table; PAUSED means "waiting for a resource").',
    // Seen only while two uploads process at once: 50 ms of processing rarely overlaps on a busy 2-core machine.
    selftest: { processingDelayMs: 1_500 },
  },
});

/** Events whose schedule was changed by PUT …/scheduling, and the schedule each had before its first PUT. */
const rescheduled = new WeakMap<EventRecord, Schedule>();

/** Bug-site helper (mutants/spec3a-scheduling.ts, on PUT …/scheduling): remembers the schedule before the first PUT. */
export function rememberPut(rec: EventRecord): void {
  if (rec.schedule && !rescheduled.has(rec)) rescheduled.set(rec, { ...rec.schedule });
}

/** The schedule event `rec` had before its first PUT …/scheduling; undefined when never PUT. */
export function scheduleBeforePut(rec: EventRecord): Schedule | undefined {
  return rescheduled.get(rec);
}

/** Bug site (via spec3aGetBody): processing_state as a buggy server shows it on the single GET. */
export function shownState(ctx: Ctx, rec: EventRecord, state: unknown): unknown {
  const { bug, store } = ctx.app;
  if (bug('spec3a-state-scheduled-after-put') && state === 'INSTANTIATED' && rescheduled.has(rec)) return 'SCHEDULED';
  if (bug('spec3a-state-queued-behind-other') && state === 'RUNNING') {
    for (const other of store.values()) if (other.seq < rec.seq && other.processingState === 'RUNNING' && !other.schedule) return 'QUEUED';
  }
  return state;
}
