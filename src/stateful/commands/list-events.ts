import type fc from 'fast-check';
import { isBroken, readList } from '../../cases/reads.js';
import { broken, OK, type Verdict } from '../../cases/verdict.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { CONSISTENCY_RULES, viewsAgree } from '../../oracles/consistency.js';
import type { WithFlag } from '../../oracles/views.js';

/**
 * GET /api/events?filter=textFilter:<sequence tag>: exactly the live events of the model. A deleted event listed
 * breaks events.delete.gone; a live one missing breaks events.list.filter.textFilter.
 */
export class ListEvents implements fc.AsyncCommand<EventModel, Real> {
  /**
   * `views`: also judge every view of the live events with that with* flag (the consistency oracle,
   * src/oracles/consistency.ts: each list row against the single GET, each with* member against the sub-resource), after
   * whatever writes the sequence made so far; drawn for a share of the list commands (a sample: its cost is two lists
   * and three reads per event, in the default order; the property oracle-list-rows reads sorted lists too).
   */
  constructor(readonly views?: WithFlag) {}

  check(): boolean {
    return true;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    // Every write read back first (the list shows every event).
    await r.turn('all');
    r.step(this.toString());
    if (m.deleted.length > 0) r.kit.exercised.add('events.delete.gone');
    const live = [...m.live];
    const deleted = [...m.deleted];
    const rules = (r.opts.rules ?? []).filter((x) => CONSISTENCY_RULES.includes(x));
    const judged = this.views === undefined || live.length === 0 ? [] : rules.filter((x) => x === 'events.list.rows' || x.endsWith(`.with${this.views}`));
    for (const x of judged) r.kit.exercised.add(x);
    const flags = this.views === undefined ? [] : [this.views];
    r.later(live.map((e) => e.label), async (lane) => {
      lane.expect(await lane.kit.settle('events.list.filter.textFilter', async (): Promise<Verdict> => {
        const list = await readList(lane.kit, { filter: `textFilter:${lane.kit.tag}` }, { emptyExpected: live.length === 0, refusalRule: 'events.list.filter.textFilter' });
        if (isBroken(list)) return list;
        const ids = new Set(list.map((e) => (e as { identifier?: unknown })?.identifier));
        const zombie = deleted.filter((d) => ids.has(d.id)).map((d) => d.label);
        if (zombie.length > 0) return broken('events.delete.gone', `deleted event(s) ${zombie.join(', ')} still listed`, { listed: live.map((e) => e.label) }, { alsoListed: zombie });
        // An occurrence of a recurring create whose title the run has not written may carry another title (not described).
        const missing = live.filter((e) => e.catalogKnown !== false && !ids.has(e.id)).map((e) => e.label);
        if (missing.length > 0) return broken('events.list.filter.textFilter', `live event(s) ${missing.join(', ')} not listed`, { listed: live.map((e) => e.label) }, { missing });
        return OK;
      }));
      if (judged.length === 0) return;
      lane.expect(await lane.kit.settle(judged[0], () => viewsAgree({ kit: lane.kit, ids: live.map((e) => e.id), rules: judged, flags, sort: undefined })));
    });
    // The list holds exactly the sequence's events (viewsAgree; an empty one may not answer 404): it is read back
    // before any later write, a create too.
    await r.turn('all');
  }

  toString(): string {
    return this.views === undefined ? 'list()' : `list(views with${this.views})`;
  }
}
