import { describe, expect, it } from 'vitest';
import { loadRules } from '../spec/rules.js';
import { SUITES_DIR } from '../spec/paths.js';
import { loadSuites } from './load.js';
import { sharedAgentTimeBase, WIDE_PLACES, wideTimeBase } from './time-base.js';

describe('time bases on one shared capture agent', () => {
  it('every built-in scenario spanning others\' windows (exclusive: shared-agent) has a year of its own', () => {
    const wide = loadSuites(SUITES_DIR, loadRules()).flatMap((f) => f.scenarios).filter((s) => s.exclusive === 'shared-agent');
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.length).toBeLessThanOrEqual(WIDE_PLACES);
  });

  it('the wide places lie after the last ordinary place (200 scenarios) and before 2120 (prop-rrule), a year apart', () => {
    const lastOrdinary = Date.parse(sharedAgentTimeBase(29, 199)) + 15 * 86_400_000;
    const first = Date.parse(wideTimeBase(0, 0));
    const last = Date.parse(wideTimeBase(29, WIDE_PLACES - 1));
    expect(first).toBeGreaterThan(lastOrdinary);
    // suites/scheduling/duration-numbers.yaml spans 170 days (+120d, then 50 days): well within its year.
    expect(last + 300 * 86_400_000).toBeLessThanOrEqual(Date.UTC(2120, 0, 1));
    expect(Date.parse(wideTimeBase(0, 1)) - first).toBeGreaterThanOrEqual(365 * 86_400_000);
    expect(() => wideTimeBase(0, WIDE_PLACES)).toThrow(/no place of its own/);
  });
});
