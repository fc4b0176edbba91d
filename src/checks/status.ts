import type { CheckDef } from './types.js';
import { isVerdict, responseOrFail, excerpt } from './evidence.js';

/**
 * The response status is one of the allowed codes (spec § Errors and each endpoint's Responses). `because` (optional)
 * says why those codes are expected (what the request got wrong); a failure names it before the body, so an
 * expectation can name the one case a server is known for and another stays new (src/expectations/differences.ts).
 */
export const statusCheck: CheckDef = {
  name: 'status',
  doc: 'the response status is one of `in`; `because` (optional) says why, named in a failure',
  params: {
    type: 'object',
    required: ['in'],
    additionalProperties: false,
    properties: { in: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } }, because: { type: 'string' } },
  },
  run(ctx, p) {
    const allowed = p.in as number[];
    const because = typeof p.because === 'string' && p.because !== '' ? ` (${p.because})` : '';
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return { ...r, expected: allowed };
    const pass = allowed.includes(r.status);
    return {
      pass,
      message: pass ? `status ${r.status}` : `expected status ${allowed.join(' or ')}, got ${r.status}${because}: ${excerpt(r.body, 200)}`,
      expected: allowed,
      actual: r.status,
    };
  },
};
