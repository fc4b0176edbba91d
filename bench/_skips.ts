import { runAgainstReference, latitudeUserConfig } from '../src/selftest/harness.js';
const [v, choicesArg] = process.argv.slice(2);
const choices = choicesArg ? Object.fromEntries(choicesArg.split(',').map((c) => c.split('=') as [string, string])) : {};
const r = await runAgainstReference([v as never], { latitude: { choices }, config: latitudeUserConfig(2) });
const m = new Map<string, number>();
for (const x of r.results) if (x.outcome === 'skip') { const k = `${x.rule}: ${x.message}`.slice(0, 220); m.set(k, (m.get(k) ?? 0) + 1); }
for (const [k, n] of [...m].sort((a, b) => b[1] - a[1])) console.log(n, k);
console.log(r.summary);
process.exit(0);
