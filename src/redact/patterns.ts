/**
 * Redaction, part two (part one, secrets.ts, scrubs the run's known secrets from every exchange as it is recorded).
 * Defensive redaction for every report (ARCHITECTURE.md, principle 5, § Reports: "credentials never appear in any report or log").
 * The http layer already redacts; this catches anything that slipped through: Authorization/Cookie header
 * values, credentials in curl/command lines (`-u`, `--auth`, `--user-auth`) and user:password in URLs.
 */
import { REDACTED } from '../model/exchange.js';
import type { CheckResult, Exchange, LoadResult, RunResult } from '../model/index.js';

export { REDACTED };
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const PLACEHOLDER = /^(\[redacted\]|<redacted>|redacted|\*+|\$\{?[A-Z_][A-Z0-9_]*\}?|<[a-z_-]+>|\.\.\.|…)$/i;
const SCHEME = /^(Basic|Bearer|Digest|Negotiate|NTLM|Token|ApiKey|AWS4-HMAC-SHA256)\s+(.+)$/i;

function maskHeaderValue(name: string, value: string, force = false): string {
  const v = value.trim();
  if (v === '' || PLACEHOLDER.test(v)) return value;
  const m = SCHEME.exec(v);
  if (m) return PLACEHOLDER.test(m[2].trim()) ? value : `${m[1]} ${REDACTED}`;
  return force || name.toLowerCase().endsWith('cookie') || !/\s/.test(v) ? REDACTED : value;
}

/** Header record with secret values replaced (names kept, scheme kept: "Basic <redacted>"). */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? maskHeaderValue(k, String(v), true) : v;
  }
  return out;
}

/**
 * Our own usage hint ("give --user-auth USER:PASS"): the documented metavariables, exactly as written in our
 * messages, are not a credential. Only this whole pair: `admin:PASS` or `USER:secret` are still redacted.
 */
const USAGE_HINT = /^USER:PASS$/;

function maskUserPass(value: string): string {
  if (USAGE_HINT.test(value)) return value;
  const i = value.indexOf(':');
  if (i < 0) return PLACEHOLDER.test(value) ? value : REDACTED;
  const pass = value.slice(i + 1);
  return PLACEHOLDER.test(pass) ? value : `${value.slice(0, i)}:${REDACTED}`;
}

/** Redacts credentials inside free text: header lines, curl/CLI user options, URL user-info. */
export function redactText(text: string): string {
  return text
    .replace(/\b((?:proxy-)?authorization|(?:set-)?cookie)(["']?\s*:\s*["']?)([^'"\r\n]*)/gi,
      (_m, name: string, sep: string, value: string) => name + sep + maskHeaderValue(name, value))
    .replace(/(\s(?:-u|--user|--auth|--user-auth)(?:\s+|=))(['"]?)([^\s'"]+)\2/g,
      (_m, flag: string, q: string, value: string) => flag + q + maskUserPass(value) + q)
    .replace(/\b(https?:\/\/)([^\s/@:'"]+):([^\s/@'"]+)@/gi,
      (m, proto: string, user: string, pass: string) => (PLACEHOLDER.test(pass) ? m : `${proto}${user}:${REDACTED}@`));
}

function redactExchange(x: Exchange): Exchange {
  const request = { ...x.request, url: redactText(x.request.url), headers: redactHeaders(x.request.headers) };
  if (x.request.body !== undefined) request.body = redactText(x.request.body);
  const out: Exchange = { ...x, request, curl: redactText(x.curl) };
  if (x.response) {
    out.response = { ...x.response, headers: redactHeaders(x.response.headers), body: redactText(x.response.body) };
  }
  return out;
}

function redactResult(r: CheckResult): CheckResult {
  const out: CheckResult = { ...r, message: redactText(r.message), exchanges: r.exchanges.map(redactExchange) };
  if (r.curl !== undefined) out.curl = redactText(r.curl);
  if (r.replay !== undefined) out.replay = redactText(r.replay);
  return out;
}

function redactLoad(l: LoadResult): LoadResult {
  return { ...l, url: redactText(l.url), ...(l.message !== undefined ? { message: redactText(l.message) } : {}) };
}

/** A copy of the run with every credential-bearing place redacted; the input is not modified. */
export function redactRun(run: RunResult): RunResult {
  const out: RunResult = {
    ...run,
    target: { ...run.target, baseUrl: redactText(run.target.baseUrl) },
    results: run.results.map(redactResult),
    load: run.load.map(redactLoad),
  };
  if (run.command !== undefined) out.command = redactText(run.command);
  if (run.verdicts) {
    out.verdicts = run.verdicts.map((v) => ({
      ...v, untested: v.untested.map((u) => ({ ...u, reason: redactText(u.reason) })),
      ...(v.stopped !== undefined ? { stopped: redactText(v.stopped) } : {}),
    }));
  }
  return out;
}
