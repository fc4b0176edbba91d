import type fc from 'fast-check';
import type { AclEntry, EpisodeCatalog } from '../../generators/index.js';
import { keysOf } from '../../cases/acl.js';
import type { CreateSpec } from '../../cases/api.js';
import { accepted } from '../../cases/expect.js';
import { slotSpan, type EventModel } from '../model.js';
import { SCHEDULES, type Real } from '../real.js';
import { show, tagged } from '../verify.js';
import { settleViews, type AspectRules } from '../views.js';

/** The parts an update may carry (spec § POST /api/events/{event_id}: "the same as for creation"). */
export interface UpdateParts {
  metadata?: EpisodeCatalog;
  acl?: AclEntry[];
  /** Move to a slot (a number modulo the free slots): sent only for a scheduled event and where one is free. */
  scheduling?: number;
  /** Send the processing part too (no view shows the processing configuration: not judged itself). */
  processing?: boolean;
}

/**
 * POST /api/events/{id} with several parts at once: each part sent applies (events.update.metadata, events.update.acl,
 * events.update.schedule) and what was not sent stays as it was (events.update.partial: "Only what is sent is
 * changed"), in every view. A scheduling part moves the event to a free slot only (a conflict is put-scheduling's).
 */
export class UpdateEventParts implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly parts: UpdateParts) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    // A schedule moved waits for every schedule read back before it (which slots are taken); else only this event's.
    const keys = this.parts.scheduling !== undefined && e.slot !== undefined && r.opts.scheduling ? [e.label, SCHEDULES] : [e.label];
    await r.turn(keys);
    const spec: Partial<CreateSpec> = {};
    const rules: AspectRules = {};
    const sent: string[] = [];
    if (this.parts.metadata) {
      const next = { ...e.episode, ...tagged(r.kit, this.parts.metadata) };
      spec.fields = next;
      e.episode = next;
      if ('title' in next) delete e.catalogKnown;
      rules.episode = 'events.update.metadata';
      sent.push('metadata');
    }
    if (this.parts.acl) {
      spec.acl = this.parts.acl;
      e.acl = keysOf(this.parts.acl);
      rules.acl = 'events.update.acl';
      sent.push('acl');
    }
    let slot: number | undefined;
    if (this.parts.scheduling !== undefined && e.slot !== undefined && r.opts.scheduling) {
      const free = [...Array(m.slots).keys()].filter((s) => s === e.slot || !m.holder(s, e));
      slot = free[this.parts.scheduling % free.length];
      spec.scheduling = { agent_id: r.opts.agent, ...slotSpan(slot, r.opts.slotOffset) };
      rules.schedule = 'events.update.schedule';
      sent.push(`scheduling slot ${slot}`);
    }
    if (this.parts.processing) {
      spec.processing = { workflow: r.kit.env.config.workflow, configuration: {} };
      sent.push('processing');
    }
    if (!spec.fields && !spec.acl && !spec.scheduling) {
      // Nothing judgeable left (a scheduling part for an unscheduled event): the catalog part alone.
      spec.fields = e.episode;
      rules.episode = 'events.update.metadata';
      sent.push('metadata');
    }
    r.step(`update(${e.label}, ${sent.join(' + ')}${this.parts.metadata ? ` ${show(this.parts.metadata)}` : ''}${this.parts.acl ? ` ${show(this.parts.acl)}` : ''})`);
    const rule = rules.episode ?? rules.acl ?? rules.schedule ?? 'events.update.metadata';
    r.expect(accepted(r.kit.env, await r.kit.api.update(e.id, spec), rule, `POST /api/events/{id} (${sent.join(', ')} parts)`));
    if (slot !== undefined) e.slot = slot;
    // What was not sent is judged unchanged, in the same views.
    if (!rules.episode && Object.keys(e.episode).length > 0) rules.episode = 'events.update.partial';
    if (!rules.acl) rules.acl = 'events.update.partial';
    if (!rules.schedule && e.slot !== undefined && r.opts.scheduling) rules.schedule = 'events.update.partial';
    r.later(keys, async (lane) => lane.expect(await settleViews(lane, e, rules, `after update(${e.label}, ${sent.join(' + ')})`)));
  }

  toString(): string {
    const p = this.parts;
    return `update(#${this.pick}, ${[p.metadata ? `metadata ${show(p.metadata)}` : '', p.acl ? `acl ${show(p.acl)}` : '', p.scheduling !== undefined ? `scheduling #${p.scheduling}` : '', p.processing ? 'processing' : ''].filter(Boolean).join(' + ')})`;
  }
}
