import { describe, expect, it } from 'vitest';
import { runProfile } from './profile-run.js';
import { startProxy } from './proxy.js';

/** Every event the server lists, read through its own admin user. */
async function listed(url: string): Promise<unknown[]> {
  const res = await fetch(`${url}/api/events`, { headers: { authorization: `Basic ${Buffer.from('admin:selftest-admin-pw').toString('base64')}`, accept: 'application/v1.6.0+json' } });
  return (await res.json()) as unknown[];
}

/** A server whose recurring create answers 200 with an empty array: the events are made, none is named. */
const noIds = (upstream: string) => startProxy(upstream, async (r, forward) => {
  if (r.method !== 'POST' || r.url.pathname !== '/api/events') return undefined;
  const out = await forward(r);
  return out.status === 200 ? { ...out, body: '[]' } : out;
});

const ONLY = ['--api-version', '1.6.0', '--phases', 'scenarios', '--only', 'events.create.rrule*', '--settle-ms', '1500'];

// Nothing left on the server, whatever it answers (ARCHITECTURE.md, principle 6): a recurring create that names one of the events it
// made (201 with one identifier) or none (200 with an empty array) leaves events the run cannot delete by
// identifier; the end-of-run sweep lists the run's events by its tag and deletes them.
describe.concurrent('self-test: the end-of-run sweep leaves nothing of the run behind', () => {
  it.each([
    ['a recurring create answered 201 with one object (mutant rrule-201-single)', { mutant: 'rrule-201-single' }],
    ['a recurring create answered 200 with no identifier at all', { front: noIds }],
  ] as const)('%s: the run leaves 0 events, and says what it swept', async (_name, server) => {
    let left: unknown[] = ['not read'];
    const r = await runProfile(ONLY, { ...server, after: async (url) => { left = await listed(url); } });
    // The run made recurring events it was not told of (else there would be nothing to sweep).
    const swept = r.run.observations.filter((o) => o.topic === 'cleanup-sweep').map((o) => o.value);
    expect(swept, r.stdout).toEqual([expect.stringMatching(/^(\d+) event\(s\) of the run were still listed at its end .*; \1 deleted, 0 could not be removed$/)]);
    expect(Number(/^(\d+)/.exec(swept[0])![1])).toBeGreaterThan(1);
    expect(left).toEqual([]);
    expect(r.run.leftovers ?? []).toEqual([]);
  }, 180_000);
});
