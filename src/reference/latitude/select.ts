import { alternativesOf, CATALOGUE, CHOICE_IDS, isChoiceId, type ChoiceId, type Choices } from './catalogue.js';

/** Seeded selection of the latitude choices ("What to build" 1). */

export interface LatitudeOptions {
  /** Draws every choice from this seed (deterministic); without it, every choice not forced takes its default. */
  seed?: number;
  /** Forced alternatives by choice id (they win over the seed). */
  choices?: Record<string, string>;
}

/** Asks which alternative of a choice this server takes. */
export type LatFn = <K extends ChoiceId>(id: K) => Choices[K];

/** mulberry32: a small deterministic PRNG (32-bit state). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Throws an Error naming the problem (one line) for an unknown choice or alternative. */
export function validateChoices(choices: Record<string, string>): void {
  for (const [id, alt] of Object.entries(choices)) {
    if (!isChoiceId(id)) throw new Error(`unknown latitude choice "${id}"; known: ${CHOICE_IDS.join(', ')}`);
    if (!alternativesOf(id).includes(alt)) {
      throw new Error(`unknown alternative "${alt}" of latitude choice "${id}"; known: ${alternativesOf(id).join(', ')}`);
    }
  }
}

/**
 * Every choice's alternative: forced ones as given; else drawn from the seed (one draw per choice in catalogue
 * order, so adding a choice at the end keeps the earlier draws); else the default (the first alternative).
 */
export function resolveLatitude(opts: LatitudeOptions = {}): Choices {
  const forced = opts.choices ?? {};
  validateChoices(forced);
  const next = opts.seed === undefined ? undefined : prng(opts.seed);
  const out: Record<string, string> = {};
  for (const id of CHOICE_IDS) {
    const alts = alternativesOf(id);
    const drawn = next ? alts[Math.floor(next() * alts.length)] : alts[0];
    out[id] = forced[id] ?? drawn;
  }
  return out as Choices;
}

/** The lat() switch of one server. */
export function makeLat(opts: LatitudeOptions | undefined): LatFn {
  const chosen = resolveLatitude(opts);
  return ((id: ChoiceId) => chosen[id]) as LatFn;
}

/** Choice ids whose alternative differs from the default. */
export function departures(chosen: Choices): ChoiceId[] {
  return CHOICE_IDS.filter((id) => chosen[id] !== CATALOGUE[id].alternatives[0][0]);
}

/** `id=alt` → [id, alt] (the CLI's --latitude-choice). */
export function parseChoiceFlag(text: string): [string, string] {
  const i = text.indexOf('=');
  if (i <= 0) throw new Error(`--latitude-choice must look like id=alternative (got "${text}")`);
  return [text.slice(0, i).trim(), text.slice(i + 1).trim()];
}
