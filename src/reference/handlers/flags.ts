import type { App } from '../app.js';
import { flagOn } from '../latitude/shape.js';
import type { BugFn, MutantName } from '../bug.js';
import type { WithFlags } from '../serialize.js';

/** The planted "flag ignored" bugs (list-with*-ignored, get-with*-ignored), per endpoint and flag. */
const IGNORED: Record<'list' | 'get', Record<keyof WithFlags, MutantName>> = {
  list: {
    acl: 'list-withacl-ignored',
    metadata: 'list-withmetadata-ignored',
    publications: 'list-withpublications-ignored',
    scheduling: 'list-withscheduling-ignored',
  },
  get: {
    acl: 'get-withacl-ignored',
    metadata: 'get-withmetadata-ignored',
    publications: 'get-withpublications-ignored',
    scheduling: 'get-withscheduling-ignored',
  },
};

/**
 * The with* query flags (spec § GET /api/events: withacl, withmetadata, withpublications, withscheduling; § GET
 * /api/events/{event_id}: "with the same meanings as for the list"). `bug` and `endpoint` switch on planted bugs;
 * `app` gives the latitude choice boolean-flags.
 */
export function withFlags(q: URLSearchParams, bug?: BugFn, endpoint: 'list' | 'get' = 'list', app?: App): WithFlags {
  const flags: WithFlags = {
    acl: flagOn(app, q.get('withacl')),
    metadata: flagOn(app, q.get('withmetadata')),
    publications: flagOn(app, q.get('withpublications')),
    scheduling: flagOn(app, q.get('withscheduling')),
  };
  if (bug) for (const k of Object.keys(flags) as (keyof WithFlags)[]) if (bug(IGNORED[endpoint][k])) flags[k] = false;
  return flags;
}
