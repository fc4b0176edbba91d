// Preload (node --import) that counts the HTTP requests a process sends through undici (its diagnostics channel)
// and writes the count to $EVCONF_BENCH_COUNT_FILE when the process exits. Used by the conformance-run benchmark.
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

let count = 0;
subscribe('undici:request:create', () => { count++; });
process.on('exit', () => {
  if (process.env.EVCONF_BENCH_COUNT_FILE) writeFileSync(process.env.EVCONF_BENCH_COUNT_FILE, String(count));
});
