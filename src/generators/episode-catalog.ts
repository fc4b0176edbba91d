import fc from 'fast-check';
import { intIn, oneOf } from './constraints.js';
import { unicodeText } from './unicode-text.js';

/**
 * Values of the dublincore/episode catalog as sent (spec § Metadata catalog: fields of id/value; the event fields
 * marked * in § Event (response object)). Field ids as in the samples and in Opencast (title, subjects, description,
 * location, creator = presenters, contributor, language, rightsHolder, license, source).
 */
export interface EpisodeCatalog {
  title?: string;
  description?: string;
  subjects?: string[];
  location?: string;
  creator?: string[];
  contributor?: string[];
  language?: string;
  rightsHolder?: string;
  license?: string;
  source?: string;
}

export type EpisodeFieldId = keyof EpisodeCatalog;

export const EPISODE_FIELD_IDS: readonly EpisodeFieldId[] = [
  'title', 'description', 'subjects', 'location', 'creator', 'contributor', 'language', 'rightsHolder', 'license', 'source',
];

/** Constraints of {@link episodeCatalog}. */
export interface EpisodeCatalogConstraints {
  /**
   * Field ids that may appear (title included or not).
   * @defaultValue title, description, subjects, location, creator, contributor
   */
  fields?: readonly EpisodeFieldId[];
  /**
   * Whether title is always present (creation) or optional like the others (a partial PUT).
   * @defaultValue true
   */
  requireTitle?: boolean;
  /**
   * Most entries of a list field (subjects, creator, contributor); lists may be empty.
   * @defaultValue 3
   */
  maxListLength?: number;
  /**
   * Whether titles and descriptions are sometimes very long (256 characters or more).
   * @defaultValue true
   */
  longText?: boolean;
}

const DEFAULT_FIELDS: readonly EpisodeFieldId[] = ['title', 'description', 'subjects', 'location', 'creator', 'contributor'];

/**
 * Very long text (256 to 600 characters): a generated pattern repeated to a generated length, so that shrinking
 * takes a few steps (pattern towards "a", length towards 256) instead of one per character.
 */
function longText(): fc.Arbitrary<string> {
  return fc.tuple(unicodeText({ minLength: 1, maxLength: 30 }), fc.integer({ min: 256, max: 600 })).map(([pattern, n]) => {
    const chars = [...pattern];
    return Array.from({ length: n }, (_, i) => chars[i % chars.length]).join('').replace(/^ +| +$/g, (m) => '_'.repeat(m.length));
  });
}

function longOrShort(shortMax: number, long: boolean): fc.Arbitrary<string> {
  const short = unicodeText({ minLength: 1, maxLength: shortMax });
  if (!long) return short;
  return fc.oneof({ arbitrary: short, weight: 4 }, { arbitrary: longText(), weight: 1 });
}

/** A generated episode catalog (spec § Metadata catalog); pure and seeded. */
export function episodeCatalog(constraints: EpisodeCatalogConstraints = {}): fc.Arbitrary<EpisodeCatalog> {
  const where = 'episodeCatalog';
  const fields = constraints.fields ?? DEFAULT_FIELDS;
  for (const f of fields) oneOf(f, EPISODE_FIELD_IDS, 'fields', where);
  const requireTitle = constraints.requireTitle ?? true;
  if (requireTitle && !fields.includes('title')) throw new Error(`fields must include "title" when requireTitle is true for ${where}`);
  const maxList = intIn(constraints.maxListLength ?? 3, 0, 50, 'maxListLength', where);
  const long = constraints.longText ?? true;
  const list = fc.uniqueArray(unicodeText({ minLength: 1, maxLength: 20 }), { maxLength: maxList });
  const all: Record<EpisodeFieldId, fc.Arbitrary<string | string[]>> = {
    title: longOrShort(40, long),
    description: longOrShort(80, long),
    subjects: list,
    location: unicodeText({ minLength: 1, maxLength: 30 }),
    creator: list,
    contributor: list,
    language: fc.constantFrom('en', 'de', 'fr', 'es', 'ja'),
    rightsHolder: unicodeText({ minLength: 1, maxLength: 30 }),
    license: fc.constantFrom('CC-BY', 'CC-BY-SA', 'CC0', 'ALLRIGHTS'),
    source: unicodeText({ minLength: 1, maxLength: 30 }),
  };
  const model: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const f of fields) model[f] = all[f];
  const requiredKeys = requireTitle ? ['title'] : [];
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<EpisodeCatalog>;
}
