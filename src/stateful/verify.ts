import type { EpisodeCatalog } from '../generators/index.js';
import type { CaseKit } from '../cases/case.js';
import { episodeReadsBack } from '../cases/episode.js';
import type { Verdict } from '../cases/verdict.js';

/** Every field of `expect` reads back equal in dublincore/episode (see episodeReadsBack). */
export function episodeIs(kit: CaseKit, id: string, expect: Record<string, string | string[]>, rule: string, what: string): Promise<Verdict> {
  return episodeReadsBack(kit, id, expect, rule, what);
}

/** Catalog values as sent: the title tagged with the sequence's tag. */
export function tagged(kit: CaseKit, c: EpisodeCatalog): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(c)) if (v !== undefined) out[k] = k === 'title' ? kit.title(v as string) : (v as string | string[]);
  return out;
}

/** A value for a step line: JSON, long strings shortened (the exchanges hold the exact request). */
export function show(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x !== 'string') return x;
    const chars = [...x];
    return chars.length > 60 ? `${chars.slice(0, 40).join('')}…(${chars.length} chars)` : x;
  });
}
