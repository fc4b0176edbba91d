import { describe, expect, it } from 'vitest';
import { runAgainstReference } from './harness.js';
import { renderSummary } from '../report/console.js';
import { renderJson } from '../report/json.js';
import { renderJunit } from '../report/junit.js';

// An interrupted run is never "conformant", and every reporter says the same thing.
describe('self-test: the verdict of a run that was stopped', () => {
  it('an interrupted run is incomplete in every version, with the reason, in the console, JSON and JUnit alike', async () => {
    const c = new AbortController();
    setTimeout(() => c.abort('interrupted (SIGINT/SIGTERM)'), 1_500).unref();
    const run = await runAgainstReference(['1.5.0', '1.6.0'], { signal: c.signal });
    expect(run.summary.failed + run.summary.errored).toBe(0);
    expect(run.verdicts?.map((v) => [v.apiVersion, v.verdict, v.conformant])).toEqual([['1.5.0', 'incomplete', false], ['1.6.0', 'incomplete', false]]);
    for (const v of run.verdicts ?? []) expect(v.stopped).toMatch(/interrupted \(SIGINT\/SIGTERM\)/);
    expect(renderSummary(run, { color: false })).toMatch(/1\.6\.0\s+◌ incomplete .*stopped: .*interrupted/);
    expect(renderSummary(run, { color: false })).not.toMatch(/✔ conformant/);
    const json = JSON.parse(renderJson(run)) as typeof run;
    expect(json.verdicts).toEqual(run.verdicts);
    expect(renderJunit(run)).toContain('<property name="verdict" value="incomplete"/>');
  }, 120_000);
});
