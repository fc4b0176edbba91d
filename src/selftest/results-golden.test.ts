import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../spec/paths.js';
import { runAgainstReference } from './harness.js';
import { resultsShape } from './results-shape.js';

/**
 * The results file of a fixed-seed run against the reference server, apart from
 * timings and ids (src/selftest/results-shape.ts), is the one recorded in test/fixtures/results/. A refactoring
 * that changes which results a user gets, their outcomes, the verdicts, the coverage or what the probe learned fails
 * here. A deliberate change (a new check, a scenario edited) records the file again:
 * `EVCONF_UPDATE_GOLDEN=1 npx vitest run src/selftest/results-golden.test.ts`, and the diff is reviewed in the commit.
 */
const FILE = join(PROJECT_ROOT, 'test', 'fixtures', 'results', 'reference-1.0.0-1.6.0-seed21.json');

describe('the results of a fixed seed (1.0.0 and 1.6.0, seed 21) against the reference server', () => {
  it('are the recorded ones, apart from timings and ids', async () => {
    const shape = resultsShape(await runAgainstReference(['1.0.0', '1.6.0'], { seed: 21 }));
    if (process.env.EVCONF_UPDATE_GOLDEN === '1' || !existsSync(FILE)) {
      writeFileSync(FILE, `${JSON.stringify(shape, null, 1)}\n`);
      if (process.env.EVCONF_UPDATE_GOLDEN !== '1') throw new Error(`no recorded results: wrote ${FILE}; review and commit it`);
      return;
    }
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    // The results line by line first, so that a difference reads as the results gained and lost.
    const now = new Set(shape.results as string[]);
    const then = new Set(recorded.results as string[]);
    expect({ lost: [...then].filter((r) => !now.has(r)), gained: [...now].filter((r) => !then.has(r)) }).toEqual({ lost: [], gained: [] });
    expect(shape).toEqual(recorded);
  }, 180_000);
});
