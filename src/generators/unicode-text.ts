import fc from 'fast-check';
import { intIn, ordered } from './constraints.js';

/** Constraints of {@link unicodeText}. */
export interface UnicodeTextConstraints {
  /**
   * Fewest characters (code points).
   * @defaultValue 0
   */
  minLength?: number;
  /**
   * Most characters (code points).
   * @defaultValue 40
   */
  maxLength?: number;
}

/**
 * Characters that break naive escaping or decoding: quotes, markup, backslash, ampersand, and what URL and form
 * encodings give a meaning to (`+` read as a space, `%` starting an escape, `=`, `?`, `#`).
 */
const SPECIALS = ['"', "'", '<', '>', '&', '\\', '/', '`', '+', '%', '=', '?', '#'];

/**
 * Accented letters composed (one code point) and combining marks (one code point each: after a letter they make the
 * decomposed form of the same accent, so NFC and NFD of the text differ). One code point each keeps lengths exact.
 */
const ACCENTS = ['\u00e9', '\u0301', '\u00fc', '\u0308', '\u00c5', '\u030a'];

/** Printable code points of the Basic Multilingual Plane, surrogates and C0/C1 controls excluded. */
const bmp = fc.oneof(
  fc.integer({ min: 0xa1, max: 0xd7ff }),
  fc.integer({ min: 0xe000, max: 0xfffd }),
).map((cp) => String.fromCodePoint(cp));

/** Astral code points (U+10000 … U+10FFFF): two UTF-16 units each, the usual victims of surrogate bugs. */
const astral = fc.integer({ min: 0x10000, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

/**
 * One character: ASCII letters and digits first (so shrinking ends on "a"), then spaces, specials, BMP and
 * astral characters. Never a control character or a lone surrogate (not text in the sense of the spec).
 */
const character = fc.oneof(
  { arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), weight: 6 },
  { arbitrary: fc.constant(' '), weight: 1 },
  { arbitrary: fc.constantFrom(...SPECIALS), weight: 2 },
  { arbitrary: fc.constantFrom(...ACCENTS), weight: 1 },
  { arbitrary: bmp, weight: 2 },
  { arbitrary: astral, weight: 2 },
);

/** Spaces at either end become underscores: servers may trim text, and the spec says nothing about that. */
function keepEnds(s: string): string {
  return s.replace(/^ +| +$/g, (m) => '_'.repeat(m.length));
}

/**
 * Text with any Unicode (spec § Resources: title, description are `string`): astral characters, quotes, `<`,
 * and, with a large maxLength, very long text. Pure and seeded; no leading or trailing space.
 */
export function unicodeText(constraints: UnicodeTextConstraints = {}): fc.Arbitrary<string> {
  const where = 'unicodeText';
  const minLength = intIn(constraints.minLength ?? 0, 0, 100_000, 'minLength', where);
  const maxLength = intIn(constraints.maxLength ?? 40, 0, 100_000, 'maxLength', where);
  ordered(minLength, maxLength, 'length', where);
  return fc.array(character, { minLength, maxLength }).map((chars) => keepEnds(chars.join('')));
}

/**
 * The pieces of text that naive code breaks on the wire, each once: `+` (a space in form decoding), `%` and an escape
 * look-alike `%2B`, `/`, a space, an accent composed and the same accent decomposed (NFC and NFD differ), and an astral
 * character (two UTF-16 units).
 */
export const WIRE_PIECES: readonly string[] = ['+', '%', '%2B', '/', ' ', '\u00e9', 'e\u0301', '\u{1F600}'];

/**
 * Text that holds every piece of WIRE_PIECES, in a generated order, between generated words of letters: whatever the
 * case, every view that shows it meets each piece (a sampled oracle still meets the whole class). No leading or
 * trailing space.
 */
export function wireText(): fc.Arbitrary<string> {
  const word = fc.stringMatching(/^[a-z]{1,4}$/);
  return fc.tuple(fc.shuffledSubarray([...WIRE_PIECES], { minLength: WIRE_PIECES.length, maxLength: WIRE_PIECES.length }), fc.array(word, { minLength: WIRE_PIECES.length + 1, maxLength: WIRE_PIECES.length + 1 }))
    .map(([pieces, words]) => words.map((w, i) => `${w}${pieces[i] ?? ''}`).join(''));
}
