import autocannon from 'autocannon';
import { LatencyRecorder, type LatencySummary } from './histogram.js';

/**
 * One profile's load through autocannon's programmatic API (never its printed table), in this process, which is
 * never the server's (ecosystem §4: one event loop for both halves the throughput). Latency comes from our own
 * µs histogram; requests/s from autocannon's per-second samples; generator CPU from process.cpuUsage().
 */

export interface GeneratorOptions {
  /** Origin only, e.g. http://127.0.0.1:8080 (every request goes there). */
  origin: string;
  /** Request paths; each connection cycles through them in order. */
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  pipelining: number;
  /** Per-request timeout in seconds. */
  timeoutS: number;
  /** Keep the body of the first 2xx response of each path and of every `every`-th response, up to `max`. */
  sample: { every: number; max: number };
  signal?: AbortSignal;
  /** Warm-up instead of measurement: stops after `amount` responses (or the duration), nothing sampled. */
  amount?: number;
  /** autocannon's sample interval (default 1000 ms: requests/s samples); a run ends on a sample tick. */
  sampleIntMs?: number;
}

export interface SampledBody {
  /** Index into `paths`. */
  request: number;
  body: string;
}

export interface GeneratorRun {
  responses: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytes: number;
  durationMs: number;
  rps: { mean: number; p50: number; p90: number; min: number; max: number };
  latency: LatencySummary;
  samples: SampledBody[];
  /** CPU time of this process over the run, in percent of one core. */
  cpuPct: number;
}

/** Runs autocannon once; resolves when it is done (or stopped by `signal`). */
export function runGenerator(o: GeneratorOptions): Promise<GeneratorRun> {
  const latency = new LatencyRecorder();
  const samples: SampledBody[] = [];
  const seen = o.paths.map(() => 0);
  let responses = 0;
  let bytes = 0;
  const requests: autocannon.Request[] = o.paths.map((path, i) => ({
    method: 'GET',
    path,
    onResponse: (status: number, body: string) => {
      seen[i]++;
      if (o.amount !== undefined || status < 200 || status > 299 || samples.length >= o.sample.max) return;
      if (seen[i] === 1 || responses % o.sample.every === 0) samples.push({ request: i, body });
    },
  }));
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  return new Promise<GeneratorRun>((resolve, reject) => {
    const instance = autocannon({
      url: o.origin,
      requests,
      headers: o.headers,
      connections: o.connections,
      duration: o.durationS,
      pipelining: o.pipelining,
      timeout: o.timeoutS,
      ...(o.amount !== undefined ? { amount: o.amount } : {}),
      ...(o.sampleIntMs !== undefined ? { sampleInt: o.sampleIntMs } : {}),
    }, (err: unknown, result: autocannon.Result) => {
      o.signal?.removeEventListener('abort', stop);
      const wallNs = Number(process.hrtime.bigint() - t0);
      const cpu = process.cpuUsage(cpu0);
      if (err) {
        latency.destroy();
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const r = result.requests;
      const run: GeneratorRun = {
        responses, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, bytes,
        durationMs: Math.round(wallNs / 1e6),
        rps: { mean: r.mean, p50: r.p50, p90: r.p90, min: r.min, max: r.max },
        latency: latency.summary(), samples,
        cpuPct: Math.round(((cpu.user + cpu.system) / (wallNs / 1000)) * 1000) / 10,
      };
      latency.destroy();
      resolve(run);
    });
    instance.on('response', (_client: autocannon.Client, _status: number, resBytes: number, ms: number) => {
      responses++;
      bytes += resBytes;
      latency.record(ms);
    });
    const stop = () => instance.stop();
    if (o.signal?.aborted) stop();
    else o.signal?.addEventListener('abort', stop, { once: true });
  });
}
