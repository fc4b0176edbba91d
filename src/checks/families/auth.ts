import type { CheckDef } from '../types.js';
import { excerpt, isVerdict, responseOrFail } from '../evidence.js';

/**
 * Checks of the auth rule family (spec § Authentication: "Access is governed by roles. Each event has an ACL that
 * maps actions to roles. Each user has roles."). The spec names no status for a refused access and says "How a
 * caller authenticates ...: not shown": a refusal is judged only as "some 4xx" (real servers answer 404 for an
 * event the caller may not read and 403 for a refused change; docs/opencast-notes.md), never by its body or scheme.
 */

const CLASS_NAME: Record<number, string> = { 2: 'success (2xx)', 4: 'refusal (4xx)' };

/**
 * The response status is in the class `class` (2 → 200..299, 4 → 400..499). Used for auth.acl-read /
 * auth.acl-write (spec § Authentication: "Access is governed by roles. Each event has an ACL that maps actions to
 * roles."): which refusal (403 or 404) is not shown by the spec, so any 4xx counts. `because` says why that class is
 * expected (e.g. which ACL entry refuses the user); a failure names it before the body, so an expectation can name
 * the one reason a server is known for (src/expectations/differences.ts) and another reason stays new.
 */
export const statusClassCheck: CheckDef = {
  name: 'status-class',
  doc: 'the response status is in the class `class` (2: any 2xx, 4: any 4xx); `because` (optional) says why, named in a failure',
  params: {
    type: 'object', required: ['class'], additionalProperties: false,
    properties: {
      class: { enum: [2, 4] },
      because: { type: 'string' },
      setup: { description: 'the setup the judgement is built on (a placeholder such as "{{saved.acl}}"): a setup the server refused or never showed skips the check (the engine resolves it first); its value is not judged' },
    },
  },
  run(ctx, p) {
    const cls = p.class as 2 | 4;
    const because = p.because as string | undefined;
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return { ...r, expected: `${cls}xx` };
    const pass = Math.floor(r.status / 100) === cls;
    return {
      pass,
      message: pass ? `status ${r.status}` : `expected a ${CLASS_NAME[cls]}, got ${r.status}${because ? ` (${because})` : ''}: ${excerpt(r.body, 200)}`,
      expected: `${cls}xx`,
      actual: r.status,
    };
  },
};

export const CHECKS_AUTH: CheckDef[] = [statusClassCheck];
