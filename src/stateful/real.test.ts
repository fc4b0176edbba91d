import { describe, expect, it } from 'vitest';
import type { CaseKit } from '../cases/case.js';
import { broken, CaseFailure } from '../cases/verdict.js';
import type { Exchange } from '../model/index.js';
import { Real, SCHEDULES } from './real.js';

/** A kit whose lanes record into arrays of their own (all Real uses of CaseKit). */
function fakeKit(): CaseKit {
  const kit = { api: { exchanges: [] as Exchange[] }, lane: () => fakeKit() };
  return kit as unknown as CaseKit;
}

const ex = (path: string) => ({ request: { method: 'GET', url: path, headers: {} } }) as unknown as Exchange;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A read-back that takes `ms`, logs its start and end, and fails (rule `rule`) when given one. */
function readBack(log: string[], name: string, ms: number, rule?: string) {
  return async (lane: Real) => {
    log.push(`${name} start`);
    lane.kit.api.exchanges.push(ex(`/${name}`));
    await sleep(ms);
    log.push(`${name} end`);
    if (rule) lane.expect(broken(rule, `${name} failed`));
  };
}

describe('Real (writes wait only for the read-backs of what they touch)', () => {
  it('a write to one event waits for its read-back, not for another event\'s', async () => {
    const log: string[] = [];
    const r = new Real(fakeKit(), { agent: 'a', scheduling: true });
    r.later(['e1'], readBack(log, 'e1', 60));
    r.later(['e2'], readBack(log, 'e2', 10));
    await r.turn(['e2']);
    log.push('write e2');
    await r.turn(['e1']);
    log.push('write e1');
    await r.drain();
    expect(log).toEqual(['e1 start', 'e2 start', 'e2 end', 'write e2', 'e1 end', 'write e1']);
  });

  it('a schedule write waits for every read-back that holds SCHEDULES; a list for all of them', async () => {
    const log: string[] = [];
    const r = new Real(fakeKit(), { agent: 'a', scheduling: true });
    r.later(['e1', SCHEDULES], readBack(log, 'e1', 40));
    r.later(['e2'], readBack(log, 'e2', 80));
    await r.turn(['e3', SCHEDULES]);
    log.push('schedule e3');
    await r.turn('all');
    log.push('list');
    expect(log).toEqual(['e1 start', 'e2 start', 'e1 end', 'schedule e3', 'e2 end', 'list']);
  });

  it('a failed read-back ends the sequence at the next turn, with the earliest failure in command order', async () => {
    const log: string[] = [];
    const r = new Real(fakeKit(), { agent: 'a', scheduling: true });
    r.kit.api.exchanges.push(ex('/write'));
    r.later(['e1'], readBack(log, 'e1', 50, 'first.rule'));
    r.later(['e2'], readBack(log, 'e2', 5, 'second.rule'));
    await sleep(20);
    // e2 failed first in time, e1 (the earlier command) fails too: e1's failure is the one.
    const thrown = await r.turn(['e3']).then(() => undefined, (e: unknown) => e);
    expect(thrown).toBeInstanceOf(CaseFailure);
    const f = thrown as CaseFailure;
    expect(f.verdict.rule).toBe('first.rule');
    // Its evidence: the sequence's exchanges, then the read-back's own, its last read last.
    expect(f.exchanges.map((x) => x.request.url)).toEqual(['/write', '/e2', '/e1']);
    // Every read-back's exchanges end up in the sequence's.
    expect(r.kit.api.exchanges.map((x) => x.request.url).sort()).toEqual(['/e1', '/e2', '/write']);
  });

  it('quiet waits for every read-back without throwing; firstFailure names the earliest; drain throws it', async () => {
    const log: string[] = [];
    const r = new Real(fakeKit(), { agent: 'a', scheduling: true });
    r.later(['e1'], readBack(log, 'e1', 30));
    r.later(['e2'], readBack(log, 'e2', 10, 'the.rule'));
    await r.quiet();
    expect(log).toContain('e1 end');
    expect((r.firstFailure() as CaseFailure).verdict.rule).toBe('the.rule');
    await expect(r.drain()).rejects.toBeInstanceOf(CaseFailure);
  });

  it('one at a time: every write waits for every read-back before it', async () => {
    const log: string[] = [];
    const r = new Real(fakeKit(), { agent: 'a', scheduling: true }, [], true);
    r.later(['e1'], readBack(log, 'e1', 30));
    await r.turn(['e2']);
    log.push('write e2');
    expect(log).toEqual(['e1 start', 'e1 end', 'write e2']);
  });

  it('tells whether the failing read-back ran while a later command was let through', async () => {
    const alone = new Real(fakeKit(), { agent: 'a', scheduling: true });
    alone.later(['e1'], readBack([], 'e1', 10, 'the.rule'));
    await alone.quiet();
    expect(alone.failureOverlapped()).toBe(false);
    const beside = new Real(fakeKit(), { agent: 'a', scheduling: true });
    beside.later(['e1'], readBack([], 'e1', 30, 'the.rule'));
    await beside.turn(['e2']);
    await beside.quiet();
    expect(beside.failureOverlapped()).toBe(true);
  });

  it('an error that is not a failure of the server is passed on as it is', async () => {
    const r = new Real(fakeKit(), { agent: 'a', scheduling: true });
    r.later(['e1'], () => Promise.reject(new TypeError('a bug in evconf')));
    await expect(r.drain()).rejects.toThrow(TypeError);
  });
});
