import type { CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, responseOrFail, toJson } from '../evidence.js';
import { idOf, runEvents, runOrder } from './sort-order.js';

/**
 * events.list.sort.end_date where the run cannot set an end (1.0.0 has no scheduling; spec § Versioning): the end
 * of an event is read from what the server reports, its start plus its bibliographic duration (spec § Event:
 * "start … Technical start", "duration … Bibliographic duration"; 1.0.0: start_time, duration (integer)). The unit
 * of duration is not shown, so milliseconds and seconds are both accepted. Equal ends may come in any order.
 * With equal durations this order is the start order: a server sorting end_date by start cannot be told apart
 * here (said in suites/events/list-sort.yaml); a server ignoring sort, or sorting by title, can.
 */

type Direction = 'ASC' | 'DESC';

function endsOf(list: unknown[], ids: string[], start: string, duration: string, unitMs: number): Map<string, number> | string {
  const out = new Map<string, number>();
  for (const e of list) {
    const id = idOf(e);
    if (!ids.includes(id)) continue;
    const o = e as Record<string, unknown>;
    const t = typeof o[start] === 'string' ? Date.parse(o[start] as string) : NaN;
    if (!Number.isFinite(t)) return `run event ${id} reports no datetime in ${start}`;
    const raw = o[duration];
    // No duration reported: the server may hold the end unknown (and sort such events as ties), so nothing is judged.
    if (raw === undefined || raw === null || raw === '') return `run event ${id} reports no ${duration}`;
    const d = Number(raw);
    if (!Number.isFinite(d)) return `run event ${id} reports a duration that is not a number: ${JSON.stringify(raw)}`;
    out.set(id, t + d * unitMs);
  }
  return out;
}

function monotone(values: number[], order: Direction): boolean {
  return values.every((v, i) => i === 0 || (order === 'ASC' ? values[i - 1] <= v : values[i - 1] >= v));
}

export const endOrderedCheck: CheckDef = {
  name: 'end-ordered',
  doc: 'the run events (`from`) are in `order` of their reported `start` member plus `duration` (milliseconds or seconds); skipped when their ends do not differ',
  params: {
    type: 'object',
    required: ['order', 'start', 'duration'],
    additionalProperties: false,
    properties: { order: { enum: ['ASC', 'DESC'] }, start: { type: 'string' }, duration: { type: 'string' }, from: { type: 'string' } },
  },
  run(ctx, p): CheckVerdict {
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    if (r.status !== 200) return { pass: false, message: `the sorted list was answered ${r.status}, not 200`, expected: 200, actual: r.status };
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'the sorted list is not an array' };
    const ids = runEvents(ctx.vars, (p.from as string | undefined) ?? 'given').map(idOf);
    if (ids.includes('')) return { pass: false, skip: 'precondition: a run event could not be created (see events.create.*)', message: 'precondition' };
    const seen = runOrder(j.value, ids);
    if (seen.missing.length > 0) return { pass: false, message: `the list lacks run events ${seen.missing.join(', ')}` };
    if (seen.doubled.length > 0) return { pass: false, message: `run events listed twice: ${seen.doubled.join(', ')}` };
    const order = p.order as Direction;
    const readings: { unit: string; ends: number[] }[] = [];
    for (const [unit, ms] of [['milliseconds', 1], ['seconds', 1000]] as const) {
      const ends = endsOf(j.value, ids, p.start as string, p.duration as string, ms);
      if (typeof ends === 'string') return { pass: false, skip: `precondition: ${ends} (the end cannot be computed)`, message: 'precondition' };
      readings.push({ unit, ends: seen.order.map((id) => ends.get(id)!) });
    }
    if (new Set(readings[0].ends).size < 2) {
      return { pass: false, skip: 'the run events report equal ends: the order by end_date cannot be seen', message: 'precondition' };
    }
    const ok = readings.find((x) => monotone(x.ends, order));
    const actual = toJson(readings[0].ends.map((t) => new Date(t).toISOString()));
    return ok
      ? { pass: true, message: `the ${ids.length} run events are in ${order} order of their end (duration in ${ok.unit})`, actual }
      : { pass: false, message: `the run events are not in ${order} order of their end (start + duration, in milliseconds or seconds)`, actual };
  },
};
