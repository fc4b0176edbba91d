import type fc from 'fast-check';
import { accepted } from '../../cases/expect.js';
import { judgeBy } from '../../cases/judge.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { settleViews } from '../views.js';

const CATALOG_EMPTIED = judgeBy('catalog-emptied');

/**
 * DELETE /metadata?type=<extra flavor> (not dublincore/episode): 404 for the flavor, or a catalog whose fields hold
 * no values (metadata.delete.removes: "Removes all fields and values"; check catalog-emptied).
 */
export class DeleteCatalog implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.some((e) => e.extra !== undefined);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const withExtra = m.live.filter((e) => e.extra !== undefined);
    const e = withExtra[this.pick % withExtra.length];
    await r.turn([e.label]);
    const flavor = r.opts.extra?.flavor ?? '';
    r.step(`deleteCatalog(${e.label}, ${flavor})`);
    r.expect(accepted(r.kit.env, await r.kit.api.deleteCatalog(e.id, flavor), 'metadata.delete.removes', `DELETE /api/events/{id}/metadata?type=${flavor}`));
    delete e.extra;
    // Every view of the deleted catalog: its sub-resource, and the catalogs of the single GET and the list with withmetadata.
    r.later([e.label], async (lane) => {
      const own = async () => CATALOG_EMPTIED(lane.kit.env, await lane.kit.api.catalog(e.id, flavor), 'metadata.delete.removes', {}, `GET /metadata?type=${flavor} after the delete`);
      lane.expect(await settleViews(lane, e, { extra: 'metadata.delete.removes' }, `after deleteCatalog(${e.label})`, { own, ownSub: ['extra'] }));
    });
  }

  toString(): string {
    return `deleteCatalog(#${this.pick})`;
  }
}
