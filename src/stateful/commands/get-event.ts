import type fc from 'fast-check';
import { membersShow } from '../../cases/episode.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';

/** GET /api/events/{id} of a live event: 200 (events.get.status) with members equal to the model's catalog (events.create.metadata). */
export class GetEvent implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    r.step(`get(${e.label})`);
    r.kit.exercised.add('events.create.metadata');
    r.later([e.label], async (lane) => lane.expect(await lane.kit.settle('events.get.status', () => membersShow(lane.kit, e.id, e.episode, 'events.create.metadata', `GET ${e.label}`))));
  }

  toString(): string {
    return `get(#${this.pick})`;
  }
}
