/**
 * One latitude run, for replaying a sweep or self-test case: node --import tsx bench/one-latitude.ts SEED VERSION [ONLY]
 * Prints the drawn latitude, every failure, and the counts.
 */
import { runAgainstReference, describeFailures, latitudeUserConfig } from '../src/selftest/harness.js';
import { resolveLatitude, departures } from '../src/reference/latitude/select.js';
const [seed, version, only] = process.argv.slice(2);
const c = resolveLatitude({ seed: Number(seed) });
console.log(departures(c).map((id) => `${id}=${c[id]}`).join(' '));
const t0 = Date.now();
const r = await runAgainstReference([version as never], { latitude: { seed: Number(seed) }, config: latitudeUserConfig(Number(seed)), ...(only ? { only: only.split(',') } : {}) });
console.log(describeFailures(r).filter((l) => !/: warn: /.test(l)).join('\n'));
console.log(`${r.summary.passed} passed, ${r.summary.failed} failed, ${r.summary.skipped} skipped, ${Date.now() - t0} ms`);
process.exit(0);
