/**
 * A failure is explained difference by difference: an expectation names what differs (a schema path and keyword,
 * a status, a member, a value, a message pattern), never a whole rule, so a new break of a rule already known for
 * another reason is new. A failure's message lists its differences after a head, separated by "; " (a schema
 * failure: "does not conform to event (1.6.0): /a …; /b …"; a read-back: "field x is …; field y is …"), and may end
 * with how the settled read went ("(did not hold; …)"). Every difference must match an entry's `message`
 * (tried on "head: difference" and on the difference alone); an entry without `message` explains every difference
 * of its rule (an expectations file of one's own may say so; the shipped profile's entries never do).
 */

/** How a settled read ended, as the engine appends it: not a difference. */
const SETTLE_NOTE = / \((did not hold|held on read|did not hold on any read|the answer stopped changing)[^()]*(\([^()]*\)[^()]*)*\)$/;

/** Where a generated stage found it, as it appends it ("(prop-x: failed as …; seed 21)"): not a difference. */
const CASE_NOTE = / \([^()]*(?:\([^()]*\)[^()]*)*seed -?\d+\)$/;

export interface Differences {
  head?: string;
  parts: string[];
}

/** The differences a failure's message names (at least one: the message itself). */
export function differencesOf(message: string): Differences {
  let text = message.trim();
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(CASE_NOTE, '').replace(SETTLE_NOTE, '').trim();
  }
  const colon = text.indexOf(': ');
  const head = colon > 0 ? text.slice(0, colon) : undefined;
  const body = colon > 0 ? text.slice(colon + 2) : text;
  const parts = body.split('; ').map((p) => p.trim()).filter((p) => p !== '');
  return { ...(head !== undefined ? { head } : {}), parts: parts.length > 0 ? parts : [text] };
}

/** Whether every difference of `message` is matched by one of `patterns` (undefined: matches every difference). */
export function everyDifferenceExplained(message: string, patterns: readonly (string | undefined)[]): boolean {
  if (patterns.length === 0) return false;
  if (patterns.some((p) => p === undefined)) return true;
  const res = patterns.map((p) => new RegExp(p!));
  // The whole message first: a pattern written for the message as it reads (e.g. naming its head and one difference
  // of a one-difference failure) explains it as before.
  const { head, parts } = differencesOf(message);
  if (parts.length === 1 && res.some((r) => r.test(message))) return true;
  return parts.every((part) => res.some((r) => r.test(part) || (head !== undefined && r.test(`${head}: ${part}`))));
}
