import { describe, expect, it } from 'vitest';
import { CaseKit } from './case.js';
import { rules } from './testing.js';
import { broken, OK, type Verdict } from './verdict.js';
import type { PhaseEnv } from './phase-env.js';

const env: PhaseEnv = {
  version: '1.6.0', clients: { admin: {} as never }, book: rules(),
  config: { seed: 5, runs: 20, settleMs: 300, workflow: 'w', suitesDir: '' },
  cleanup: { add: () => undefined, forget: () => undefined }, tag: 't', agent: 'a',
};

/** An attempt giving the verdicts in turn (the last repeats), counting its reads. */
function reads(...vs: Verdict[]) {
  const s = { n: 0 };
  const attempt = async (): Promise<Verdict> => vs[Math.min(s.n++, vs.length - 1)];
  return { s, attempt };
}

describe('CaseKit.settle with rules earlier cases found failing', () => {
  it('a read that breaks such a rule decides at once', async () => {
    const kit = new CaseKit(env, 't1', 300, 1, new Set(), new Set(['r.a']));
    const { s, attempt } = reads(broken('r.a', 'still broken'), OK);
    const v = await kit.settle('r.a', attempt);
    expect(v).toMatchObject({ ok: false, rule: 'r.a' });
    expect(s.n).toBe(1);
  });

  it('a read that breaks another rule the same attempt judges settles as any other (a lagging list after a create)', async () => {
    const kit = new CaseKit(env, 't2', 300, 2, new Set(), new Set(['r.a']));
    const { s, attempt } = reads(broken('r.b', 'not listed yet'), OK);
    const v = await kit.settle('r.a', attempt);
    expect(v).toEqual(OK);
    expect(s.n).toBeGreaterThanOrEqual(3);
  });
});
