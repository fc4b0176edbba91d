import type { CaseKit } from './case.js';
import { judgeBy } from './judge.js';
import { isBroken, readEvent, readScheduling } from './reads.js';
import { broken, OK, type Verdict } from './verdict.js';

export interface WantedSchedule {
  agent_id: string;
  start: string;
  end: string;
}

const SCHEDULE_IS = judgeBy('schedule-is');
const at = (s: string) => Date.parse(s);

/**
 * GET /scheduling shows `want` (check schedule-is: instants compared, not text). When only the end differs and
 * the event's duration member shows the wanted length, GET /scheduling is at fault (scheduling.get.values), else `rule`.
 */
export async function scheduleIs(kit: CaseKit, id: string, want: WantedSchedule, rule: string, what: string): Promise<Verdict> {
  const s = await readScheduling(kit, id);
  if (isBroken(s)) return s;
  const v = SCHEDULE_IS(kit.env, s.reply, rule, { agent: want.agent_id, start: want.start, end: want.end }, what);
  if (v.ok) return OK;
  if (s.agent_id === want.agent_id && at(s.start) === at(want.start)) {
    const ev = await readEvent(kit, id);
    if (!isBroken(ev) && Number(ev.duration) === at(want.end) - at(want.start)) {
      return broken('scheduling.get.values', `GET /scheduling shows an end other than the event's duration implies`, want, { agent_id: s.agent_id, start: s.start, end: s.end });
    }
  }
  return v;
}
