import type { CheckDef } from './types.js';
import { isVerdict, responseOrFail, excerpt } from './evidence.js';

/** The response status is one of the allowed codes (spec § Errors and each endpoint's Responses). */
export const statusCheck: CheckDef = {
  name: 'status',
  doc: 'the response status is one of `in`',
  params: {
    type: 'object',
    required: ['in'],
    additionalProperties: false,
    properties: { in: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 100, maximum: 599 } } },
  },
  run(ctx, p) {
    const allowed = p.in as number[];
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return { ...r, expected: allowed };
    const pass = allowed.includes(r.status);
    return {
      pass,
      message: pass ? `status ${r.status}` : `expected status ${allowed.join(' or ')}, got ${r.status}: ${excerpt(r.body, 200)}`,
      expected: allowed,
      actual: r.status,
    };
  },
};
