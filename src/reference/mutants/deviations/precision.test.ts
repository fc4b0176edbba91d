import { PRECISION_MUTANTS } from '../precision.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { call, create } from '../../testkit.js';
import { D, get, H, mk, rows, titles } from './http.js';

/** Precision and rounding: each mutant against a clean server, by one direct HTTP exchange (see deviation-cases.ts). */

const CASES: DeviationCase[] = [
  {
    mutant: 'schedule-end-duration-whole-minutes',
    run: async (b) => {
      const end = async (day: number, duration: number) => {
        const r = await create(b, { fields: { title: `S${day}` }, scheduling: { agent_id: 'ag', start: D(day, '10:00'), duration } });
        return (await call(b, `/api/events/${r.body.identifier as string}/scheduling`)).body.end;
      };
      return [await end(2, 5_430_000), await end(3, 3_600_000)];
    },
    expected: [D(2, '11:30').replace(':00Z', ':30Z'), D(3, '11:00')],
    wrong: [D(2, '11:30'), D(3, '11:00')],
  },
  {
    mutant: 'start-bibliographic-seconds-dropped',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2030-01-01', startTime: '10:15:30Z' });
      const whole = await mk(b, { title: 'B', startDate: '2030-01-01', startTime: '11:00:00Z' });
      return [(await get(b, id)).start, (await rows(b, '?sort=title:ASC'))[0].start, (await get(b, whole)).start];
    },
    expected: ['2030-01-01T10:15:30Z', '2030-01-01T10:15:30Z', H('11:00')],
    wrong: ['2030-01-01T10:15:00Z', '2030-01-01T10:15:30Z', H('11:00')],
  },
  {
    mutant: 'filter-start-from-cut-to-minute',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-01-01', startTime: '10:00:00Z' });
      await mk(b, { title: 'B', startDate: '2030-01-01', startTime: '10:00:40Z' });
      await mk(b, { title: 'C', startDate: '2030-01-01', startTime: '10:01:00Z' });
      const q = (from: string, to: string) => titles(b, `?sort=title:ASC&filter=${encodeURIComponent(`start:${from}/${to}`)}`);
      return [await q('2030-01-01T10:00:30Z', '2030-01-01T10:00:45Z'), await q(H('10:01'), H('10:02'))];
    },
    expected: [['B'], ['C']],
    wrong: [['A', 'B'], ['C']],
  },
  {
    mutant: 'sort-end-date-duration-as-seconds',
    run: async (b) => {
      await mk(b, { title: 'Long' }, { scheduling: { agent_id: 'ag1', start: H('10:00'), end: H('12:00') } });
      await mk(b, { title: 'Short' }, { scheduling: { agent_id: 'ag2', start: H('11:00'), end: H('11:30') } });
      return [await titles(b, '?sort=end_date:ASC'), await titles(b, '?sort=end_date:DESC')];
    },
    expected: [['Short', 'Long'], ['Long', 'Short']],
    wrong: [['Long', 'Short'], ['Short', 'Long']],
  },
  {
    mutant: 'rrule-occurrence-end-duration-whole-minutes',
    run: async (b) => {
      const r = await create(b, { fields: { title: 'R' }, scheduling: { agent_id: 'ag', start: D(1, '10:00'), end: D(2, '11:00'), duration: 5_430_000, rrule: 'FREQ=DAILY' } });
      const ends: string[] = [];
      for (const { identifier } of r.body as { identifier: string }[]) ends.push((await call(b, `/api/events/${identifier}/scheduling`)).body.end);
      const single = await create(b, { fields: { title: 'S' }, scheduling: { agent_id: 'ag', start: D(5, '10:00'), duration: 5_430_000 } });
      return [r.status, ends.sort(), (await call(b, `/api/events/${single.body.identifier as string}/scheduling`)).body.end];
    },
    expected: [200, ['2030-01-01T11:30:30Z', '2030-01-02T11:30:30Z'], '2030-01-05T11:30:30Z'],
    wrong: [200, ['2030-01-01T11:30:00Z', '2030-01-02T11:30:00Z'], '2030-01-05T11:30:30Z'],
  },
];

describeFamilyDeviations('planted bugs of precision and rounding', PRECISION_MUTANTS, CASES);
