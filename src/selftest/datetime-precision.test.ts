import { describe, expect, it } from 'vitest';
import type { ApiVersion } from '../model/index.js';
import { alternativesOf } from '../reference/latitude/catalogue.js';
import { describeFailures, latitudeUserConfig, runAgainstReference } from './harness.js';

/**
 * No false alarm at any datetime precision (spec § Scheduling information: start and end are "datetime (UTC)",
 * duration is "Duration of the recording in milliseconds"; no precision is given). The whole suite against the
 * reference server with the latitude choice datetime-precision forced to each alternative (every other choice at its
 * default), in the oldest version and the newest, one choice after the other (each run is bound by the server's
 * waits; four side by side on a loaded two-core machine time out): a server that keeps milliseconds (shown when not zero, or always),
 * or keeps seconds (cut or rounded), passes. The latitude self-test and the sweep draw the choice with the others.
 */
const VERSIONS: ApiVersion[] = ['1.0.0', '1.6.0'];
const PHASE_BUDGET_MS = 50_000;

describe('self-test: no false alarm at any datetime precision', () => {
  it('covers every alternative of datetime-precision', () => {
    expect(alternativesOf('datetime-precision')).toEqual(['seconds-cut', 'millis-when-non-zero', 'millis-always', 'seconds-rounded']);
  });

  it.each(alternativesOf('datetime-precision'))(
    'datetime-precision=%s: no failure, no error in 1.0.0 and 1.6.0',
    async (alt) => {
      const result = await runAgainstReference(VERSIONS, {
        latitude: { choices: { 'datetime-precision': alt } },
        seed: 42,
        config: latitudeUserConfig(0, 3, PHASE_BUDGET_MS),
      });
      expect(describeFailures(result).filter((l) => !/: warn: /.test(l))).toEqual([]);
      expect(result.summary.errored).toBe(0);
      expect(result.summary.passed).toBeGreaterThan(0);
      // The run learned the precision from the server's own answers (schedules whose ends have a fraction of .296 s
      // and .7 s: 1.1.0+) and reports it.
      const seen = result.observations.filter((o) => o.topic === 'reading:datetime-precision').map((o) => `${o.apiVersion}=${String(o.value)}`);
      expect(seen).toEqual([`1.6.0=${alt.startsWith('millis') ? 'milliseconds' : alt}`]);
    },
    400_000,
  );
});
