/**
 * Known deviations as every reporter shows them: the entries of the expectations files by what the run
 * made of them (known, fixed, stale), with the versions and checks. Reads only `run.expectations`.
 */
import type { EntryReport, RunResult } from '../model/index.js';

export { shownOutcome, SHOWN_ORDER, type ShownOutcome } from '../verdicts/shown.js';

export interface KnownView {
  /** Entries that explained results (an expired one still does: it is stale too). */
  known: EntryReport[];
  fixed: EntryReport[];
  stale: EntryReport[];
}

export function knownView(run: RunResult): KnownView | undefined {
  const x = run.expectations;
  if (!x) return undefined;
  const by = (s: EntryReport['status']) => x.entries.filter((e) => e.status === s);
  return { known: x.entries.filter((e) => e.checks > 0), fixed: by('fixed'), stale: by('stale') };
}

/** `events.delete.204 [1.0.0, 1.1.0]`: the entry's rule and the versions it explained failures in (or names). */
export function entryTitle(e: EntryReport): string {
  const versions = e.knownIn.length ? e.knownIn : e.status === 'fixed' ? e.fixedIn : e.versions;
  const rule = e.rules.length && (e.rules.length > 1 || e.rules[0] !== e.rule) ? `${e.rule} (${e.rules.join(', ')})` : e.rule;
  return `${rule} [${versions.join(', ')}]`;
}

/** Only an http(s) address at the start of `documented` becomes a link in a report; the rest is shown as text. */
export function linkOf(documented: string): string | undefined {
  return /^https?:\/\/[^\s<>"]+/.exec(documented)?.[0];
}

/** What to do about an entry that is fixed or stale, in one line. */
export function entryAdvice(e: EntryReport): string {
  if (e.status === 'fixed') return `passes now in ${e.fixedIn.join(', ')}: remove the entry (${e.at})`;
  return `stale, ${e.staleReason ?? 'matched nothing'}: update or remove the entry (${e.at})`;
}
