import type { Ctx } from '../app.js';
import { isFlavor } from '../input.js';
import { badRequest, type EventRecord, type HttpError } from '../types.js';

/** Latitude choices of the metadata catalogs an event lacks or loses (spec § Metadata). */

/**
 * metadata-put-unknown-type ("A catalog is identified by its flavor."): PUT to a flavor the event lacks answers
 * 404 (throws `missing`), 400, or goes on and creates the catalog (returns).
 */
export function absentCatalogOnPut(ctx: Ctx, type: string, missing: HttpError): void {
  const alt = ctx.app.lat('metadata-put-unknown-type');
  if (alt === '404') throw missing;
  if (alt === 'bad-request' || !isFlavor(type)) throw badRequest(`the event has no catalog with flavor '${type}'`);
}

/** metadata-delete-catalog ("Removes all fields and values of that catalog."): remove it, or keep it with no fields. */
export function deleteCatalog(ctx: Ctx, rec: EventRecord, type: string): void {
  if (ctx.app.lat('metadata-delete-catalog') === 'emptied') rec.extraCatalogs.set(type, new Map());
  else rec.extraCatalogs.delete(type);
}
