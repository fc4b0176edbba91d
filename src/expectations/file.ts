/**
 * Expectations files: a YAML list of known deviations, validated on load. A broken file is one line
 * naming file:line:col and what to fix (UsageError, exit status 2).
 *
 * ```yaml
 * - rule: events.delete.204            # rule id, * allowed
 *   versions: "<=1.5.0"                # a range (as in scenario files), a list of versions, or all
 *   expect: fail                       # fail (a SHOULD rule's warn counts) or skip
 *   why: DELETE answers 202 when the event has publications, in every version
 *   documented: https://example.org/…  # a link or a source
 *   message: "202"                     # optional: a regular expression the failure's message must match
 *   until: 2027-06-30                  # optional: after this day the entry is stale
 *   seen-in: Opencast 2.3–16           # optional: the implementation's versions
 * ```
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../config/errors.js';
import { API_VERSIONS, isApiVersion, type ApiVersion, type ExpectationEntry } from '../model/index.js';
import { InputFileError } from '../yaml/errors.js';
import { parseYamlSource, type YamlSource } from '../yaml/source.js';
import { parseVersionRange } from '../spec/versions.js';

const KEYS = ['rule', 'versions', 'expect', 'why', 'documented', 'message', 'until', 'seen-in'] as const;

/** A problem at an entry's key: file:line:col and the message. */
function fail(src: YamlSource, path: (string | number)[], detail: string): never {
  const p = src.pos(path);
  throw new InputFileError(src.file, p.line, p.col, detail);
}

function text(src: YamlSource, e: Record<string, unknown>, i: number, key: string, required: boolean): string | undefined {
  const v = e[key];
  if (v === undefined || v === null) {
    if (required) fail(src, [i], `entry ${i + 1} has no "${key}"`);
    return undefined;
  }
  if (typeof v !== 'string' || v.trim() === '') fail(src, [i, key], `"${key}" must be a non-empty string`);
  if (/[\r\n]/.test(v.trim())) fail(src, [i, key], `"${key}" must be one line`);
  return v.trim();
}

function versionsOf(src: YamlSource, v: unknown, i: number): ApiVersion[] {
  if (v === undefined || v === null) fail(src, [i], `entry ${i + 1} has no "versions" (a range such as ">=1.1.0", a list, or all)`);
  if (Array.isArray(v)) {
    const list = v.map(String);
    const bad = list.find((x) => !isApiVersion(x));
    if (bad !== undefined) fail(src, [i, 'versions'], `"${bad}" is not an API version (${API_VERSIONS.join(', ')})`);
    if (list.length === 0) fail(src, [i, 'versions'], '"versions" lists no version');
    return API_VERSIONS.filter((x) => list.includes(x));
  }
  const range = parseVersionRange(String(v));
  if (!Array.isArray(range)) fail(src, [i, 'versions'], range.error);
  if (range.length === 0) fail(src, [i, 'versions'], `"${String(v)}" selects no version`);
  return range;
}

/** `until`: a YAML date or a YYYY-MM-DD string that names a real day. */
function untilOf(src: YamlSource, v: unknown, i: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : undefined;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) fail(src, [i, 'until'], `"until" must be a day as YYYY-MM-DD (got "${s}")`);
  return s;
}

function entryOf(src: YamlSource, raw: unknown, i: number, ruleIds: readonly string[] | undefined): ExpectationEntry {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail(src, [i], `entry ${i + 1} must be a mapping (rule, versions, expect, why, documented)`);
  const e = raw as Record<string, unknown>;
  for (const k of Object.keys(e)) if (!(KEYS as readonly string[]).includes(k)) fail(src, [i, k], `unknown key "${k}"; an entry has ${KEYS.join(', ')}`);
  const rule = text(src, e, i, 'rule', true)!;
  if (!/^[A-Za-z0-9_.*-]+$/.test(rule)) fail(src, [i, 'rule'], `"${rule}" is not a rule id (letters, digits, . _ - and * only)`);
  if (ruleIds && !ruleIds.some((id) => new RegExp(`^${rule.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\-]/g, '\\$&')).join('.*')}$`).test(id))) {
    fail(src, [i, 'rule'], `"${rule}" matches no rule; see evconf rules`);
  }
  const expect = e.expect ?? 'fail';
  if (expect !== 'fail' && expect !== 'skip') fail(src, [i, 'expect'], `"expect" must be fail or skip (got "${String(expect)}")`);
  const message = text(src, e, i, 'message', false);
  if (message !== undefined) {
    try {
      new RegExp(message);
    } catch (err) {
      fail(src, [i, 'message'], `"message" is not a regular expression: ${(err as Error).message}`);
    }
  }
  const until = untilOf(src, e.until, i);
  const seenIn = text(src, e, i, 'seen-in', false);
  return {
    rule, versions: versionsOf(src, e.versions, i), expect,
    why: text(src, e, i, 'why', true)!, documented: text(src, e, i, 'documented', true)!,
    ...(message !== undefined ? { message } : {}), ...(until ? { until } : {}), ...(seenIn ? { seenIn } : {}),
    at: `${src.file}:${src.pos([i]).line}`,
  };
}

/** Parses an expectations file's text; `ruleIds` (the rule book) makes a rule pattern that matches nothing an error. */
export function parseExpectations(file: string, text: string, ruleIds?: readonly string[]): ExpectationEntry[] {
  try {
    const src = parseYamlSource(file, text);
    if (src.data === null || src.data === undefined) return [];
    if (!Array.isArray(src.data)) fail(src, [], 'an expectations file is a YAML list of entries (- rule: …)');
    return src.data.map((raw, i) => entryOf(src, raw, i, ruleIds));
  } catch (e) {
    if (e instanceof InputFileError) throw new UsageError(`expectations file ${e.message}`);
    throw e;
  }
}

/** Reads and parses the expectations files in order (--expectations, repeatable). */
export function loadExpectations(files: readonly string[], ruleIds?: readonly string[]): ExpectationEntry[] {
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read expectations file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    return parseExpectations(file, text, ruleIds);
  });
}
