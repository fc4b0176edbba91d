/**
 * A starting expectations file from a run (`evconf expectations --from results.json`): one entry per
 * failing rule with the versions it failed in and its message, so adopting evconf on a server that is not
 * conformant yet takes one command. `why` and `documented` are to be filled in: the draft says so in each entry.
 */
import { stringify } from 'yaml';
import type { ApiVersion, RunResult } from '../model/index.js';
import { API_VERSIONS } from '../model/index.js';
import { isLoadRule, versionIndex } from '../verdicts/tally.js';
import { differencesOf } from './differences.js';

const MAX_WHY = 160;

/** Versions as the file writes them: `all`, a range (">=1.1.0", "<=1.5.0", ">=1.1.0 <=1.3.0") or a list. */
export function versionsText(versions: readonly ApiVersion[]): string | ApiVersion[] {
  const sorted = [...new Set(versions)].sort((a, b) => versionIndex(a) - versionIndex(b));
  const first = versionIndex(sorted[0]);
  const last = versionIndex(sorted[sorted.length - 1]);
  if (last - first + 1 !== sorted.length) return sorted;
  if (sorted.length === API_VERSIONS.length) return 'all';
  if (sorted.length === 1) return sorted[0];
  const lo = first === 0 ? '' : `>=${sorted[0]}`;
  const hi = last === API_VERSIONS.length - 1 ? '' : `<=${sorted[sorted.length - 1]}`;
  return [lo, hi].filter(Boolean).join(' ');
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_WHY ? `${flat.slice(0, MAX_WHY - 1)}…` : flat;
}

/** What varies from run to run inside a difference (ids, the run's tag, datetimes, numbers), and the pattern for it. */
const VARYING: readonly (readonly [RegExp, string])[] = [
  [/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/, '[0-9a-f-]{36}'],
  [/^evconf[0-9a-z]+$/, 'evconf\\w*'],
  [/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/, '\\S+'],
  [/^\d+$/, '\\d+'],
];
// Plain numbers only as a JSON pointer's array index (/0/duration): a status or a value stays as it was.
const TOKEN = /([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}|evconf[0-9a-z]+|\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:\d{2})|(?<=\/)\d+(?=\/|\s|$))/;
const MAX_PATTERNS = 12;

/** One difference as a pattern: its text, with what varies between runs left open (anchored at both ends). */
export function differencePattern(part: string): string {
  const out = part.split(TOKEN).map((piece, i) => {
    if (i % 2 === 1) return VARYING.find(([re]) => re.test(piece))?.[1] ?? '.*';
    // A file's message is one line: line breaks (a body quoted after the status) become \s+.
    return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s*\n\s*/g, '\\s+');
  });
  return `^${out.join('')}$`;
}

/**
 * The `message` of a drafted entry: one anchored pattern per distinct difference its failures name (src/expectations/
 * differences.ts), so the entry explains exactly what differed in this run and a new difference of the rule is new.
 */
function messageOf(messages: readonly string[]): string {
  const patterns = [...new Set(messages.flatMap((m) => differencesOf(m).parts.map(differencePattern)))];
  return patterns.length > MAX_PATTERNS ? [...patterns.slice(0, MAX_PATTERNS), '^TODO: more differences than drafted$'].join('|') : patterns.join('|');
}

export interface DraftOptions {
  /** The results file it was made from (named in every entry's `documented`). */
  from: string;
  /** An expiry day for every entry (YYYY-MM-DD). */
  until?: string;
}

/** The expectations file (YAML text) for every rule that failed in the run (load budgets and evconf errors excluded). */
export function draftExpectations(run: RunResult, opts: DraftOptions): string {
  const byRule = new Map<string, { versions: ApiVersion[]; message: string; messages: string[] }>();
  for (const r of run.results) {
    if (r.outcome !== 'fail' || isLoadRule(r.rule)) continue;
    const g = byRule.get(r.rule) ?? { versions: [], message: r.message, messages: [] };
    if (!g.versions.includes(r.apiVersion)) g.versions.push(r.apiVersion);
    g.messages.push(r.message);
    byRule.set(r.rule, g);
  }
  const entries = [...byRule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([rule, g]) => ({
    rule, versions: versionsText(g.versions), expect: 'fail',
    why: oneLine(g.message),
    message: messageOf(g.messages),
    documented: `TODO: where this deviation is documented (found by run ${run.runId}, ${opts.from})`,
    ...(opts.until ? { until: opts.until } : {}),
  }));
  const head = [
    `# evconf expectations: known deviations of ${run.target.baseUrl}`,
    `# Drafted by \`evconf expectations --from ${opts.from}\` from run ${run.runId} (${run.startedAt}).`,
    '# Replace each `why` with the real behaviour in one line and each `documented` with a link or a source;',
    '# each `message:` names every difference the rule showed (one anchored pattern each): a new difference of the rule',
    '# is a new failure; widen a pattern only where the real behaviour varies. `until:` (YYYY-MM-DD) makes an entry expire.',
    `# ${entries.length} failing rule${entries.length === 1 ? '' : 's'}.`,
  ].join('\n');
  return entries.length ? `${head}\n${stringify(entries, { lineWidth: 0 })}` : `${head}\n[]\n`;
}
