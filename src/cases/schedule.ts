import type { CaseKit } from './case.js';
import { isBroken, readEvent, readScheduling } from './reads.js';
import { broken, OK, type Verdict } from './verdict.js';

export interface WantedSchedule {
  agent_id: string;
  start: string;
  end: string;
}

const at = (s: string) => Date.parse(s);

/**
 * GET /scheduling shows `want` (instants compared, not text). When only the end differs and the event's
 * duration member shows the wanted length, GET /scheduling is at fault (scheduling.get.values), else `rule`.
 */
export async function scheduleIs(kit: CaseKit, id: string, want: WantedSchedule, rule: string, what: string): Promise<Verdict> {
  const s = await readScheduling(kit, id);
  if (isBroken(s)) return s;
  const sameStart = s.agent_id === want.agent_id && at(s.start) === at(want.start);
  if (sameStart && at(s.end) === at(want.end)) return OK;
  if (sameStart) {
    const ev = await readEvent(kit, id);
    if (!isBroken(ev) && Number(ev.duration) === at(want.end) - at(want.start)) {
      return broken('scheduling.get.values', `GET /scheduling shows an end other than the event's duration implies`, want, s);
    }
  }
  return broken(rule, `${what}: the schedule differs from what was requested`, want, s);
}
