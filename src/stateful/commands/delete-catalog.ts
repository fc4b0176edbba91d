import type fc from 'fast-check';
import type { Reply } from '../../cases/api.js';
import { excerpt } from '../../cases/expect.js';
import { accepted } from '../../cases/reads.js';
import { broken, OK, type Verdict } from '../../cases/verdict.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** After the delete: 404 for the flavor, or a catalog whose fields hold no values ("Removes all fields and values"). */
function gone(r: Reply): Verdict {
  if (r.status === 404) return OK;
  if (r.status === 200 && Array.isArray(r.body) && r.body.every((f) => empty((f as { value?: unknown })?.value))) return OK;
  return broken('metadata.delete.removes', 'the deleted catalog still has fields with values', 'status 404 or no values', { status: r.status ?? null, body: excerpt(r) });
}

/** DELETE /metadata?type=<extra flavor> (not dublincore/episode): the catalog's fields and values are gone (metadata.delete.removes). */
export class DeleteCatalog implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.some((e) => e.extra !== undefined);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const withExtra = m.live.filter((e) => e.extra !== undefined);
    const e = withExtra[this.pick % withExtra.length];
    const flavor = r.opts.extra?.flavor ?? '';
    r.step(`deleteCatalog(${e.label}, ${flavor})`);
    r.expect(accepted(await r.kit.api.deleteCatalog(e.id, flavor), 'metadata.delete.removes', `DELETE /api/events/{id}/metadata?type=${flavor}`));
    delete e.extra;
    r.expect(await r.kit.settle('metadata.delete.removes', async () => gone(await r.kit.api.catalog(e.id, flavor))));
  }

  toString(): string {
    return `deleteCatalog(#${this.pick})`;
  }
}
