/**
 * The time a property's cases hold on one shared capture agent (--agent-id): a case takes its spans (from, to in ms)
 * before it runs and gives them back when it ends; a case whose spans meet one held by a case in flight waits for
 * that case to end. So cases whose schedules never meet run side by side on the one agent, and two that could
 * conflict (spec § Scheduling rules: a schedule overlapping another on the same agent is a conflict) take turns.
 */
export type Span = readonly [from: number, to: number];

const meet = (a: readonly Span[], b: readonly Span[]) => a.some(([x, y]) => b.some(([u, v]) => x < v && u < y));

export class AgentCalendar {
  private readonly held = new Set<{ spans: readonly Span[]; ended: Promise<void> }>();

  async hold<T>(spans: readonly Span[], work: () => Promise<T>): Promise<T> {
    for (;;) {
      const blocking = [...this.held].filter((h) => meet(h.spans, spans));
      if (blocking.length === 0) break;
      await Promise.all(blocking.map((h) => h.ended));
    }
    let end!: () => void;
    const entry = { spans, ended: new Promise<void>((r) => { end = r; }) };
    this.held.add(entry);
    try {
      return await work();
    } finally {
      this.held.delete(entry);
      end();
    }
  }
}
