import { isoUtc } from '../spec/datetime.js';
/**
 * What the load stage seeds (ARCHITECTURE.md § Stages): N events tagged with the run, with varied titles, locations, series,
 * text keywords and start dates, so that every filter and sort of the profiles has work and a known answer.
 */

/** How many distinct values each seeded field cycles through. */
export const VARIANTS = { title: 20, location: 8, series: 5, word: 10 } as const;

/** One seeded event as the server should show it in a list (members of spec § Event). */
export interface SeededEvent {
  /** Title as sent before tagging; the server holds `${tag} ${titleBase}`. */
  titleBase: string;
  title: string;
  location: string;
  isPartOf: string;
  description: string;
  presenter: string;
  startMs: number;
}

export interface SeedPlan {
  /** Run tag: prefixed to every seeded title and given as a subject. */
  tag: string;
  /** Lower-case alphanumeric form of the tag, the stem of the textFilter keywords. */
  word: string;
  count: number;
  /** Start of the first hour of the seeded start dates. */
  t0Ms: number;
  events: SeededEvent[];
  /** Identifiers of the seeded events, once the stage has created them (how a list item is known as the run's own). */
  ids?: ReadonlySet<string>;
}

const HOUR = 3_600_000;
/** Seeded start dates begin here (far from real data), one hour apart, in a shuffled order. */
export const SEED_T0_MS = Date.UTC(2031, 0, 6, 8, 0, 0);

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A multiplier coprime to n: i → (i·m) mod n is then a permutation of 0..n-1. */
function shuffleMultiplier(n: number): number {
  for (const m of [7919, 7907, 104_729, 1]) if (gcd(m, n) === 1) return m;
  return 1;
}

export const titleOf = (tag: string, k: number) => `${tag} Load ${k}`;
export const locationOf = (tag: string, k: number) => `${tag}-room-${k}`;
export const seriesOf = (tag: string, k: number) => `${tag}-series-${k}`;
/** Keyword k: `…k3k` is not a substring of `…k13k`, so a textFilter on it matches only its own events. */
export const keywordOf = (word: string, k: number) => `${word}k${k}k`;

/** The events to seed for a run tag; deterministic. */
export function makeSeedPlan(tag: string, count: number): SeedPlan {
  const word = tag.toLowerCase().replace(/[^a-z0-9]/g, '');
  const m = shuffleMultiplier(Math.max(1, count));
  const events: SeededEvent[] = [];
  for (let i = 0; i < count; i++) {
    const kw = keywordOf(word, i % VARIANTS.word);
    events.push({
      titleBase: `Load ${i % VARIANTS.title}`,
      title: titleOf(tag, i % VARIANTS.title),
      location: locationOf(tag, i % VARIANTS.location),
      isPartOf: seriesOf(tag, i % VARIANTS.series),
      description: `Seeded by the evconf load stage, event ${i}, keyword ${kw}`,
      presenter: `Presenter ${i % 7}`,
      startMs: SEED_T0_MS + ((i * m) % count) * HOUR,
    });
  }
  return { tag, word, count, t0Ms: SEED_T0_MS, events };
}


/** The dublincore/episode fields sent on create (the title is tagged by eventCreateParts). */
export function episodeFields(e: SeededEvent, tag: string): Record<string, string | string[]> {
  const start = isoUtc(e.startMs);
  return {
    title: e.titleBase,
    description: e.description,
    location: e.location,
    isPartOf: e.isPartOf,
    creator: [e.presenter],
    subjects: [tag],
    startDate: start.slice(0, 10),
    startTime: start.slice(11),
  };
}

/** How a seeded event looks in a list of `version`-less terms (the members the sample checks read). */
export function asListed(e: SeededEvent): Record<string, unknown> {
  return { title: e.title, location: e.location, is_part_of: e.isPartOf, description: e.description, start: isoUtc(e.startMs), presenter: [e.presenter] };
}
