import type fc from 'fast-check';
import { accepted } from '../../cases/expect.js';
import { mustCreate } from '../../cases/reads.js';
import type { EventModel, ModelEvent } from '../model.js';
import type { Real } from '../real.js';
import { settleViews } from '../views.js';
import { DEFAULT_ACL } from './create-event.js';
import { goneEverywhere } from './delete-event.js';

/**
 * Delete, then create a new event with the deleted one's title and the fields it was created with: the deleted id
 * stays gone in every view (events.delete.gone: "Deletes the event."), and the new event is a new one: its catalog
 * is what was sent, not what the deleted event had come to hold (events.create.metadata), its ACL the one sent
 * (events.create.acl), and it has no values in the second catalog it was not created with (events.create.metadata).
 */
export class RecreateEvent implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.some((e) => e.origin !== undefined);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const known = m.live.filter((e) => e.origin !== undefined);
    const old = known[this.pick % known.length];
    const label = m.nextLabel();
    r.step(`${label} = recreate(${old.label})`);
    r.expect(accepted(r.kit.env, await r.kit.api.remove(old.id), 'events.delete.gone', 'DELETE /api/events/{id}'));
    m.remove(old);
    r.expect(await r.kit.settle('events.delete.gone', () => goneEverywhere(r, old.id, old.label)));
    // The title the deleted event had at its delete, the other fields as it was created with.
    const episode = { ...old.origin!, ...(typeof old.episode.title === 'string' ? { title: old.episode.title } : {}) };
    const id = await mustCreate(r.kit, { fields: episode });
    if (typeof id !== 'string') return r.expect(id);
    const e: ModelEvent = { label, id, episode, origin: episode, acl: [...DEFAULT_ACL] };
    m.live.push(e);
    r.expect(await settleViews(r, e, { episode: 'events.create.metadata', acl: 'events.create.acl', ...(r.opts.extra ? { extra: 'events.create.metadata' } : {}) }, `after ${label} = recreate(${old.label})`));
    // A GET of the deleted id after the new event exists: still gone (the new event did not take its place).
    r.expect(await r.kit.settle('events.delete.gone', () => goneEverywhere(r, old.id, old.label)));
  }

  toString(): string {
    return `recreate(#${this.pick})`;
  }
}
