import type fc from 'fast-check';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { settleViews } from '../views.js';

/**
 * PUT /metadata?type=<the second catalog the probe learned>: the sent field applies (metadata.put.applies) in every
 * view of that catalog (its own GET, the single GET and the list with withmetadata), and the episode catalog, not
 * written, stays (metadata.put.unsent-unchanged: "fields not sent keep their values").
 */
export class PutExtraMetadata implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly variant: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.some((e) => e.extra !== undefined);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const withExtra = m.live.filter((e) => e.extra !== undefined);
    const e = withExtra[this.pick % withExtra.length];
    await r.turn([e.label]);
    const extra = r.opts.extra!;
    const fields = extra.fields(`${e.label}v${this.variant}`);
    r.step(`putMetadata(${e.label}, ${extra.flavor}, v${this.variant})`);
    r.expect(accepted(r.kit.env, await r.kit.api.putCatalog(e.id, fields, extra.flavor), 'metadata.put.applies', `PUT /api/events/{id}/metadata?type=${extra.flavor}`));
    e.extra = { ...e.extra, ...fields };
    r.later([e.label], async (lane) => lane.expect(await settleViews(lane, e, { extra: 'metadata.put.applies', episode: 'metadata.put.unsent-unchanged' }, `after putMetadata(${e.label}, ${extra.flavor})`)));
  }

  toString(): string {
    return `putExtraMetadata(#${this.pick}, v${this.variant})`;
  }
}
