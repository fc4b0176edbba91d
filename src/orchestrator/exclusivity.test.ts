import { describe, expect, it } from 'vitest';
import { Exclusivity } from './exclusivity.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('Exclusivity (run-wide readers–writer lock)', () => {
  it('lets shared work run together and exclusive work alone, in the order asked', async () => {
    const lock = new Exclusivity();
    const log: string[] = [];
    const gate = (name: string) => {
      let open!: () => void;
      const opened = new Promise<void>((r) => { open = r; });
      return { open, work: async () => { log.push(`${name}+`); await opened; log.push(`${name}-`); } };
    };
    const a = gate('a');
    const b = gate('b');
    const x = gate('x');
    const c = gate('c');
    const done = [lock.shared(a.work), lock.shared(b.work), lock.exclusive(x.work), lock.shared(c.work)];
    await tick();
    expect(log).toEqual(['a+', 'b+']); // x waits for a and b; c waits behind x
    a.open();
    await tick();
    expect(log).toEqual(['a+', 'b+', 'a-']);
    b.open();
    await tick();
    expect(log).toEqual(['a+', 'b+', 'a-', 'b-', 'x+']);
    x.open();
    await tick();
    expect(log.slice(-2)).toEqual(['x-', 'c+']);
    c.open();
    await Promise.all(done);
    expect(log).toEqual(['a+', 'b+', 'a-', 'b-', 'x+', 'x-', 'c+', 'c-']);
  });

  it('serves exclusive waiters before shared ones queued ahead of them: the exclusive ones run back to back', async () => {
    const lock = new Exclusivity();
    const log: string[] = [];
    const gate = (name: string) => {
      let open!: () => void;
      const opened = new Promise<void>((r) => { open = r; });
      return { open, work: async () => { log.push(`${name}+`); await opened; log.push(`${name}-`); } };
    };
    const a = gate('a');
    const x = gate('x');
    const c = gate('c');
    const y = gate('y');
    const done = [lock.shared(a.work), lock.exclusive(x.work), lock.shared(c.work), lock.exclusive(y.work)];
    await tick();
    expect(log).toEqual(['a+']);
    a.open();
    await tick();
    expect(log).toEqual(['a+', 'a-', 'x+']);
    x.open();
    await tick();
    expect(log).toEqual(['a+', 'a-', 'x+', 'x-', 'y+']); // c, asked before y, waits until no exclusive work waits
    y.open();
    await tick();
    expect(log.slice(-2)).toEqual(['y-', 'c+']);
    c.open();
    await Promise.all(done);
  });

  it('releases the lock when the work throws', async () => {
    const lock = new Exclusivity();
    await expect(lock.exclusive(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await lock.shared(async () => 'after')).toBe('after');
  });
});
