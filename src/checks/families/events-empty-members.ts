import type { CheckContext, CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, listedEvent, toJson } from '../evidence.js';
import { inRange } from '../../spec/versions.js';
import { FIELD_MEMBERS } from './events.js';

/** A check of the events family: members of fields the event was created without stay empty (no stand-in value). */

const skip = (why: string): CheckVerdict => ({ pass: false, skip: why, message: why });

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** An empty value of a member: "", [], null or the member left out. */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The event judged: the single body, or (with `id`) the list item with that identifier. */
function eventOf(ctx: CheckContext, id: unknown): Record<string, unknown> | CheckVerdict {
  const j = jsonOrFail(ctx);
  if (isVerdict(j)) return j;
  if (typeof id === 'string') {
    if (!Array.isArray(j.value)) return { pass: false, message: 'the list body is not an array', actual: toJson(j.value) };
    const listed = listedEvent(j.value, id);
    return isVerdict(listed) ? listed : listed.item;
  }
  if (!isRecord(j.value)) return { pass: false, message: 'the body is not an event object', actual: toJson(j.value) };
  return j.value;
}

/**
 * events.create.metadata: spec § Event, "A field marked * is a metadata field of the catalog with flavor
 * dublincore/episode". A field the event was created without has no value, so its member is empty: not the value of
 * another field (description from the title, contributors from the presenters).
 */
export const eventMembersEmptyCheck: CheckDef = {
  name: 'event-members-empty',
  doc: 'the event (single body, or the list item `id`) shows the members of the dublincore/episode fields `fields` (ids as sent) empty: "", [], null or left out',
  params: {
    type: 'object', required: ['fields'], additionalProperties: false,
    properties: { fields: { type: 'array', minItems: 1, items: { type: 'string' } }, id: { type: 'string' } },
  },
  run(ctx, p) {
    const ev = eventOf(ctx, p.id);
    if (isVerdict(ev)) return ev;
    const members = (p.fields as string[]).flatMap((f) => FIELD_MEMBERS.filter((d) => d.field === f && inRange(ctx.version, d.since, d.until)).map((d) => d.member));
    if (members.length === 0) return skip(`no field of ${(p.fields as string[]).join(', ')} is an event member in ${ctx.version}`);
    const filled = members.filter((m) => !isEmpty(ev[m]));
    return filled.length === 0
      ? { pass: true, message: `members ${members.join(', ')} are empty, as the fields were never set` }
      : {
        pass: false,
        message: `the event was created without ${filled.join(', ')}, but shows a value there: ${filled.map((m) => `${m} ${JSON.stringify(ev[m])}`).join('; ')}`,
        expected: toJson(Object.fromEntries(members.map((m) => [m, '']))), actual: toJson(Object.fromEntries(members.map((m) => [m, ev[m] ?? 'missing']))),
      };
  },
};

export const CHECKS_EVENTS_EMPTY_MEMBERS: CheckDef[] = [eventMembersEmptyCheck];
