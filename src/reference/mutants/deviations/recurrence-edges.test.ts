import { RECURRENCE_EDGE_MUTANTS } from '../recurrence-edges.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { create } from '../../testkit.js';
import { D, occurrenceDays } from './http.js';

/**
 * RFC 5545 defaults and edges: each mutant against a clean server (see deviation-cases.ts). The expected days are
 * worked out by hand from RFC 5545 § 3.3.10 (2030-01-07 is a Monday; WKST default MO); the period ends 2030-01-31.
 */

function days(b: string, rrule: string): Promise<string[]> {
  return create(b, { fields: { title: 'R' }, scheduling: { agent_id: 'ag', start: D(7, '10:00'), end: D(31, '11:00'), duration: 3_600_000, rrule } })
    .then((r) => occurrenceDays(b, r.body));
}

const jan = (...d: number[]) => d.map((x) => `2030-01-${String(x).padStart(2, '0')}`);

const CASES: DeviationCase[] = [
  {
    mutant: 'rrule-wkst-ignored',
    run: async (b) => [await days(b, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU')],
    expected: [jan(7, 20, 21)],
    wrong: [jan(7, 13, 21, 27)],
  },
  {
    mutant: 'rrule-default-wkst-sunday',
    run: async (b) => [await days(b, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU')],
    expected: [jan(7, 13, 21, 27)],
    wrong: [jan(7, 20, 21)],
  },
  {
    mutant: 'rrule-interval-counts-byday-occurrences',
    run: async (b) => [await days(b, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE'), await days(b, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')],
    expected: [jan(7, 9, 21, 23), jan(8, 22)],
    wrong: [jan(7, 14, 21, 28), jan(8, 22)],
  },
  {
    mutant: 'rrule-bymonthday-clamped-to-month-end',
    run: async (b) => {
      const r = await create(b, { fields: { title: 'M' }, scheduling: { agent_id: 'ag', start: '2030-01-31T10:00:00Z', end: '2030-05-31T11:00:00Z', duration: 3_600_000, rrule: 'FREQ=MONTHLY;BYMONTHDAY=31' } });
      return [r.status, await occurrenceDays(b, r.body)];
    },
    expected: [200, ['2030-01-31', '2030-03-31', '2030-05-31']],
    wrong: [200, ['2030-01-31', '2030-02-28', '2030-03-31', '2030-04-30', '2030-05-31']],
  },
];

describeFamilyDeviations('planted bugs of RFC 5545 defaults and edges', RECURRENCE_EDGE_MUTANTS, CASES);
