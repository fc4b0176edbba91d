/** Plain-text evidence of a check (ARCHITECTURE.md, principle 5) shared by the JUnit and console reporters. */
import type { CheckResult, Exchange, Json } from '../model/index.js';

export function prettyJson(v: Json | undefined): string {
  return v === undefined ? '' : JSON.stringify(v, null, 2);
}

/** At most `max` characters of `s`, with a note saying how much was cut. */
export function excerpt(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… [${s.length - max} more characters]`;
}

/** `GET http://… → 404 (12 ms)` or `GET http://… → connect-refused: …`. */
export function exchangeLine(x: Exchange): string {
  const head = `${x.request.method} ${x.request.url}`;
  const ms = `(${Math.round(x.durationMs)} ms)`;
  if (x.response) return `${head} → ${x.response.status} ${ms}`;
  if (x.error) return `${head} → ${x.error.code}: ${x.error.message} ${ms}`;
  return `${head} → no response ${ms}`;
}

function headerLines(h: Record<string, string>): string[] {
  return Object.entries(h).map(([k, v]) => `  ${k}: ${v}`);
}

function exchangeText(x: Exchange, i: number, maxBody: number): string[] {
  const out = [`#${i + 1} ${exchangeLine(x)}`, ...headerLines(x.request.headers)];
  if (x.request.body) out.push('  request body:', indent(excerpt(x.request.body, maxBody), '    '));
  if (x.response) {
    out.push('  response headers:', ...headerLines(x.response.headers).map((l) => `  ${l}`));
    if (x.response.body) {
      const cut = x.response.truncated ? ` (truncated by evconf; ${x.response.bodyBytes} bytes received)` : '';
      out.push(`  response body${cut}:`, indent(excerpt(x.response.body, maxBody), '    '));
    }
  }
  return out;
}

function indent(s: string, pad: string): string {
  return s.split('\n').map((l) => pad + l).join('\n');
}

/** Multi-line evidence: message, expected/actual, exchanges, curl, source, seed, counterexample, replay. */
export function evidenceText(r: CheckResult, opts: { maxBody: number }): string {
  const out = [`${r.level} ${r.rule} [${r.apiVersion}] ${r.endpoint}`, r.message];
  if (r.expected !== undefined) out.push('expected:', indent(prettyJson(r.expected), '  '));
  if (r.actual !== undefined) out.push('actual:', indent(prettyJson(r.actual), '  '));
  if (r.exchanges.length > 0) {
    out.push(r.exchanges.length > 1 ? 'exchanges (#1 decided the check; the others led to it, in the order sent):' : 'exchanges:');
    r.exchanges.forEach((x, i) => out.push(...exchangeText(x, i, opts.maxBody).map((l) => indent(l, '  '))));
  }
  const curl = r.curl ?? r.exchanges[0]?.curl;
  if (curl) out.push('reproduce (in this order):', ...curl.split('\n').map((line) => `  ${line}`));
  if (r.reads !== undefined) out.push(`settled: ${r.reads} read(s) over ${Math.round(r.settledMs ?? 0)} ms`);
  if (r.source) out.push(`source: ${r.source}`);
  if (r.seed !== undefined) out.push(`seed: ${r.seed}`);
  if (r.counterexample !== undefined) out.push('counterexample:', indent(prettyJson(r.counterexample), '  '));
  if (r.replay) out.push(`replay: ${r.replay}`);
  return out.join('\n');
}
