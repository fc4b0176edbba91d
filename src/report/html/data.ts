/**
 * The results as embedded JSON for the client script: failures first, bodies capped, credentials redacted
 * (ARCHITECTURE.md § Reports). Embedded in `<script type="application/json">` with `<`, `>` and `&` escaped so no string
 * from the server can close the tag or start markup.
 */
import type { CheckResult, Exchange, RunResult } from '../../model/index.js';
import { shownOutcome, type ShownOutcome } from '../known.js';
import { endpointFamily, runVersions, sortResults } from '../tally.js';

/** Per-body cap in the HTML for failing/erroring/warning checks, and for all others. */
export const BODY_CAP_FINDING = 20 * 1024;
export const BODY_CAP_OTHER = 4 * 1024;

export interface ClientData {
  versions: string[];
  rules: Record<string, { level: string; section: string; quote: string; endpoint: string }>;
  /** `shown`: the outcome as listed (a failure the expectations explain is `known`; src/report/known.ts). */
  results: (CheckResult & { family: string; shown: ShownOutcome })[];
}

function cap(body: string | undefined, max: number): { body?: string; reportCut?: number } {
  if (body === undefined) return {};
  return body.length <= max ? { body } : { body: body.slice(0, max), reportCut: body.length };
}

function capExchange(x: Exchange, max: number): Exchange {
  const { body: reqBody, reportCut: reqCut } = cap(x.request.body, max);
  const request = { ...x.request, ...(reqBody !== undefined ? { body: reqBody } : {}), ...(reqCut ? { reportCut: reqCut } : {}) };
  if (!x.response) return { ...x, request };
  const { body = '', reportCut } = cap(x.response.body, max);
  return { ...x, request, response: { ...x.response, body, ...(reportCut ? { reportCut } : {}) } };
}

export function clientData(run: RunResult): ClientData {
  const rules: ClientData['rules'] = {};
  for (const r of run.rules ?? []) rules[r.id] = { level: r.level, section: r.section, quote: r.quote, endpoint: r.endpoint };
  const results = sortResults(run.results).map((r) => {
    const max = r.outcome === 'pass' || r.outcome === 'skip' ? BODY_CAP_OTHER : BODY_CAP_FINDING;
    return { ...r, family: endpointFamily(r), shown: shownOutcome(r), exchanges: r.exchanges.map((x) => capExchange(x, max)) };
  });
  return { versions: runVersions(run), rules, results };
}

/** JSON safe to place inside a `<script type="application/json">` element. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
