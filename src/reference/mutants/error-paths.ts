import { json, type Ctx, type Reply } from '../app.js';
import { isTrue } from '../input.js';
import { flagOn } from '../latitude/shape.js';
import { family } from './types.js';

/** Error paths that a flag or a parameter changes: an unknown event asked with a flag answers as if it existed. */
export const ERROR_PATH_MUTANTS = family({
  'get-unknown-withacl-200': {
    rule: 'events.get.404',
    description: 'GET /api/events/{unknown id}?withacl=true answers 200 with {"acl": []} (the ACL is looked up before the event); without withacl, or with the other flags, an unknown event answers 404.',
  },
  'publications-unknown-event-signed-200': {
    rule: 'publications.list.404',
    description: 'GET /api/events/{unknown id}/publications?sign=true answers 200 with [] (the signing path lists the publications it finds, none); without sign an unknown event answers 404.',
    // spec § Publications: the sign parameter comes "in the later descriptions", so 1.0.0 has no such request to send.
    since: '1.1.0',
  },
});

/** The event id of the request when no event has it (an unknown event), else undefined. */
function unknownId(ctx: Ctx): string | undefined {
  const id = ctx.params[0];
  return id !== undefined && !ctx.app.store.get(id) ? id : undefined;
}

// --- get-unknown-withacl-200 (hook eventBody.early) ---------------------------------------------------------------

/** Bug site (handlers/event.ts GET, before the lookup): withacl answers for an unknown event. */
export function errorPathGet(ctx: Ctx, reply: Reply | undefined): Reply | undefined {
  if (reply || !ctx.app.bug('get-unknown-withacl-200') || !flagOn(ctx.app, ctx.url.searchParams.get('withacl'))) return reply;
  return unknownId(ctx) === undefined ? reply : json(200, { acl: [] });
}

// --- publications-unknown-event-signed-200 (hook publications.early) ----------------------------------------------

/** Bug site (handlers/publications.ts list, before the lookup): sign=true answers for an unknown event. */
export function errorPathPublications(ctx: Ctx, reply: Reply | undefined, site: 'list' | 'get'): Reply | undefined {
  if (reply || site !== 'list' || !ctx.app.bug('publications-unknown-event-signed-200') || !isTrue(ctx.url.searchParams.get('sign') ?? undefined)) return reply;
  return unknownId(ctx) === undefined ? reply : json(200, []);
}
