import type fc from 'fast-check';
import { accepted, statusIs } from '../../cases/expect.js';
import { scheduleIs } from '../../cases/schedule.js';
import { slotSpan, type EventModel } from '../model.js';
import { SCHEDULES, type Real } from '../real.js';
import { settleViews } from '../views.js';

/**
 * PUT /scheduling moving an event to a slot (1.1.0+): a slot another live event holds on the same agent is a
 * conflict (scheduling.put.409, and nothing changes); a free one applies (scheduling.put.applies).
 */
export class PutScheduling implements fc.AsyncCommand<EventModel, Real> {
  /** `slot`: a slot number (modulo the slots); `onto`: the slot of another scheduled event (a conflict), when there is one. */
  constructor(readonly pick: number, readonly target: { slot: number } | { onto: number }) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.some((e) => e.slot !== undefined);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const scheduled = m.live.filter((e) => e.slot !== undefined);
    const e = scheduled[this.pick % scheduled.length];
    const others = scheduled.filter((x) => x !== e);
    const slot = 'onto' in this.target && others.length > 0 ? others[this.target.onto % others.length].slot! : ('slot' in this.target ? this.target.slot : this.target.onto) % m.slots;
    const holder = m.holder(slot, e);
    // Which slots are taken is what this write judges: it waits for every schedule read back before it.
    await r.turn([e.label, SCHEDULES]);
    r.step(`putScheduling(${e.label}, slot ${slot})${holder ? ` (held by ${holder.label})` : ''}`);
    const res = await r.kit.api.putScheduling(e.id, { agent_id: r.opts.agent, ...slotSpan(slot, r.opts.slotOffset) });
    if (holder) {
      r.kit.exercised.add('scheduling.put.409');
      r.expect(statusIs(r.kit.env, res, [409], 'scheduling.put.409', `PUT /scheduling onto the slot of ${holder.label} (same agent)`));
      const kept = slotSpan(e.slot!, r.opts.slotOffset);
      r.later([e.label, SCHEDULES], async (lane) => lane.expect(await scheduleIs(lane.kit, e.id, { agent_id: lane.opts.agent, ...kept }, 'scheduling.put.409', `after the refused putScheduling(${e.label})`)));
      return;
    }
    r.expect(accepted(r.kit.env, res, 'scheduling.put.applies', 'PUT /api/events/{id}/scheduling'));
    e.slot = slot;
    r.later([e.label, SCHEDULES], async (lane) => lane.expect(await settleViews(lane, e, { schedule: 'scheduling.put.applies' }, `after putScheduling(${e.label})`)));
  }

  toString(): string {
    return `putScheduling(#${this.pick}, ${'slot' in this.target ? `slot ${this.target.slot}` : `onto #${this.target.onto}`})`;
  }
}
