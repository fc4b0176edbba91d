import type { CheckDef, CheckVerdict } from '../types.js';
import { toJson } from '../evidence.js';
import { ascendingText, groupsOf, idOf, runEvents, runOrder } from './sort-order.js';

/**
 * Sorting by a value the server reports itself (workflow_state → processing_state, series_name → series):
 * spec § States: "The sort criterion workflow_state orders events by this state." The spec shows no order of the
 * states, so only what every order has in common is checked: events with an equal value are together, and DESC
 * gives the groups in the reverse order of ASC. For names (`compare: text`) ASC must also be ascending by name
 * (code-point or case-insensitive: the spec does not say which collation).
 */

/** One response of the pair action `list-asc-desc`. */
export interface SortedResponse {
  status: number | null;
  body: unknown;
}

/** Value of the action `list-asc-desc`: the same list sorted ASC and DESC by one criterion. */
export interface SortedPair {
  sort: string;
  asc: SortedResponse;
  desc: SortedResponse;
}

function isPair(v: unknown): v is SortedPair {
  const o = v as Partial<SortedPair> | null;
  return !!o && typeof o === 'object' && typeof o.asc === 'object' && typeof o.desc === 'object';
}

/** The value of `member` of each run event in list order; '' (no state, no series) counts as unknown. */
function valuesInOrder(r: SortedResponse, ids: string[], member: string): { values: Map<string, string>; order: string[] } | string {
  if (r.status !== 200) return `answered ${r.status ?? 'nothing'}, not 200`;
  if (!Array.isArray(r.body)) return 'the body is not an array';
  const seen = runOrder(r.body, ids);
  if (seen.missing.length > 0) return `the list lacks run events ${seen.missing.join(', ')}`;
  if (seen.doubled.length > 0) return `run events listed twice: ${seen.doubled.join(', ')}`;
  const values = new Map<string, string>();
  for (const e of r.body) {
    const id = idOf(e);
    const v = (e as Record<string, unknown>)[member];
    if (ids.includes(id) && typeof v === 'string' && v !== '') values.set(id, v);
  }
  return { values, order: seen.order.filter((id) => values.has(id)) };
}

/**
 * events.list.sort.workflow_state / series_name (spec § States and transitions: "The sort criterion workflow_state
 * orders events by this state"): the order between values is not shown, so equal values must be contiguous and
 * DESC must give the groups in the reverse order of ASC.
 */
export const groupedByCheck: CheckDef = {
  name: 'grouped-by',
  doc: 'in the action value {asc, desc}, run events with equal `member` are together and DESC reverses the groups of ASC (`compare: text`: ASC ascends by name)',
  params: {
    type: 'object',
    required: ['member'],
    additionalProperties: false,
    properties: {
      member: { type: 'string' },
      from: { oneOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] },
      compare: { enum: ['none', 'text'] },
    },
  },
  run(ctx, p): CheckVerdict {
    if (!isPair(ctx.value)) throw new Error('scenario bug: grouped-by needs the value of the action list-asc-desc');
    const member = p.member as string;
    const ids = runEvents(ctx.vars, (p.from as string | string[] | undefined) ?? 'given').map(idOf);
    if (ids.includes('')) return { pass: false, skip: 'precondition: a run event could not be created (see events.create.*)', message: 'precondition' };
    const { sort } = ctx.value;
    const asc = valuesInOrder(ctx.value.asc, ids, member);
    if (typeof asc === 'string') return { pass: false, message: `sort=${sort}:ASC ${asc}` };
    const desc = valuesInOrder(ctx.value.desc, ids, member);
    if (typeof desc === 'string') return { pass: false, message: `sort=${sort}:DESC ${desc}` };
    const same = asc.values.size === desc.values.size && [...asc.values].every(([id, v]) => desc.values.get(id) === v);
    if (!same) {
      return { pass: false, skip: `the run events' ${member} changed between the ASC and DESC requests (processing went on)`, message: 'precondition' };
    }
    const distinct = new Set(asc.values.values());
    if (distinct.size < 2) {
      return { pass: false, skip: `the run events show ${distinct.size} distinct non-empty ${member} value(s): the order by ${sort} cannot be seen`, message: 'precondition' };
    }
    const ascSeq = asc.order.map((id) => asc.values.get(id)!);
    const descSeq = desc.order.map((id) => desc.values.get(id)!);
    const ga = groupsOf(ascSeq);
    const gd = groupsOf(descSeq);
    const actual = toJson({ asc: ascSeq, desc: descSeq });
    if (new Set(ga).size !== ga.length) return { pass: false, message: `sort=${sort}:ASC separates events with equal ${member}`, actual };
    if (new Set(gd).size !== gd.length) return { pass: false, message: `sort=${sort}:DESC separates events with equal ${member}`, actual };
    const reversed = [...ga].reverse();
    if (reversed.join('\u0000') !== gd.join('\u0000')) {
      return { pass: false, message: `sort=${sort}:DESC is not the reverse order of ${sort}:ASC`, expected: toJson({ desc: reversed }), actual };
    }
    if (p.compare === 'text' && !ascendingText(ga)) {
      return { pass: false, message: `sort=${sort}:ASC is not ascending by ${member}`, actual };
    }
    return { pass: true, message: `sort=${sort}: ${ga.length} groups of ${member}, DESC reverses ASC`, actual };
  },
};
