import type fc from 'fast-check';
import type { EpisodeCatalog } from '../../generators/index.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { episodeIs, show, tagged } from '../verify.js';
import { settleViews } from '../views.js';

/** PUT /metadata?type=dublincore/episode: sent fields applied (metadata.put.applies), others unchanged (metadata.put.unsent-unchanged). */
export class PutMetadata implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly change: EpisodeCatalog) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    const sent = tagged(r.kit, this.change);
    r.step(`putMetadata(${e.label}, ${show(this.change)})`);
    r.expect(accepted(r.kit.env, await r.kit.api.putCatalog(e.id, sent), 'metadata.put.applies', 'PUT /api/events/{id}/metadata?type=dublincore/episode'));
    const unsent = Object.fromEntries(Object.entries(e.episode).filter(([k]) => !(k in sent)));
    e.episode = { ...e.episode, ...sent };
    if ('title' in sent) delete e.catalogKnown;
    // The catalog read once for both rules: the sent fields applied, the others as they were.
    r.kit.exercised.add('metadata.put.unsent-unchanged');
    r.later([e.label], async (lane) => {
      const own = async () => {
        const v = await episodeIs(lane.kit, e.id, sent, 'metadata.put.applies', `after putMetadata(${e.label})`);
        return v.ok && Object.keys(unsent).length > 0 ? episodeIs(lane.kit, e.id, unsent, 'metadata.put.unsent-unchanged', `after putMetadata(${e.label}): fields not sent`) : v;
      };
      lane.expect(await settleViews(lane, e, { episode: 'metadata.put.applies' }, `after putMetadata(${e.label})`, { own, ownSub: ['episode'] }));
    });
  }

  toString(): string {
    return `putMetadata(#${this.pick}, ${show(this.change)})`;
  }
}
