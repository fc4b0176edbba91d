import type fc from 'fast-check';
import { accepted } from '../../cases/expect.js';
import { broken, OK, type Verdict } from '../../cases/verdict.js';
import { isBroken, sendCreate, untilReady } from '../../cases/reads.js';
import type { EventModel, ModelEvent } from '../model.js';
import { SCHEDULES, type Real } from '../real.js';
import { settleViews } from '../views.js';
import { DEFAULT_ACL } from './create-event.js';
import { goneEverywhere } from './delete-event.js';

/**
 * Delete, then create a new event with the deleted one's title and the fields it was created with: the deleted id
 * stays gone in every view (events.delete.gone: "Deletes the event."), and the new event is a new one: its catalog
 * is what was sent, not what the deleted event had come to hold (events.create.metadata), its ACL the one sent
 * (events.create.acl), and its second catalog shows none of the deleted event's values (events.create.metadata).
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
    // The delete frees the event's slot, if it had one: it waits for every schedule read back before it.
    await r.turn(old.slot !== undefined ? [old.label, SCHEDULES] : [old.label]);
    r.step(`${label} = recreate(${old.label})`);
    r.expect(accepted(r.kit.env, await r.kit.api.remove(old.id), 'events.delete.gone', 'DELETE /api/events/{id}'));
    m.remove(old);
    r.expect(await r.kit.settle('events.delete.gone', () => goneEverywhere(r, old.id, old.label)));
    // The title the deleted event had at its delete, the other fields as it was created with.
    const episode = { ...old.origin!, ...(typeof old.episode.title === 'string' ? { title: old.episode.title } : {}) };
    const made = await sendCreate(r.kit, { fields: episode });
    if (isBroken(made)) return r.expect(made);
    const id = made.id;
    const e: ModelEvent = { label, id, episode, origin: episode, acl: [...DEFAULT_ACL] };
    m.live.push(e);
    // The second catalog the deleted event had: none of its values that name the deleted event shows on the new one
    // (a server may give every new event that catalog, with values of its own).
    const flavor = r.opts.extra?.flavor;
    const oldValues = Object.values(old.extra ?? {}).filter((v) => v.includes(old.label));
    r.later([label], async (lane) => {
      await untilReady(lane.kit, made);
      const own = async (): Promise<Verdict> => {
        if (flavor === undefined || oldValues.length === 0) return OK;
        const res = await lane.kit.api.catalog(id, flavor);
        const fields = res.status === 200 && Array.isArray(res.body) ? (res.body as { id?: unknown; value?: unknown }[]) : [];
        const kept = fields.filter((f) => typeof f?.value === 'string' && oldValues.includes(f.value));
        return kept.length === 0 ? OK : broken('events.create.metadata', `${label}, created after the delete of ${old.label}, shows ${old.label}'s values in ${flavor}`, { [flavor]: 'no value of the deleted event' }, { fields: kept });
      };
      lane.expect(await settleViews(lane, e, { episode: 'events.create.metadata', acl: 'events.create.acl' }, `after ${label} = recreate(${old.label})`, { own }));
      // A GET of the deleted id after the new event exists: still gone (the new event did not take its place).
      lane.expect(await lane.kit.settle('events.delete.gone', () => goneEverywhere(lane, old.id, old.label)));
    });
  }

  toString(): string {
    return `recreate(#${this.pick})`;
  }
}
