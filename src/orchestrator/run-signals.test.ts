import { describe, expect, it } from 'vitest';
import { phaseSignal, withStallGuard } from './run-signals.js';

describe('the run signal', () => {
  it('takes one listener per phase of every version (twelve) without a MaxListenersExceededWarning on the terminal', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const run = new AbortController();
      const { o } = withStallGuard({ config: { phaseBudgetMs: 60_000, timeoutMs: 1_000 }, signal: run.signal });
      const phases = Array.from({ length: 36 }, () => phaseSignal(o, 'scenarios', '1.6.0', new Map()));
      run.abort('stop');
      await new Promise((r) => setImmediate(r));
      expect(phases.every((p) => p.signal.aborted)).toBe(true);
      phases.forEach((p) => p.done());
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
