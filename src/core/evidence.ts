import type { Exchange } from '../model/index.js';

/** Keep a failure's evidence readable: at most this many exchanges (the last ones sent, where it failed). */
export const MAX_EVIDENCE_EXCHANGES = 12;

/**
 * The evidence of a failure from the exchanges that led to it, in the order they were sent:
 * `exchanges` puts the decisive one (the last sent, the read that showed the fault) first, then the others in
 * the order they were sent; `curl` replays the whole sequence, one command per line, in the order sent.
 */
export function evidence(sequence: readonly Exchange[]): { exchanges: Exchange[]; curl?: string } {
  const kept = sequence.slice(-MAX_EVIDENCE_EXCHANGES);
  if (kept.length === 0) return { exchanges: [] };
  const decisive = kept[kept.length - 1];
  return { exchanges: [decisive, ...kept.slice(0, -1)], curl: kept.map((x) => x.curl).join('\n') };
}
