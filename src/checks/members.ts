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
    // A failure names the value found too ("is …", "is missing"): an expectation can name the one value a server is
    // known to show (src/expectations/differences.ts) and another stays new.
    const found = actual === undefined ? 'missing' : JSON.stringify(actual);
    return { pass, message: pass ? `${path} = ${JSON.stringify(actual)}` : `${path} should be ${JSON.stringify(p.value)}, is ${found}`, expected: toJson(p.value), actual: toJson(actual) };
  },
};

/** An identifier of `absent`, alone or with why the event must not be listed (named in the failure). */
export type AbsentId = string | { id: string; why: string };

/** The identifier of an `absent` item. */
export const absentId = (a: AbsentId): string => (typeof a === 'string' ? a : a.id);

/**
 * The body is an array that contains (or does not contain) events with the given identifiers. Used for
 * auth.acl-list (spec § Authentication: access follows the event's ACL) and rrule creation (events.create.rrule).
 * An `absent` item may say why that event must not be listed ({id, why}); a failure then names each such event
 * with its reason, one difference each ("should not list X (why)"), so an expectation can name the one difference
 * a server is known for (src/expectations/differences.ts) and another reason stays new.
 */
export const containsIdsCheck: CheckDef = {
  name: 'contains-ids',
  doc: 'the body is an array of events containing every identifier of `ids` and none of `absent` (an item of `absent` may be {id, why}: the failure names the reason)',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ids: { type: 'array', items: { type: 'string' } },
      absent: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'string' },
            { type: 'object', required: ['id', 'why'], additionalProperties: false, properties: { id: { type: 'string' }, why: { type: 'string' } } },
          ],
        },
      },
      setup: { description: 'the setup the judgement is built on (a placeholder such as "{{saved.acl}}"): a setup the server refused or never showed skips the check (the engine resolves it first); its value is not judged' },
    },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'body is not an array' };
    const got = new Set(j.value.map((e) => (e as { identifier?: unknown })?.identifier));
    const absent = (p.absent as AbsentId[] | undefined) ?? [];
    const missing = ((p.ids as string[] | undefined) ?? []).filter((id) => !got.has(id));
    const present = absent.filter((a) => got.has(absentId(a)));
    const bare = present.filter((a): a is string => typeof a === 'string');
    const reasoned = present.filter((a): a is { id: string; why: string } => typeof a !== 'string');
    const pass = missing.length === 0 && present.length === 0;
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      bare.length ? `should not list ${bare.join(', ')}` : '',
      ...reasoned.map((a) => `should not list ${a.id} (${a.why})`),
    ].filter(Boolean);
    return { pass, message: pass ? 'expected events listed' : parts.join('; '), expected: toJson({ ids: p.ids ?? [], absent: absent.map(absentId) }), actual: toJson([...got]) };
  },
};
