import type { EventStore } from './store.js';
import { isoSeconds } from './time.js';
import type { Schedule } from './types.js';

/** Scheduling conflicts (spec § Conflict entry; 409 "The body is an array of conflict entries (start, end, title)"). */

export interface ConflictEntry {
  start: string;
  end: string;
  title: string;
}

function overlaps(a: Schedule, b: Schedule): boolean {
  return a.agentId === b.agentId && a.startMs < b.endMs && b.startMs < a.endMs;
}

/** Latitude choice conflict-touching=conflict: recordings that only touch (end = next start) conflict too. */
function touches(a: Schedule, b: Schedule): boolean {
  return a.agentId === b.agentId && a.startMs <= b.endMs && b.startMs <= a.endMs;
}

/** Readings of the conflict check the latitude mode picks (src/reference/latitude/conflicts.ts). */
export interface ConflictRules {
  touching?: boolean;
  firstOnly?: boolean;
}

/** Whether two schedules clash. */
export type Clash = (a: Schedule, b: Schedule) => boolean;

/**
 * Conflicts of `planned` with the scheduled events of the same agents (excluding `excludeId`, the event being
 * updated) and among the planned schedules themselves (titled `title`). `clash`: how the plan is compared with the
 * stored events (undefined = as the planned ones among themselves: overlap, or touch by the rules; a planted bug of
 * hook point writePlan compares otherwise).
 */
export function findConflicts(store: EventStore, planned: Schedule[], title: string, excludeId?: string, clash?: Clash, rules: ConflictRules = {}): ConflictEntry[] {
  const meet = rules.touching ? touches : overlaps;
  const withStored = clash ?? meet;
  const out: ConflictEntry[] = [];
  const seen = new Set<string>();
  for (const p of planned) {
    for (const id of store.lookup('agent_id', p.agentId)) {
      const rec = store.get(id);
      if (id === excludeId || seen.has(id) || !rec?.schedule || !withStored(rec.schedule, p)) continue;
      seen.add(id);
      out.push({ start: isoSeconds(rec.schedule.startMs), end: isoSeconds(rec.schedule.endMs), title: rec.episode.title });
    }
  }
  const sorted = [...planned].sort((a, b) => a.startMs - b.startMs);
  const clashing = new Set<Schedule>();
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].startMs <= sorted[i].endMs; j++) {
      if (meet(sorted[i], sorted[j])) clashing.add(sorted[i]).add(sorted[j]);
    }
  }
  for (const s of clashing) out.push({ start: isoSeconds(s.startMs), end: isoSeconds(s.endMs), title });
  return rules.firstOnly ? out.slice(0, 1) : out;
}
