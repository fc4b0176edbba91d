import { readFileSync } from 'node:fs';
import { UsageError } from '../../config/errors.js';

/**
 * Reading an Artillery JSON report (`artillery run --output FILE`, also what `artillery run-fargate` writes, with the
 * counters of every worker summed) back into evconf's terms. Per profile, because the scripts evconf writes name
 * every request after its profile and turn on metrics-by-endpoint, whose counters and latency summaries are keyed by
 * that name. Pure apart from the file read; every problem is a one-line UsageError (exit 2).
 */

interface Summary {
  min?: number; max?: number; mean?: number; p50?: number; median?: number; p90?: number; p99?: number; count?: number;
}

interface Period {
  counters?: Record<string, number>;
  summaries?: Record<string, Summary>;
  firstCounterAt?: number;
  lastCounterAt?: number;
  firstMetricAt?: number;
  lastMetricAt?: number;
}

/** What Artillery measured for one profile. */
export interface ArtilleryMeasurement {
  profile: string;
  /** Requests sent (responses + errors). */
  requests: number;
  responses: number;
  /** Requests that got no response (connection errors and timeouts), by Artillery's error code. */
  errors: number;
  timeouts: number;
  errorCodes: Record<string, number>;
  non2xx: number;
  /** Responses whose content type was not JSON (the script's `expect` check). */
  notJson: number;
  bytes: number;
  /** From the first to the last counted request. */
  durationMs: number;
  rps: { mean: number; p50: number; p90: number; min: number; max: number };
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

const PREFIX = 'plugins.metrics-by-endpoint.';
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const round1 = (x: number) => Math.round(x * 10) / 10;

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The profile names a report holds: the request names of its metrics-by-endpoint summaries and counters. */
export function reportProfiles(aggregate: Period): string[] {
  const names = new Set<string>();
  for (const k of Object.keys(aggregate.summaries ?? {})) if (k.startsWith(`${PREFIX}response_time.`)) names.add(k.slice(`${PREFIX}response_time.`.length));
  for (const k of Object.keys(aggregate.counters ?? {})) {
    const m = /^plugins\.metrics-by-endpoint\.(.+)\.(?:codes|errors)\.[^.]+$/.exec(k);
    if (m) names.add(m[1]);
  }
  return [...names].sort();
}

/** A profile's status codes and errors (refused, reset, timeout: no response), from its metrics-by-endpoint counters. */
function countersOf(p: Period, profile: string): { codes: Record<string, number>; errors: Record<string, number> } {
  const codes: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const c = `${PREFIX}${profile}.codes.`;
  const e = `${PREFIX}${profile}.errors.`;
  for (const [k, n] of Object.entries(p.counters ?? {})) {
    if (k.startsWith(c)) codes[k.slice(c.length)] = n;
    else if (k.startsWith(e)) errors[k.slice(e.length)] = n;
  }
  return { codes, errors };
}

/**
 * Requests/s of each full reporting period (Artillery's `intermediate`, 10 s each by default; the first and last
 * are partial and left out): the spread of a long run. A short run has none, and its mean stands for all.
 */
function periodRates(periods: Period[], profile: string): number[] {
  const rates: number[] = [];
  for (const p of periods.slice(1, -1)) {
    const { codes, errors } = countersOf(p, profile);
    const n = [...Object.values(codes), ...Object.values(errors)].reduce((a, b) => a + b, 0);
    const span = ((p.lastCounterAt ?? 0) - (p.firstCounterAt ?? 0)) / 1000;
    if (n > 0 && span >= 5) rates.push(n / span);
  }
  return rates.sort((a, b) => a - b);
}

/** One profile's measurement from a parsed report. */
export function measureProfile(report: { aggregate: Period; intermediate?: Period[] }, profile: string): ArtilleryMeasurement {
  const a = report.aggregate;
  const single = reportProfiles(a).length === 1;
  const { codes, errors: errorCodes } = countersOf(a, profile);
  const responses = Object.values(codes).reduce((x, y) => x + y, 0);
  const errors = Object.values(errorCodes).reduce((x, y) => x + y, 0);
  const non2xx = Object.entries(codes).filter(([c]) => !/^2\d\d$/.test(c)).reduce((x, [, n]) => x + n, 0);
  const lat = a.summaries?.[`${PREFIX}response_time.${profile}`] ?? {};
  const durationMs = Math.max(0, (a.lastCounterAt ?? 0) - (a.firstCounterAt ?? 0));
  const mean = durationMs > 0 ? (responses + errors) / (durationMs / 1000) : 0;
  const rates = periodRates(report.intermediate ?? [], profile);
  const at = (q: number) => (rates.length === 0 ? mean : rates[Math.min(rates.length - 1, Math.floor(q * rates.length))]);
  return {
    profile, requests: responses + errors, responses, errors,
    timeouts: Object.entries(errorCodes).filter(([c]) => TIMEOUT_CODES.has(c)).reduce((x, [, n]) => x + n, 0),
    errorCodes, non2xx,
    notJson: a.counters?.[`evconf.${profile}.not_json`] ?? 0,
    bytes: single ? a.counters?.['http.downloaded_bytes'] ?? 0 : 0,
    durationMs,
    rps: { mean: round1(mean), p50: round1(at(0.5)), p90: round1(at(0.9)), min: round1(rates[0] ?? mean), max: round1(rates[rates.length - 1] ?? mean) },
    latencyMs: { p50: lat.p50 ?? lat.median ?? 0, p90: lat.p90 ?? 0, p99: lat.p99 ?? 0, max: lat.max ?? 0, mean: lat.mean ?? 0 },
  };
}

/** Parses report text; `file` names it in messages. */
export function parseArtilleryReport(text: string, file: string): { aggregate: Period; intermediate: Period[]; profiles: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file} is not JSON (${(e as Error).message}); give the file that artillery run --output wrote`);
  }
  if (!isObj(raw) || !isObj(raw.aggregate) || !isObj(raw.aggregate.counters)) {
    throw new UsageError(`${file} is not an Artillery JSON report (no aggregate.counters); give the file that artillery run --output wrote`);
  }
  const aggregate = raw.aggregate as Period;
  const profiles = reportProfiles(aggregate);
  if (profiles.length === 0) {
    throw new UsageError(`${file}: no per-request metrics (metrics-by-endpoint) in this Artillery report; run a script written by evconf load --export artillery`);
  }
  return { aggregate, intermediate: Array.isArray(raw.intermediate) ? (raw.intermediate as Period[]) : [], profiles };
}

/** Reads a report file: one measurement per profile it holds. */
export function readArtilleryReport(file: string): ArtilleryMeasurement[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read Artillery report ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const report = parseArtilleryReport(text, file);
  return report.profiles.map((p) => measureProfile(report, p));
}
