import type { CheckDef } from './types.js';
import { getPath, isVerdict, jsonOrFail, sameJson, toJson } from './evidence.js';

/**
 * A member of the body equals a value (placeholders resolved). Used for events.get.status (spec § GET
 * /api/events/{event_id}: "Returns one event object": the one asked for) and auth.acl-write (the change read back).
 */
export const memberEqualsCheck: CheckDef = {
  name: 'member-equals',
  doc: 'the value at `path` of the body equals `value`',
  params: {
    type: 'object',
    required: ['path', 'value'],
    additionalProperties: false,
    properties: { path: { type: 'string' }, value: {} },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const path = p.path as string;
    const actual = getPath(j.value, path);
    const pass = sameJson(actual, p.value);
    return { pass, message: pass ? `${path} = ${JSON.stringify(actual)}` : `${path} should be ${JSON.stringify(p.value)}`, expected: toJson(p.value), actual: toJson(actual) };
  },
};

/**
 * The body is an array that contains (or does not contain) events with the given identifiers. Used for
 * auth.acl-list (spec § Authentication: access follows the event's ACL) and rrule creation (events.create.rrule).
 */
export const containsIdsCheck: CheckDef = {
  name: 'contains-ids',
  doc: 'the body is an array of events containing every identifier of `ids` and none of `absent`',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ids: { type: 'array', items: { type: 'string' } },
      absent: { type: 'array', items: { type: 'string' } },
    },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array' };
    const got = new Set(j.value.map((e) => (e as { identifier?: unknown })?.identifier));
    const missing = ((p.ids as string[] | undefined) ?? []).filter((id) => !got.has(id));
    const present = ((p.absent as string[] | undefined) ?? []).filter((id) => got.has(id));
    const pass = missing.length === 0 && present.length === 0;
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', present.length ? `should not list ${present.join(', ')}` : ''].filter(Boolean);
    return { pass, message: pass ? 'expected events listed' : parts.join('; '), expected: toJson({ ids: p.ids ?? [], absent: p.absent ?? [] }), actual: toJson([...got]) };
  },
};
