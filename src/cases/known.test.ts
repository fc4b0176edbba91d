import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCases } from './adapter.js';
import { outcomeResults } from './outcome.js';
import { rules } from './testing.js';
import { broken, OK } from './verdict.js';
import type { PhaseEnv } from './phase-env.js';

const env: PhaseEnv = {
  version: '1.6.0', clients: { admin: undefined as never }, book: rules(),
  config: { seed: 5, runs: 20, settleMs: 0, workflow: 'w', suitesDir: '' },
  cleanup: { add: () => undefined, forget: () => undefined }, tag: 't', agent: 'agent-run-123',
};

// A failure an expectation explains does not stop a generated stage; its other rules are still checked.
describe('generated stages go on past a known failure', () => {
  // Odd cases break events.create.acl (the known deviation); even ones check events.update.metadata and pass.
  const run = async (n: number) => (n % 2 === 1
    ? { verdict: broken('events.create.acl', `the ACL differs from what was sent (n=${n})`), exchanges: [], exercised: new Set(['events.create.acl']) }
    : { verdict: OK, exchanges: [], exercised: new Set(['events.create.acl', 'events.update.metadata']) });
  const arb = fc.integer({ min: 0, max: 1000 });
  const stage = { id: 'stateful-lifecycle', rules: ['events.create.acl', 'events.update.metadata'] };

  it('without expectations the failure is new (and shrunk), and the stage still judges the other rule', async () => {
    const out = await runCases(arb, run, { seed: 3, numRuns: 30, settleMs: 0 });
    expect(out.kind).toBe('fail');
    const results = outcomeResults(env, stage, out, 1);
    expect(results.map((r) => r.outcome)).toEqual(['fail', 'pass']);
  });

  it('with the failure known it records it, runs every case, and the other rule passes', async () => {
    const out = await runCases(arb, run, { seed: 3, numRuns: 30, settleMs: 0, known: (rule, message) => rule === 'events.create.acl' && /ACL differs/.test(message) });
    expect(out.kind).toBe('pass');
    expect(out.numRuns).toBe(30);
    expect(out.known?.get('events.create.acl')?.verdict.message).toMatch(/^the ACL differs from what was sent \(n=\d*[13579]\)$/);
    const [acl, metadata] = outcomeResults(env, stage, out, 1);
    expect(acl).toMatchObject({ rule: 'events.create.acl', outcome: 'fail' });
    expect(acl.message).toMatch(/failed as the expectations say, not shrunk; the stage went on/);
    expect(metadata).toMatchObject({ rule: 'events.update.metadata', outcome: 'pass' });
  });

  it('a failure the expectations do not explain is new, even after a known one', async () => {
    const mixed = async (n: number) => (n > 900 ? { verdict: broken('events.update.metadata', 'lost'), exchanges: [], exercised: new Set(['events.update.metadata']) } : run(n));
    const out = await runCases(arb, mixed, { seed: 3, numRuns: 200, settleMs: 0, known: (rule) => rule === 'events.create.acl' });
    expect(out.kind).toBe('fail');
    expect(out.failure?.verdict.rule).toBe('events.update.metadata');
    const results = outcomeResults(env, stage, out, 1);
    expect(results.map((r) => `${r.rule} ${r.outcome}`)).toEqual(['events.create.acl fail', 'events.update.metadata fail']);
  });
});
