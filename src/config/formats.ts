/**
 * `--format`: what a run writes and prints. Report files `json` (results.json), `junit`
 * (report.xml) and `html` (index.html) go to the report folder and its `latest/` copy; `github` prints workflow
 * commands (annotations) on stdout and appends a Markdown summary to $GITHUB_STEP_SUMMARY. Repeatable or a comma
 * list. Default: json, junit and html, plus github when GITHUB_ACTIONS=true. Explicit paths (--json, --junit,
 * --html FILE) are always written.
 */
import { UsageError } from './errors.js';

export const REPORT_FORMATS = ['json', 'junit', 'html', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Flag or config-file value (a string, a comma list, or a list of those) → the formats, in a fixed order. */
export function parseFormats(value: unknown, env: NodeJS.ProcessEnv, flag = '--format'): ReportFormat[] {
  if (value === undefined || value === null) {
    return ['json', 'junit', 'html', ...(env.GITHUB_ACTIONS === 'true' ? ['github' as const] : [])];
  }
  const list = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const f of list) {
    if (!(REPORT_FORMATS as readonly string[]).includes(f)) throw new UsageError(`${flag}: unknown format "${f}"; use any of ${REPORT_FORMATS.join(', ')}`);
  }
  if (list.length === 0) throw new UsageError(`${flag} needs at least one of ${REPORT_FORMATS.join(', ')}`);
  return REPORT_FORMATS.filter((f) => list.includes(f));
}
