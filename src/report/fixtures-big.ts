/** A large synthetic run (default 5 000 results) to check that reports stay small and fast. */
import { API_VERSIONS, type CheckResult, type Outcome, type RunResult } from '../model/index.js';
import { exchange, FIXTURE_RULES, reportFixture, withSummary } from './fixtures.js';

const OUTCOMES: Outcome[] = ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'skip', 'warn', 'fail'];

export function bigRun(n = 5000): RunResult {
  const base = reportFixture();
  const body = JSON.stringify(Array.from({ length: 4 }, (_, i) => ({ identifier: `event-${i}`, title: `Lecture ${i}`, processing_state: 'SUCCEEDED', subjects: ['a', 'b'] })));
  const results: CheckResult[] = Array.from({ length: n }, (_, i) => {
    const r = FIXTURE_RULES[i % FIXTURE_RULES.length];
    const outcome = OUTCOMES[i % OUTCOMES.length];
    const apiVersion = API_VERSIONS[i % API_VERSIONS.length];
    return {
      id: `${apiVersion}/gen-${i}/${r.id}`, rule: r.id, level: r.level, apiVersion, endpoint: r.endpoint, outcome,
      message: outcome === 'skip' ? 'server cannot publish' : `check ${i} ${outcome}`,
      exchanges: [exchange('GET', `/api/events?limit=4&offset=${i}`, outcome === 'fail' ? 500 : 200, body)],
      source: `suites/events/gen.yaml:${i}`, durationMs: 3,
      ...(outcome === 'fail' ? { expected: { status: 200 }, actual: { status: 500 } } : {}),
    };
  });
  return withSummary({ ...base, target: { ...base.target, apiVersions: [...API_VERSIONS] }, results });
}
