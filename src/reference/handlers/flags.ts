import type { App, Ctx } from '../app.js';
import { internalShown } from '../internal-publication.js';
import { flagOn } from '../latitude/shape.js';
import type { WithFlags } from '../serialize.js';

/**
 * The with* query flags (spec § GET /api/events: withacl, withmetadata, withpublications, withscheduling; § GET
 * /api/events/{event_id}: "with the same meanings as for the list"). `app` gives the latitude
 * choice boolean-flags.
 */
export function withFlags(q: URLSearchParams, app?: App, ctx?: Ctx): WithFlags {
  const flags: WithFlags = {
    acl: flagOn(app, q.get('withacl')),
    metadata: flagOn(app, q.get('withmetadata')),
    publications: flagOn(app, q.get('withpublications')),
    scheduling: flagOn(app, q.get('withscheduling')),
  };
  // Addendum § GET /api/events and GET /api/events/{event_id} (addition in 1.11.0): includeInternalPublication.
  if (ctx && internalShown(ctx, flagOn(app, q.get('includeInternalPublication')))) flags.internalPublication = true;
  return flags;
}
