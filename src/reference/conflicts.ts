import type { EventStore } from './store.js';
import { isoSeconds } from './time.js';
import type { Schedule } from './types.js';
import type { BugFn } from './bug.js';

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

const DAY_MS = 86_400_000;

/** The planted bug create-conflict-same-day: days are compared, not times. */
function sameDay(a: Schedule, b: Schedule): boolean {
  return a.agentId === b.agentId && Math.floor(a.startMs / DAY_MS) === Math.floor(b.startMs / DAY_MS);
}

/**
 * Conflicts of `planned` with the scheduled events of the same agents (excluding `excludeId`, the event being
 * updated) and among the planned schedules themselves (titled `title`). `bug` plants create-conflict-same-day.
 */
export function findConflicts(store: EventStore, planned: Schedule[], title: string, excludeId?: string, bug?: BugFn, rules: ConflictRules = {}): ConflictEntry[] {
  const meet = rules.touching ? touches : overlaps;
  const clash = bug?.('create-conflict-same-day') ? sameDay : meet;
  const out: ConflictEntry[] = [];
  const seen = new Set<string>();
  for (const p of planned) {
    for (const id of store.lookup('agent_id', p.agentId)) {
      const rec = store.get(id);
      if (id === excludeId || seen.has(id) || !rec?.schedule || !clash(rec.schedule, p)) continue;
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
