import type fc from 'fast-check';
import type { Reply } from '../../cases/api.js';
import { accepted, statusIs } from '../../cases/expect.js';
import type { Judging } from '../../cases/judge.js';
import { OK, type Verdict } from '../../cases/verdict.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';

/** Gone: 404, or a success whose body is not this event (what GET of an unknown id answers is events.get.404's business). */
function gone(env: Judging, res: Reply, id: string, label: string): Verdict {
  const body = res.body as { identifier?: unknown } | undefined;
  if (res.status !== 404 && res.status !== undefined && res.status < 300 && body?.identifier !== id) return OK;
  return statusIs(env, res, [404], 'events.delete.gone', `GET ${label} after delete`);
}

/** DELETE /api/events/{id}: the event is gone afterwards (events.delete.gone: "Deletes the event."). */
export class DeleteEvent implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    r.step(`delete(${e.label})`);
    r.expect(accepted(r.kit.env, await r.kit.api.remove(e.id), 'events.delete.gone', 'DELETE /api/events/{id}'));
    m.remove(e);
    r.expect(await r.kit.settle('events.delete.gone', async () => gone(r.kit.env, await r.kit.api.get(e.id), e.id, e.label)));
  }

  toString(): string {
    return `delete(#${this.pick})`;
  }
}
