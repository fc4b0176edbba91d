import { compareCodePoints } from '../checks/families/sort-order.js';

/**
 * Orders of text a server may honestly sort by: the spec names the sort criteria but no collation (spec § GET
 * /api/events, sort). A pair is judged only where all of them agree: code points, case-insensitive, a locale
 * collation, a numeric ("natural") one, and one that ignores case, accents and punctuation.
 */
const COLLATIONS: readonly ((a: string, b: string) => number)[] = [
  compareCodePoints,
  (a, b) => compareCodePoints(a.toLowerCase(), b.toLowerCase()),
  (a, b) => a.localeCompare(b, 'en'),
  (a, b) => a.localeCompare(b, 'en', { numeric: true }),
  (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', ignorePunctuation: true }),
];

/** -1 or 1 when every collation puts `a` before or after `b`; 0 when one sees a tie or they disagree. */
export function agreedOrder(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  const signs = new Set(COLLATIONS.map((c) => Math.sign(c(String(a), String(b)))));
  return signs.size === 1 ? [...signs][0] : 0;
}
