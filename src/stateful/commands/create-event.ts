import type fc from 'fast-check';
import type { EpisodeCatalog, ProcessingInstructions } from '../../generators/index.js';
import { ADMIN_ROLE } from '../../cases/phase-env.js';
import { isBroken, sendCreate, untilReady } from '../../cases/reads.js';
import { slotSpan, type EventModel, type ModelEvent } from '../model.js';
import { SCHEDULES, type Real } from '../real.js';
import { show, tagged } from '../verify.js';
import { settleViews } from '../views.js';

/** The ACL every created event starts with (the admin role may read and write). */
export const DEFAULT_ACL = [`allow|read|${ADMIN_ROLE}`, `allow|write|${ADMIN_ROLE}`].sort();

/** POST /api/events; the catalog reads back as sent (events.create.metadata), the ACL as sent (events.create.acl), a schedule as requested (events.create.schedule-single). */
export class CreateEvent implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly catalog: EpisodeCatalog, readonly scheduled: boolean, readonly processing: ProcessingInstructions) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length < m.maxEvents;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const label = m.nextLabel();
    const episode = tagged(r.kit, this.catalog);
    const slot = this.scheduled && r.opts.scheduling ? m.freeSlot() : undefined;
    const extra = r.opts.extra ? { flavor: r.opts.extra.flavor, fields: r.opts.extra.fields(label) } : undefined;
    // A schedule placed waits for every schedule read back before it (which slots are taken).
    const keys = slot !== undefined ? [label, SCHEDULES] : [label];
    await r.turn(keys);
    r.step(`${label} = create(${show(this.catalog)}${slot !== undefined ? `, schedule slot ${slot}` : ''}${extra ? ', with extra catalog' : ''}${this.flags()})`);
    const made = await sendCreate(r.kit, {
      fields: episode,
      processing: this.processing,
      ...(slot !== undefined ? { scheduling: { agent_id: r.opts.agent, ...slotSpan(slot, r.opts.slotOffset) } } : {}),
      ...(extra ? { extra } : {}),
    });
    if (isBroken(made)) return r.expect(made);
    const e: ModelEvent = { label, id: made.id, episode, origin: episode, acl: [...DEFAULT_ACL], ...(extra ? { extra: extra.fields } : {}), ...(slot !== undefined ? { slot } : {}) };
    m.live.push(e);
    // Every view of the new event: its catalogs, ACL and schedule, the single GET and the list with each flag.
    r.later(keys, async (lane) => {
      await untilReady(lane.kit, made);
      lane.expect(await settleViews(lane, e, {
        episode: 'events.create.metadata', acl: 'events.create.acl',
        ...(extra ? { extra: 'events.create.metadata' } : {}), ...(slot !== undefined ? { schedule: 'events.create.schedule-single' } : {}),
      }, `after ${label} = create`));
    });
  }

  /** The processing configuration, when there is any (the workflow is the run's). */
  private flags(): string {
    return Object.keys(this.processing.configuration).length > 0 ? `, processing ${show(this.processing.configuration)}` : '';
  }

  toString(): string {
    return `create(${show(this.catalog)}${this.scheduled ? ', scheduled' : ''}${this.flags()})`;
  }
}
