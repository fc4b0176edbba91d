import type fc from 'fast-check';
import type { EpisodeCatalog } from '../../generators/index.js';
import { statusIs } from '../../cases/expect.js';
import { isBroken, readScheduling } from '../../cases/reads.js';
import { broken, OK, type Verdict } from '../../cases/verdict.js';
import { isoUtc } from '../../spec/datetime.js';
import { OCCURRENCE_GAP, slotSpan, type EventModel, type ModelEvent } from '../model.js';
import { SCHEDULES, type Real } from '../real.js';
import { show, tagged } from '../verify.js';
import { settleViews } from '../views.js';
import { DEFAULT_ACL } from './create-event.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * POST /api/events with a daily rrule of two occurrences (1.1.0+; spec § POST /api/events, Scheduling rules: "To
 * schedule several events, give rrule, end and duration. The rule determines the dates and times within the period
 * from start to end plus duration"): 200 with two identifiers (events.create.rrule-200), each occurrence an event the
 * model knows from then on: its schedule (events.create.rrule) and ACL (events.create.acl) in every view. The end
 * lies half an hour past the second occurrence's start, far from the third (no occurrence in (end, end + duration]).
 * The occurrences' catalog fields are not judged (the spec does not describe them field by field); the fields a later
 * write sends are.
 */
export class CreateRecurring implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly catalog: EpisodeCatalog) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length + 2 <= m.maxEvents && m.slots > 0 && m.freePair() !== undefined;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    // Which slots are taken is what it needs: it waits for every schedule read back before it, then reads back
    // its own at once (which identifier is which occurrence decides the model).
    await r.turn([SCHEDULES]);
    const slot = m.freePair()!;
    const first = slotSpan(slot, r.opts.slotOffset);
    const startMs = Date.parse(first.start);
    const rrule = `FREQ=DAILY;BYHOUR=${new Date(startMs).getUTCHours()};BYMINUTE=0`;
    const scheduling = { agent_id: r.opts.agent, start: first.start, end: isoUtc(startMs + DAY + HOUR / 2), duration: HOUR, rrule };
    const labels = [m.nextLabel(), m.nextLabel()];
    r.step(`${labels.join(', ')} = createRecurring(${show(this.catalog)}, slots ${slot} and ${slot + OCCURRENCE_GAP})`);
    const res = await r.kit.api.create({ fields: tagged(r.kit, this.catalog), scheduling });
    r.kit.exercised.add('events.create.rrule-200');
    r.expect(statusIs(r.kit.env, res, [200], 'events.create.rrule-200', 'POST /api/events with an rrule of two occurrences'));
    if (res.ids.length !== 2) r.expect(broken('events.create.rrule', `an rrule of two occurrences created ${res.ids.length} event(s)`, { identifiers: 2 }, { identifiers: res.ids }));
    await Promise.all(res.ids.map((id) => r.kit.visible(id)));
    // Which identifier is which occurrence: the order of the 200 array is not said; each one's schedule tells.
    const slots: number[] = [];
    r.expect(await r.kit.settle('events.create.rrule', async (): Promise<Verdict> => {
      slots.length = 0;
      for (const id of res.ids) {
        const s = await readScheduling(r.kit, id);
        if (isBroken(s)) return s;
        const at = Date.parse(s.start);
        const k = [slot, slot + OCCURRENCE_GAP].find((x) => Date.parse(slotSpan(x, r.opts.slotOffset).start) === at);
        if (k === undefined || slots.includes(k)) return broken('events.create.rrule', `an occurrence starts at ${s.start}, not at one of the rule's two dates`, { starts: [first.start, slotSpan(slot + OCCURRENCE_GAP, r.opts.slotOffset).start] }, { start: s.start });
        slots.push(k);
      }
      return OK;
    }));
    const made: ModelEvent[] = res.ids.map((id, i) => ({ label: labels[slots[i] === slot ? 0 : 1], id, episode: {}, catalogKnown: false, acl: [...DEFAULT_ACL], slot: slots[i] }));
    m.live.push(...made.sort((a, b) => a.label.localeCompare(b.label)));
    for (const e of made) r.expect(await settleViews(r, e, { acl: 'events.create.acl', schedule: 'events.create.rrule' }, `after ${e.label} = createRecurring (occurrence in slot ${e.slot})`));
  }

  toString(): string {
    return `createRecurring(${show(this.catalog)})`;
  }
}
