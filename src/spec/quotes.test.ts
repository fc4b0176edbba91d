import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules } from './rules.js';
import { SPECS_DIR } from './paths.js';

/** Spec text with table bars and runs of white space folded, so table rows can be quoted as "a | b | c". */
const fold = (t: string) => t.replace(/\|/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The fragments of a rule's quote that must stand verbatim in the spec: parts joined by " / " or "...", with
 * editorial remarks in [brackets] removed (ARCHITECTURE.md, principle 1: "the rule quotes the spec sentence").
 */
function quoteFragments(quote: string): string[] {
  return quote.replace(/\[[^\]]*\]/g, ' / ').split(/ \/ |\.\.\.|…/).map((f) => fold(f).replace(/^[\s.;,]+|[\s;,]+$/g, '')).filter((f) => f.length >= 8);
}

describe('rule quotes', () => {
  const spec = fold(readFileSync(join(SPECS_DIR, 'events-api.md'), 'utf8'));
  const addendum = fold(readFileSync(join(SPECS_DIR, 'events-api-1.7-1.11.md'), 'utf8'));
  const book = loadRules();
  /** A rule whose section starts with "Addendum" quotes specs/events-api-1.7-1.11.md; every other one specs/events-api.md. */
  const textOf = (section: string) => (section.startsWith('Addendum') ? addendum : spec);
  it('every quote of a spec rule stands verbatim in specs/events-api.md, or for an "Addendum" section in specs/events-api-1.7-1.11.md (editorial remarks in brackets)', () => {
    const missing = book.rules.filter((r) => r.kind !== 'budget')
      .flatMap((r) => quoteFragments(r.quote).filter((f) => !textOf(r.section).includes(f)).map((f) => `${r.id}: "${f}"`));
    expect(missing).toEqual([]);
  });
  it('every spec rule quotes at least one fragment', () => {
    expect(book.rules.filter((r) => r.kind !== 'budget' && quoteFragments(r.quote).length === 0).map((r) => r.id)).toEqual([]);
  });
  it('a paraphrase is caught', () => {
    expect(quoteFragments('Returns a JSON list of events. / [a remark]').filter((f) => !spec.includes(f))).toEqual(['Returns a JSON list of events.']);
  });
});
