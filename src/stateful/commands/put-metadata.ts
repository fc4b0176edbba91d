import type fc from 'fast-check';
import type { EpisodeCatalog } from '../../generators/index.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { episodeIs, show, tagged } from '../verify.js';

/** PUT /metadata?type=dublincore/episode: sent fields applied (metadata.put.applies), others unchanged (metadata.put.unsent-unchanged). */
export class PutMetadata implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly change: EpisodeCatalog) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    const sent = tagged(r.kit, this.change);
    r.step(`putMetadata(${e.label}, ${show(this.change)})`);
    r.expect(accepted(r.kit.env, await r.kit.api.putCatalog(e.id, sent), 'metadata.put.applies', 'PUT /api/events/{id}/metadata?type=dublincore/episode'));
    const unsent = Object.fromEntries(Object.entries(e.episode).filter(([k]) => !(k in sent)));
    e.episode = { ...e.episode, ...sent };
    r.expect(await r.kit.settle('metadata.put.applies', () => episodeIs(r.kit, e.id, sent, 'metadata.put.applies', `after putMetadata(${e.label})`)));
    r.expect(await r.kit.settle('metadata.put.unsent-unchanged', () => episodeIs(r.kit, e.id, unsent, 'metadata.put.unsent-unchanged', `after putMetadata(${e.label}): fields not sent`)));
  }

  toString(): string {
    return `putMetadata(#${this.pick}, ${show(this.change)})`;
  }
}
