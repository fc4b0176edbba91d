import { isTrue } from '../input.js';
import type { WithFlags } from '../serialize.js';

/** The with* query flags (spec § GET /api/events: withacl, withmetadata, withpublications, withscheduling). */
export function withFlags(q: URLSearchParams): WithFlags {
  return {
    acl: isTrue(q.get('withacl')),
    metadata: isTrue(q.get('withmetadata')),
    publications: isTrue(q.get('withpublications')),
    scheduling: isTrue(q.get('withscheduling')),
  };
}
