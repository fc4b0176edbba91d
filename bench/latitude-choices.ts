/**
 * The whole suite against the reference server with chosen latitude alternatives forced (every other choice at its
 * default), for triaging a new choice: node --import tsx bench/latitude-choices.ts VERSIONS id=alt[,id=alt...] [ONLY]
 * VERSIONS: a comma list or `all`. Prints every failure and the counts per version.
 */
import { runAgainstReference, describeFailures, latitudeUserConfig } from '../src/selftest/harness.js';
import { API_VERSIONS } from '../src/model/version.js';
const [versionsArg, choicesArg, only] = process.argv.slice(2);
if (!versionsArg || !choicesArg) {
  console.error('usage: node --import tsx bench/latitude-choices.ts VERSIONS|all id=alt[,id=alt...] [ONLY]');
  process.exit(2);
}
const versions = (versionsArg === 'all' ? [...API_VERSIONS] : versionsArg.split(',')) as never[];
const choices = Object.fromEntries(choicesArg.split(',').map((c) => c.split('=') as [string, string]));
const t0 = Date.now();
const r = await runAgainstReference(versions, { latitude: { choices }, config: latitudeUserConfig(2), ...(only ? { only: only.split(',') } : {}) });
console.log(describeFailures(r).filter((l) => !/: warn: /.test(l)).join('\n'));
console.log(`${r.summary.passed} passed, ${r.summary.failed} failed, ${r.summary.errored} errored, ${r.summary.skipped} skipped, ${Date.now() - t0} ms`);
process.exit(0);
