import type { Ctx } from '../app.js';
import { isTrue } from '../input.js';
import { schedulingObject, type WithFlags } from '../serialize.js';
import { shapeStyle } from '../latitude/shape.js';
import { atLeast } from '../version.js';
import { latin1Value } from './spec-state.js';
import { scheduleBeforePut, shownState } from './spec3a-states.js';
import { family } from './types.js';

/**
 * Mutants of the with* flags and of sign, third spec-only round, author A (spec § GET /api/events: "sign | boolean |
 * Sign public distribution URLs, if URL signing is turned on"; "withmetadata | Include the metadata catalogs";
 * "withpublications | Include publication identifiers and URLs"; "withscheduling | Include scheduling information";
 * § GET /api/events/{event_id}: "with the same meanings as for the list"). Bug sites: handlers/event.ts (getEvent's
 * body) and handlers/list.ts (flags, body). spec3aGetBody also plants the publication_status and state mutants.
 */
export const SPEC3A_FLAG_MUTANTS = family({
  'spec3a-get-withpublications-signed-empty': {
    rule: 'events.get.withpublications',
    description: 'GET /api/events/{id}?withpublications=true&sign=true includes an empty publication list while URL signing is off (the signer returns null and unsigned publications are dropped).',
  },
  'spec3a-list-withpublications-oldest-ignored': {
    rule: 'events.list.withpublications',
    description: 'In 1.0.0 only, GET /api/events ignores withpublications=true (the flag is wired for the 1.1.0+ list only; the single GET is right).',
    until: '1.0.0',
  },
  'spec3a-list-withscheduling-stale': {
    rule: 'events.list.withscheduling',
    description: 'withscheduling=true on the list shows the schedule an event had before its first PUT …/scheduling (a copy kept in the list index is never refreshed); GET …/scheduling is right.',
    since: '1.1.0',
  },
  'spec3a-get-withmetadata-latin1': {
    rule: 'events.get.withmetadata',
    description: 'withmetadata=true on the single GET renders the catalogs through an ISO-8859-1 path: non-ASCII values come out mangled ("Zürich" → "ZÃ¼rich"); GET /metadata is right.',
  },
});

type Obj = Record<string, unknown>;

function member(o: Obj, name: string): string | undefined {
  if (name in o) return name;
  if (`with${name}` in o) return `with${name}`;
  return undefined;
}

/** Bug site (handlers/event.ts getEvent): the single GET's body as a buggy server sends it. */
export function spec3aGetBody(ctx: Ctx, text: string): string {
  const { bug, store } = ctx.app;
  const any = bug('spec3a-get-withpublications-signed-empty') || bug('spec3a-get-withmetadata-latin1') || bug('spec3a-publication-status-oldest-empty')
    || bug('spec3a-state-scheduled-after-put') || bug('spec3a-state-queued-behind-other');
  if (!any) return text;
  const o = JSON.parse(text) as Obj;
  const rec = typeof o.identifier === 'string' ? store.get(o.identifier) : undefined;
  if (rec) o.processing_state = shownState(ctx, rec, o.processing_state);
  if (bug('spec3a-publication-status-oldest-empty') && ctx.version === '1.0.0') o.publication_status = [];
  const pubs = member(o, 'publications');
  if (pubs && bug('spec3a-get-withpublications-signed-empty') && isTrue(ctx.url.searchParams.get('sign'))) o[pubs] = [];
  const meta = member(o, 'metadata');
  if (meta && bug('spec3a-get-withmetadata-latin1') && Array.isArray(o[meta])) {
    o[meta] = (o[meta] as Obj[]).map((c) => ({ ...c, fields: Array.isArray(c.fields) ? (c.fields as Obj[]).map((f) => ({ ...f, value: latin1Value(f.value) })) : c.fields }));
  }
  return JSON.stringify(o);
}

/** Bug site (handlers/list.ts): the with* flags of the list as a buggy server reads them. */
export function spec3aListFlags(ctx: Ctx, flags: WithFlags): WithFlags {
  if (ctx.app.bug('spec3a-list-withpublications-oldest-ignored') && !atLeast(ctx.version, '1.1.0')) return { ...flags, publications: false };
  return flags;
}

/** Bug site (handlers/list.ts): the list body as a buggy server sends it. */
export function spec3aListBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('spec3a-list-withscheduling-stale')) return text;
  let list: unknown;
  try { list = JSON.parse(text); } catch { return text; }
  if (!Array.isArray(list)) return text;
  for (const o of list as Obj[]) {
    const name = member(o, 'scheduling');
    const rec = typeof o.identifier === 'string' ? ctx.app.store.get(o.identifier) : undefined;
    const old = rec ? scheduleBeforePut(rec) : undefined;
    if (name && old) o[name] = schedulingObject(old, shapeStyle(ctx.app));
  }
  return JSON.stringify(list);
}
