import type { CheckDef } from './types.js';
import { getPath, isVerdict, jsonOrFail, toJson } from './evidence.js';

/** The body (or the saved value at `path`) conforms to the version's JSON Schema `shape` (specs/schemas). */
export const schemaCheck: CheckDef = {
  name: 'schema',
  doc: 'the body (or the value at `path`) conforms to the schema `shape` of the version under test',
  params: {
    type: 'object',
    required: ['shape'],
    additionalProperties: false,
    properties: { shape: { type: 'string' }, path: { type: 'string' } },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const shape = p.shape as string;
    const value = getPath(j.value, (p.path as string | undefined) ?? '');
    const violations = ctx.shapes.validate(shape, value);
    if (violations.length === 0) return { pass: true, message: `conforms to ${shape} (${ctx.version})` };
    const shown = violations.slice(0, 8).map((v) => `${v.path || '/'} ${v.message}`);
    return {
      pass: false,
      message: `does not conform to ${shape} (${ctx.version}): ${shown.join('; ')}${violations.length > 8 ? ` (+${violations.length - 8} more)` : ''}`,
      expected: `schema ${shape} of ${ctx.version}`,
      actual: toJson(violations.slice(0, 20)),
    };
  },
};
