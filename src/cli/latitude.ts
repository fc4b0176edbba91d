import { UsageError } from '../config/errors.js';
import { parseIntFlag } from '../config/parse.js';
import { CATALOGUE, CHOICE_IDS } from '../reference/latitude/catalogue.js';
import { parseChoiceFlag, resolveLatitude, validateChoices, type LatitudeOptions } from '../reference/latitude/select.js';

/** `evconf serve --latitude SEED --latitude-choice id=alt … [--list-latitude [--json]]`. */

/** The latitude options of the serve flags; a UsageError (exit 2, one line) for a bad seed, choice or alternative. */
export function latitudeFlags(flags: Record<string, unknown>): LatitudeOptions | undefined {
  const given = (flags.latitudeChoice as string[] | undefined) ?? [];
  if (flags.latitude === undefined && given.length === 0) return undefined;
  const seed = flags.latitude === undefined ? undefined : parseIntFlag(flags.latitude, '--latitude', 0, 2 ** 31 - 1);
  const choices: Record<string, string> = {};
  try {
    for (const text of given) {
      const [id, alt] = parseChoiceFlag(text);
      choices[id] = alt;
    }
    validateChoices(choices);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return { ...(seed !== undefined ? { seed } : {}), choices };
}

/** Every choice with its spec sentence and alternatives; with options, the alternative this server takes. */
export function listLatitude(opts: LatitudeOptions | undefined, asJson: boolean): string {
  const chosen = opts ? resolveLatitude(opts) : undefined;
  const entries = CHOICE_IDS.map((id) => ({
    id,
    quote: CATALOGUE[id].quote,
    alternatives: CATALOGUE[id].alternatives.map(([name, does]) => ({ name, does })),
    default: CATALOGUE[id].alternatives[0][0],
    ...(chosen ? { chosen: chosen[id] } : {}),
  }));
  if (asJson) return JSON.stringify({ ...(opts?.seed !== undefined ? { seed: opts.seed } : {}), choices: entries }, null, 2) + '\n';
  const lines: string[] = [`${entries.length} latitude choices${opts?.seed !== undefined ? ` (seed ${opts.seed})` : ''}; the first alternative is the default`];
  for (const e of entries) {
    lines.push('', `${e.id}${e.chosen !== undefined ? `: ${e.chosen}` : ''}`, `  spec: "${e.quote}"`);
    for (const a of e.alternatives) lines.push(`  ${e.chosen === a.name ? '*' : '-'} ${a.name}: ${a.does}`);
  }
  return lines.join('\n') + '\n';
}

/** `--agents a,b` → ids; `--series s1,s2=Title` → id → title. */
export function agentsFlag(v: unknown): string[] | undefined {
  return v === undefined ? undefined : String(v).split(',').map((s) => s.trim()).filter((s) => s !== '');
}

export function seriesFlag(v: unknown): Record<string, string> | undefined {
  if (v === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const entry of String(v).split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const i = entry.indexOf('=');
    const id = i < 0 ? entry : entry.slice(0, i).trim();
    out[id] = i < 0 ? `Series ${id}` : entry.slice(i + 1).trim();
  }
  return out;
}
