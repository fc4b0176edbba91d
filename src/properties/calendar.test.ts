import { describe, expect, it } from 'vitest';
import { AgentCalendar } from './calendar.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

/** A case that records when it runs and ends when `release` is called. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((r) => { release = r; });
  return { release, done };
}

describe('AgentCalendar: cases on one capture agent take turns only where their spans meet', () => {
  it('cases whose spans do not meet run side by side; one whose span meets waits for it to end', async () => {
    const cal = new AgentCalendar();
    const running = new Set<string>();
    const seen: string[][] = [];
    const run = (name: string, from: number, to: number, g: ReturnType<typeof gate>) => cal.hold([[from, to]], async () => {
      running.add(name);
      seen.push([...running].sort());
      await g.done;
      running.delete(name);
    });
    const a = gate(); const b = gate(); const c = gate();
    const pa = run('a', 0, 10, a);
    const pb = run('b', 10, 20, b); // touches a's end: no overlap
    const pc = run('c', 5, 15, c); // meets both
    await tick();
    expect([...running].sort()).toEqual(['a', 'b']);
    a.release();
    await tick();
    expect([...running].sort()).toEqual(['b']);
    b.release();
    await tick();
    expect([...running]).toEqual(['c']);
    c.release();
    await Promise.all([pa, pb, pc]);
    expect(seen.some((s) => s.includes('c') && s.length > 1)).toBe(false);
  });

  it('gives the span back when the case throws', async () => {
    const cal = new AgentCalendar();
    await expect(cal.hold([[0, 10]], async () => { throw new Error('broken'); })).rejects.toThrow('broken');
    expect(await cal.hold([[0, 10]], async () => 'ran')).toBe('ran');
  });
});
