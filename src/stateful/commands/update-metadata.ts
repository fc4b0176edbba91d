import type fc from 'fast-check';
import type { EpisodeCatalog } from '../../generators/index.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { show, tagged } from '../verify.js';
import { settleViews } from '../views.js';

/**
 * POST /api/events/{id} with only a metadata part (the model's catalog with some fields changed): the catalog
 * shows the new values (events.update.metadata) and the ACL, not sent, stays (events.update.partial: "a request
 * carrying only a metadata part updates only that catalog").
 */
export class UpdateMetadata implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly change: EpisodeCatalog) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    r.step(`update(${e.label}, metadata only ${show(this.change)})`);
    const next = { ...e.episode, ...tagged(r.kit, this.change) };
    r.expect(accepted(r.kit.env, await r.kit.api.update(e.id, { fields: next }), 'events.update.metadata', 'POST /api/events/{id} (metadata part)'));
    e.episode = next;
    if ('title' in next) delete e.catalogKnown;
    r.later([e.label], async (lane) => lane.expect(await settleViews(lane, e, { episode: 'events.update.metadata', acl: 'events.update.partial' }, `after update(${e.label}, metadata only)`)));
  }

  toString(): string {
    return `update(#${this.pick}, metadata only ${show(this.change)})`;
  }
}
