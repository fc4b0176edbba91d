import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const depcruise = fileURLToPath(new URL('../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url));
const config = `${root}.dependency-cruiser.cjs`;

interface Violation { rule: { name: string }; from: string; to: string }

async function cruise(cwd: string): Promise<Violation[]> {
  // Exit status 1 means violations: the JSON on stdout says which.
  const out = await promisify(execFile)(process.execPath, [depcruise, 'src', '--config', config, '--output-type', 'json'], { cwd, maxBuffer: 64 * 1024 * 1024 })
    .catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  return (JSON.parse(out.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

// The layering is checked by a tool (`npm run lint:deps`, part of `npm test`), not by review.
describe('architecture rules (.dependency-cruiser.cjs)', () => {
  it('src/ keeps every rule', async () => {
    expect((await cruise(root)).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 120_000);

  it('each rule can fail: a small tree that breaks each once is reported for each', async () => {
    const found = await cruise(`${root}test/fixtures/depcruise`);
    expect(new Set(found.map((v) => v.rule.name))).toEqual(new Set([
      'no-circular', 'reporters-only-read', 'core-below-the-cli', 'orchestrator-below-the-reporters', 'no-vitest-outside-tests',
      'core-below-the-stages', 'cases-below-the-stages', 'properties-not-stateful', 'stateful-not-properties',
      'stages-below-the-orchestrator', 'scenarios-a-peer-stage', 'stages-not-scenarios', 'yaml-at-the-bottom', 'stages-handed-expectations', 'load-not-mutants', 'reference-core-without-mutants', 'mutants-stay-in-the-reference',
    ]));
  }, 120_000);
});
