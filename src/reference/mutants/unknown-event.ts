import type { Ctx, Reply } from '../app.js';
import { family } from './types.js';

/**
 * Planted bugs on the error path of an unknown event that only a flag or parameter takes: the proof that the oracle
 * src/oracles/unknown-event.ts (every endpoint of an event, with every flag and parameter, answers 404 for an event
 * that does not exist) can fail. Each helper is one bug site, registered at its hook point in ./hooks.ts.
 */
export const UNKNOWN_EVENT_MUTANTS = family({
  'unknown-event-withmetadata-200': {
    rule: 'events.get.404',
    description: 'GET /api/events/{an unknown id}?withmetadata=true answers 200 with an event object holding only the identifier and empty catalogs (the catalog service is asked before the event is looked up); without withmetadata the same request answers 404.',
  },
});

/** Bug site (hook eventBody.early): the single GET of an unknown event with withmetadata=true answers 200. */
export function unknownWithMetadata(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  if (reply || !ctx.app.bug('unknown-event-withmetadata-200') || ctx.url.searchParams.get('withmetadata') !== 'true') return reply;
  const id = ctx.params[0];
  return ctx.app.store.get(id) ? undefined : { status: 200, json: JSON.stringify({ identifier: id, metadata: [] }) };
}

