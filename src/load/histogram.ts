import hdr from 'hdr-histogram-js';

/**
 * Latency with sub-millisecond resolution. autocannon's own histogram records whole milliseconds, so loopback
 * latencies below 1 ms read as 0 (docs: ecosystem §4); this one records microseconds.
 */
export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  count: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export class LatencyRecorder {
  private readonly h = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
  });

  /** One response time in milliseconds (fractions kept to the microsecond). */
  record(ms: number): void {
    this.h.recordValue(Math.max(1, Math.round(ms * 1000)));
  }

  get count(): number {
    return this.h.totalCount;
  }

  /** Percentiles in ms, 3 decimals (µs); all 0 when nothing was recorded. */
  summary(): LatencySummary {
    if (this.h.totalCount === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0, count: 0 };
    const max = round3(this.h.maxValue / 1000);
    // A percentile is reported as the top of its bucket, which can lie above the largest value recorded.
    const at = (p: number) => Math.min(max, round3(this.h.getValueAtPercentile(p) / 1000));
    return { p50: at(50), p90: at(90), p99: at(99), max, mean: round3(this.h.mean / 1000), count: this.h.totalCount };
  }

  /** Frees the histogram's buffers. */
  destroy(): void {
    this.h.destroy();
  }
}
