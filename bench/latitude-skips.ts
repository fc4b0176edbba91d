/**
 * Why checks were skipped against the reference server with chosen latitude alternatives forced (every other choice at
 * its default): node --import tsx bench/latitude-skips.ts VERSION [id=alt,id=alt...]
 * Prints each distinct skip reason with its count, then the summary.
 */
import { runAgainstReference, latitudeUserConfig } from '../src/selftest/harness.js';

const [v, choicesArg] = process.argv.slice(2);
if (!v) {
  console.error('usage: node --import tsx bench/latitude-skips.ts VERSION [id=alt,id=alt...]');
  process.exit(2);
}
const choices = choicesArg ? Object.fromEntries(choicesArg.split(',').map((c) => c.split('=') as [string, string])) : {};
const r = await runAgainstReference([v as never], { latitude: { choices }, config: latitudeUserConfig(2) });
const reasons = new Map<string, number>();
for (const x of r.results) {
  if (x.outcome !== 'skip') continue;
  const k = `${x.rule}: ${x.message}`.slice(0, 220);
  reasons.set(k, (reasons.get(k) ?? 0) + 1);
}
for (const [k, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(n, k);
console.log(r.summary);
process.exit(0);
