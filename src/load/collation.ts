import { compareCodePoints } from '../checks/families/sort-order.js';

/**
 * Orders of text a server may honestly sort by: the spec names the sort criteria but no collation (spec § GET
 * /api/events, sort). A pair is judged only where all of them agree: code points, case-insensitive, a locale
 * collation, a numeric ("natural") one, and one that ignores case, accents and punctuation.
 * The locale collations are built once: `a.localeCompare(b, 'en', options)` is the compare of a new
 * Intl.Collator('en', options) (ECMA-402), and building one per pair made the sample check of a sorted profile slow.
 */
const LOCALE = [new Intl.Collator('en'), new Intl.Collator('en', { numeric: true }), new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true })];
const COLLATIONS: readonly ((a: string, b: string) => number)[] = [
  compareCodePoints,
  (a, b) => compareCodePoints(a.toLowerCase(), b.toLowerCase()),
  ...LOCALE.map((c) => c.compare),
];

/** -1 or 1 when every collation puts `a` before or after `b`; 0 when one sees a tie or they disagree. */
export function agreedOrder(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  const x = String(a);
  const y = String(b);
  let sign = 0;
  for (const c of COLLATIONS) {
    const s = Math.sign(c(x, y));
    if (s === 0 || (sign !== 0 && s !== sign)) return 0;
    sign = s;
  }
  return sign;
}
