import { startReferenceServer } from '../../../reference/index.js';
import { createHttpClient } from '../../../http/index.js';
import { loadRules } from '../../../spec/rules.js';
import { runPropertyPhase } from '../index.js';
import type { ApiVersion } from '../../../model/index.js';

const version = (process.argv[2] ?? '1.6.0') as ApiVersion;
const mutant = process.argv[3];
const server = await startReferenceServer({ port: 0, processingDelayMs: 50, ...(mutant ? { mutant } : {}) });
const admin = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, versionHeader: { name: 'Accept', value: `application/v${version}+json` } });
const ids = new Set<string>();
const env = {
  version, clients: { admin }, book: loadRules(),
  config: { seed: 42, runs: Number(process.env.RUNS ?? 20), settleMs: 300, workflow: 'schedule-and-upload', suitesDir: '', ...(mutant ? { mutant } : {}) },
  cleanup: { add: (...x: string[]) => x.forEach((i) => ids.add(i)), forget: (i: string) => ids.delete(i) },
  tag: 'evconfsmokev160', agent: 'evconf-smoke',
};
const t0 = Date.now();
const res = await runPropertyPhase(env, { onProperty: (id, r) => console.log(id, `${Date.now() - t0}ms`, r.map((x) => `${x.rule}:${x.outcome}`).join(' ')) });
for (const r of res.filter((x) => x.outcome !== 'pass')) console.log(JSON.stringify({ ...r, exchanges: r.exchanges.length }, null, 1).slice(0, 3000));
console.log('total', Date.now() - t0, 'ms; leftover registered', ids.size);
await admin.close();
await server.close();
