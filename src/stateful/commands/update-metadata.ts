import type fc from 'fast-check';
import type { EpisodeCatalog } from '../../generators/index.js';
import { aclIs } from '../../cases/acl.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { episodeIs, show, tagged } from '../verify.js';

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
    r.step(`update(${e.label}, metadata only ${show(this.change)})`);
    const next = { ...e.episode, ...tagged(r.kit, this.change) };
    r.expect(accepted(r.kit.env, await r.kit.api.update(e.id, { fields: next }), 'events.update.metadata', 'POST /api/events/{id} (metadata part)'));
    e.episode = next;
    r.expect(await r.kit.settle('events.update.metadata', () => episodeIs(r.kit, e.id, next, 'events.update.metadata', `after update(${e.label}, metadata)`)));
    r.expect(await r.kit.settle('events.update.partial', () => aclIs(r.kit, e.id, e.acl, 'events.update.partial', `after update(${e.label}, metadata only): the ACL`)));
  }

  toString(): string {
    return `update(#${this.pick}, metadata only ${show(this.change)})`;
  }
}
