import type { CheckDef } from './types.js';
import { getPath, isVerdict, jsonOrFail, toJson } from './evidence.js';

const JSON_TYPES = ['array', 'object', 'string', 'number', 'integer', 'boolean', 'null'] as const;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (Number.isInteger(v)) return 'integer';
  return typeof v;
}

/** The body is JSON of the given type (spec § Conventions: "Responses carry JSON"). */
export const jsonTypeCheck: CheckDef = {
  name: 'json-type',
  doc: 'the body parses as JSON and its value (or the value at `path`) has type `type`',
  params: {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: { type: { enum: [...JSON_TYPES] }, path: { type: 'string' } },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const path = (p.path as string | undefined) ?? '';
    const v = getPath(j.value, path);
    const t = typeOf(v);
    const want = p.type as string;
    const pass = t === want || (want === 'number' && t === 'integer');
    const where = path ? `member "${path}"` : 'body';
    return {
      pass,
      message: pass ? `${where} is ${want}` : `${where} should be ${want}, is ${v === undefined ? 'missing' : t}`,
      expected: want,
      actual: v === undefined ? 'missing' : toJson(t === 'object' || t === 'array' ? t : v),
    };
  },
};
