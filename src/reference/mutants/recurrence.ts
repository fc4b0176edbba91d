import type { Ctx } from '../app.js';
import type { ScheduleInput } from '../schedule.js';
import { family } from './types.js';

/**
 * Planted bugs in the expansion of recurrence rules (RFC 5545 § 3.3.10, as spec § POST /api/events Scheduling rule 3
 * uses it): the proof that the property prop-rrule, judged against evconf's own expansion (src/generators/
 * rrule-expand.ts, not the `rrule` package the reference server uses), can fail on the RFC's defaults and edges.
 */
export const RECURRENCE_MUTANTS = family({
  'rrule-wkst-ignored': {
    rule: 'events.create.rrule',
    description: 'WKST in the rrule is ignored (weeks always start on Monday): FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU creates the events of Monday-started fortnights (Aug 5, 10, 19, 24 instead of Aug 5, 17, 19, 31 in the RFC\'s example); rules with INTERVAL=1, without BYDAY or with WKST=MO are right.',
    since: '1.1.0',
  },
});

/** Bug site (hook createParts.scheduling): WKST dropped from the rule. */
export function recurrenceWkstIgnored(ctx: Ctx, s: ScheduleInput | undefined): ScheduleInput | undefined {
  if (!s?.rrule || !ctx.app.bug('rrule-wkst-ignored')) return s;
  s.rrule = s.rrule.split(';').filter((p) => !/^\s*WKST\s*=/i.test(p)).join(';');
  return s;
}
