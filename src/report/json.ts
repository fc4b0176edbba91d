/** Canonical JSON report (ARCHITECTURE.md § Contracts): pretty, stable member order, credentials redacted. */
import type { CheckResult, Exchange, LoadResult, RunResult } from '../model/index.js';
import { redactRun } from '../redact/patterns.js';

type Obj = Record<string, unknown>;

/** Copy of `o` with `keys` first in that order, then any other members in their original order. */
function ordered(o: object, keys: readonly string[]): Obj {
  const src = o as Obj;
  const out: Obj = {};
  for (const k of keys) if (src[k] !== undefined) out[k] = src[k];
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== undefined) out[k] = src[k];
  return out;
}

const RUN_KEYS = ['tool', 'runId', 'startedAt', 'durationMs', 'partial', 'timing', 'target', 'seed', 'command', 'summary', 'verdicts', 'expectations', 'results',
  'observations', 'coverage', 'load', 'leftovers', 'rules'] as const;
const TARGET_KEYS = ['baseUrl', 'apiVersions', 'reference', 'mutant'];
const SUMMARY_KEYS = ['total', 'passed', 'failed', 'warned', 'skipped', 'errored'];
const VERDICT_KEYS = ['apiVersion', 'verdict', 'conformant', 'stopped', ...SUMMARY_KEYS, 'newFailures', 'knownFailures', 'knownRules', 'untested'];
const EXPECTATIONS_KEYS = ['files', 'strict', 'today', 'passed', 'newFailures', 'known', 'fixed', 'stale', 'entries'];
const ENTRY_KEYS = ['at', 'rule', 'versions', 'expect', 'why', 'documented', 'message', 'until', 'seenIn', 'status', 'staleReason', 'knownIn', 'fixedIn', 'checks', 'rules'];
const RESULT_KEYS = ['id', 'rule', 'level', 'apiVersion', 'endpoint', 'outcome', 'message', 'expected', 'actual',
  'expectation', 'exchanges', 'curl', 'source', 'seed', 'counterexample', 'replay', 'durationMs', 'reads', 'settledMs'];
const EXCHANGE_KEYS = ['request', 'response', 'error', 'durationMs', 'curl'];
const REQUEST_KEYS = ['method', 'url', 'headers', 'body'];
const RESPONSE_KEYS = ['status', 'headers', 'body', 'truncated', 'bodyBytes'];
const LOAD_KEYS = ['profile', 'url', 'apiVersion', 'engine', 'connections', 'durationMs', 'requests', 'rps', 'latencyMs',
  'errors', 'timeouts', 'non2xx', 'bytes', 'sampledBodies', 'sampledBodiesValid', 'generatorSaturated',
  'generatorCpuPct', 'budget', 'advisoryBudgets', 'outcome', 'message'];

function exchange(x: Exchange): Obj {
  return ordered({
    ...x,
    request: ordered(x.request, REQUEST_KEYS),
    ...(x.response ? { response: ordered(x.response, RESPONSE_KEYS) } : {}),
  }, EXCHANGE_KEYS);
}

function result(r: CheckResult): Obj {
  return ordered({
    ...r, exchanges: r.exchanges.map(exchange),
    ...(r.expectation ? { expectation: ordered(r.expectation, ['status', 'entry', 'why', 'documented', 'entries']) } : {}),
  }, RESULT_KEYS);
}

function load(l: LoadResult): Obj {
  return ordered({
    ...l,
    rps: ordered(l.rps, ['mean', 'p50', 'p90', 'min', 'max']),
    latencyMs: ordered(l.latencyMs, ['p50', 'p90', 'p99', 'max', 'mean']),
    budget: ordered(l.budget, ['p99Ms', 'minRps', 'maxErrorRate']),
  }, LOAD_KEYS);
}

/** The canonical record of a run as pretty JSON (2-space indent, trailing newline). */
export function renderJson(run: RunResult): string {
  const r = redactRun(run);
  const doc = ordered({
    ...r,
    tool: ordered(r.tool, ['name', 'version']),
    target: ordered(r.target, TARGET_KEYS),
    summary: ordered(r.summary, SUMMARY_KEYS),
    ...(r.verdicts ? { verdicts: r.verdicts.map((v) => ordered(v, VERDICT_KEYS)) } : {}),
    ...(r.expectations ? { expectations: ordered({ ...r.expectations, entries: r.expectations.entries.map((e) => ordered(e, ENTRY_KEYS)) }, EXPECTATIONS_KEYS) } : {}),
    results: r.results.map(result),
    observations: r.observations.map((o) => ordered(o, ['topic', 'apiVersion', 'value', 'context'])),
    coverage: r.coverage.map((c) => ordered(c, ['rule', 'apiVersion', 'checks'])),
    load: r.load.map(load),
    ...(r.timing ? { timing: r.timing.map((t) => ordered(t, ['apiVersion', 'stage', 'durationMs', 'phases', 'waits'])) } : {}),
    ...(r.rules ? { rules: r.rules.map((x) => ordered(x, ['id', 'level', 'since', 'until', 'section', 'endpoint', 'quote'])) } : {}),
  }, RUN_KEYS);
  return `${JSON.stringify(doc, null, 2)}\n`;
}
