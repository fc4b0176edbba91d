const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The words every reporter uses for a version's verdict (ARCHITECTURE.md, principle 4): conformant, not
 * conformant, incomplete (MUST rules that apply were not checked, with why). HTML, JUnit and the GitHub summary
 * read them from here so they say the same thing.
 */
import type { VersionVerdict } from './tally.js';

export type Tone = 'good' | 'bad' | 'partial';

/** A verdict as the reporters may receive it: `allowed` gaps and `stopped` are optional additions. */
export type ShownVerdict = VersionVerdict & {
  untested: { rule: string; reason: string; allowed?: boolean }[];
  stopped?: string;
};

export interface VerdictWords {
  tone: Tone;
  icon: string;
  /** `conformant`, `not conformant`, `incomplete`. */
  label: string;
}

/** A not-conformant version whose every failure an expectation explains: its run does not fail. */
export function onlyKnown(v: VersionVerdict): boolean {
  return v.verdict === 'not-conformant' && v.newFailures === 0 && v.errored === 0;
}

/** "no new failures; 9 known deviations" (distinct rules), the words of a version whose failures are all known. */
export function knownText(v: VersionVerdict): string {
  const n = v.knownRules?.length ?? 0;
  return `no new failures; ${plural(n, 'known deviation')}`;
}

export function verdictWords(v: VersionVerdict): VerdictWords {
  if (v.verdict === 'conformant') return { tone: 'good', icon: '✔', label: 'conformant' };
  if (onlyKnown(v)) return { tone: 'partial', icon: '≈', label: knownText(v) };
  if (v.verdict === 'incomplete') return { tone: 'partial', icon: '◌', label: 'incomplete' };
  if (v.verdict === 'not-offered') return { tone: 'partial', icon: '–', label: 'not offered' };
  return { tone: 'bad', icon: '✘', label: 'not conformant' };
}


/** The run in one line: "Conformant in all 7 API versions", "Not conformant in 1 of 7 API versions; incomplete in 2", … */
export function headline(all: readonly VersionVerdict[]): { tone: Tone; text: string } {
  const offered = all.filter((v) => v.verdict !== 'not-offered');
  const missing = all.length - offered.length;
  const h = headlineOffered(offered);
  if (missing === 0) return h;
  const names = all.filter((v) => v.verdict === 'not-offered').map((v) => v.apiVersion).join(', ');
  return { tone: h.tone, text: `${h.text}; not offered by the server: ${names}` };
}

function headlineOffered(verdicts: readonly VersionVerdict[]): { tone: Tone; text: string } {
  const n = verdicts.length;
  const bad = verdicts.filter((v) => v.verdict === 'not-conformant').length;
  const partial = verdicts.filter((v) => v.verdict === 'incomplete').length;
  const of = (k: number) => (n === 1 ? `API ${verdicts[0].apiVersion}` : `${k} of ${plural(n, 'API version')}`);
  const known = verdicts.filter(onlyKnown);
  if (bad > known.length) return { tone: 'bad', text: `Not conformant in ${of(bad - known.length)}${partial ? `; incomplete in ${partial}` : ''}${known.length ? `; only known deviations in ${known.length}` : ''}` };
  if (known.length > 0) {
    const rules = new Set(known.flatMap((v) => v.knownRules ?? [])).size;
    const where = n === 1 ? `${verdicts[0].apiVersion}: ` : `${known.length === n ? `all ${plural(n, 'API version')}` : `${known.length} of ${plural(n, 'API version')}`}: `;
    return { tone: 'partial', text: `${where}no new failures; ${plural(rules, 'known deviation')}${partial ? `; incomplete in ${partial}` : ''}` };
  }
  if (partial > 0) return { tone: 'partial', text: `Incomplete in ${of(partial)}: MUST rules were not tested` };
  if (n === 0) return { tone: 'partial', text: 'Incomplete: no API version was checked' };
  return { tone: 'good', text: `Conformant in ${n === 1 ? `API ${verdicts[0].apiVersion}` : `all ${plural(n, 'API version')}`}` };
}

/** The untested rules of a version that make it incomplete, grouped by reason (most rules first). */
export function untestedByReason(v: VersionVerdict, accepted = false): { reason: string; rules: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const u of (v as ShownVerdict).untested) {
    if (Boolean(u.allowed) !== accepted) continue;
    groups.set(u.reason, [...(groups.get(u.reason) ?? []), u.rule]);
  }
  return [...groups].map(([reason, rules]) => ({ reason, rules })).sort((a, b) => b.rules.length - a.rules.length);
}

/** Why the version's run was cut short, when it was. */
export function stoppedReason(v: VersionVerdict): string | undefined {
  return (v as ShownVerdict).stopped;
}

/** One plain-text paragraph: the verdict, and for an incomplete version what was not tested and why. */
export function verdictParagraph(v: VersionVerdict): string {
  const w = verdictWords(v);
  const failed = v.knownFailures ? `${v.failed - v.knownFailures} failed, ${v.knownFailures} known` : `${v.failed} failed`;
  const lines = [`API ${v.apiVersion}: ${w.label} (${v.passed} passed, ${failed}, ${v.errored} errors, ${v.warned} warned, ${v.skipped} skipped)`];
  if (v.knownRules?.length) lines.push(`known deviations (${v.knownRules.length}): ${v.knownRules.join(', ')}`);
  const stopped = stoppedReason(v);
  if (stopped) lines.push(`run stopped early: ${stopped}`);
  for (const g of untestedByReason(v)) lines.push(`untested MUST rules (${g.rules.length}), ${g.reason}: ${g.rules.join(', ')}`);
  for (const g of untestedByReason(v, true)) lines.push(`untested but accepted (--allow-untested) (${g.rules.length}), ${g.reason}: ${g.rules.join(', ')}`);
  return lines.join('\n');
}
