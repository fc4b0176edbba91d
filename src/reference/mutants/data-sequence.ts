import { empty, type Ctx, type Reply } from '../app.js';
import { applyEpisode, EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import type { EventParts } from '../event-parts.js';
import { isTrue } from '../input.js';
import { flagOn } from '../latitude/shape.js';
import type { FilterGroup, SortKey } from '../list-params.js';
import { buildPublication } from '../processing.js';
import type { ScheduleInput } from '../schedule.js';
import type { EventRecord, Schedule } from '../types.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * Bugs that show only with particular data, parameters, sequences or
 * versions. Each helper below is one bug site, registered at its hook point in ./hooks.ts; every helper returns its
 * value unchanged (or does nothing) unless its bug is switched on.
 */
export const DATA_SEQUENCE_MUTANTS = family({
  'textfilter-like-wildcards': {
    rule: 'events.list.filter.textFilter',
    description: 'textFilter:<v> is run as an unescaped SQL LIKE pattern: "_" in the value matches any one character and "%" any run of characters, so textFilter:a_c also lists an event titled "abc" whose fields never contain "a_c"; values without _ or % are matched right.',
  },
  'oldest-offset-index-when-filtered': {
    rule: 'events.list.offset-page',
    description: 'In 1.0.0 a list carrying a filter reads offset as an item index (the search path shares the 1.1.0 code) instead of a number of result sets: filter=location:R&limit=2&offset=1 starts at the second matching event instead of the third; unfiltered lists page right.',
    until: '1.0.0',
  },
  'sort-start-date-2038': {
    rule: 'events.list.sort.start_date',
    description: 'sort=start_date compares the start as 32-bit seconds since the epoch: an event starting after 2038-01-19T03:14:07Z wraps to 1901 and sorts before every earlier start (ASC) or after them (DESC); starts before 2038 sort right.',
  },
  'acl-add-over-deny-noop': {
    rule: 'acl.add.adds',
    description: 'POST /acl/{action} answers 204 without adding anything when the role already has an entry of that action, whatever its allow: a role denied read (allow false) stays denied after POST /acl/read with that role (an existence check that ignores allow).',
  },
  'allow-conflict-skips-validation': {
    rule: 'scheduling.put.400',
    description: 'PUT …/scheduling with allowConflict=true (an administrator) stores the schedule sent without any check, not only without the conflict check: an end before the start is accepted (204) instead of 400; without allowConflict the same request answers 400.',
    since: '1.2.0',
  },
  'rrule-count-ignored': {
    rule: 'events.create.rrule',
    description: 'COUNT in the rrule is ignored (the expander keeps FREQ, INTERVAL, BYxxx and UNTIL only): FREQ=DAILY;COUNT=2 over a five-day period creates five events instead of two; rules bounded by the period or UNTIL are right.',
    since: '1.1.0',
  },
  'delete-running-resurrects': {
    rule: 'events.delete.gone',
    description: 'DELETE of an event whose processing is still running answers 204 and the event is gone, but the processing job writes it back when it finishes: about a processing delay later the event is readable and listed again (SUCCEEDED); events deleted after processing stay deleted.',
    selftest: { processingDelayMs: 400 },
  },
  'metadata-put-extra-field-to-episode': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata?type=<a catalog other than dublincore/episode> also writes each sent field whose id is a dublincore/episode field (license, title, …) into dublincore/episode (fields looked up by id across catalogs): PUT ?type=license/episode [{license: CC-BY}] changes the episode license too.',
  },
  'update-acl-ignored-with-metadata': {
    rule: 'events.update.acl',
    description: 'POST /api/events/{id} carrying both a metadata part and an acl part applies the metadata only (an if/else-if over the parts): the acl part is dropped and the ACL stays; an update with the acl part alone is applied.',
  },
  'get-withpublications-hidden-while-running': {
    rule: 'events.get.withpublications',
    description: 'GET /api/events/{id}?withpublications=true includes the publications only while processing_state is SUCCEEDED: a published event being processed again (an update uploaded a new track) shows an empty publication list, though GET …/publications lists its publication.',
    selftest: { processingDelayMs: 400 },
  },
});

// --- textfilter-like-wildcards (hook listFilters.groups) ---------------------------------------------------

/** The value as an unescaped LIKE '%value%' pattern over one field of the lower-cased search text. */
function likePattern(value: string): RegExp {
  let re = '';
  for (const ch of value.toLowerCase()) {
    if (ch === '%') re += '[^\\u0000]*';
    else if (ch === '_') re += '[^\\u0000]';
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(re, 'u');
}

/** Bug site (handlers/list.ts, the parsed filter groups): textFilter as a LIKE pattern. */
export function dataSequenceFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  if (!ctx.app.bug('textfilter-like-wildcards')) return groups;
  return groups.map((g) => {
    if (g.name !== 'textFilter' || g.test) return g;
    const tests = g.values.map((val) => {
      const re = likePattern(val);
      return (v: EventView) => re.test(v.fullText);
    });
    return { ...g, test: { label: 'like-wildcards', match: g.any ? (v: EventView) => tests.some((t) => t(v)) : (v: EventView) => tests.every((t) => t(v)) } };
  });
}

// --- oldest-offset-index-when-filtered (hook listPaging.pageIndex) ------------------------------------------

/** Bug site (handlers/list.ts): whether offset counts result sets; a filtered 1.0.0 list takes the item-index path. */
export function dataSequencePageIndex(ctx: Ctx, pageIndex: boolean): boolean {
  if (!pageIndex || !ctx.app.bug('oldest-offset-index-when-filtered') || atLeast(ctx.version, '1.1.0')) return pageIndex;
  return !ctx.url.searchParams.getAll('filter').some((f) => f.trim() !== '');
}

// --- sort-start-date-2038 (hook listSort.keys) --------------------------------------------------------------

/** Bug site (handlers/list.ts, the parsed sort criteria): start_date compared as an int32 of seconds. */
export function dataSequenceSortKeys(ctx: Ctx, keys: SortKey[]): SortKey[] {
  if (!ctx.app.bug('sort-start-date-2038')) return keys;
  return keys.map((k) => (k.name !== 'start_date' || k.by ? k : { ...k, by: { label: 'int32-seconds', value: (v: EventView) => (v.bibStartMs / 1000) | 0 } }));
}

// --- acl-add-over-deny-noop (hook aclWrite.addSkipped) ------------------------------------------------------

/** Bug site (handlers/acl.ts POST): is the add skipped? Yes when any entry of that action and role exists. */
export function dataSequenceAclAddSkipped(ctx: Ctx, skipped: boolean, rec: EventRecord, action: string, role: string): boolean {
  if (skipped || !ctx.app.bug('acl-add-over-deny-noop')) return skipped;
  return rec.acl.some((e) => e.action === action && e.role === role);
}

// --- allow-conflict-skips-validation (hook writeInput) ---------------------------------------------

/** Bug site (handlers/scheduling.ts PUT, before the merge): allowConflict=true from an administrator stores the schedule unchecked. */
export function dataSequencePutEarly(ctx: Ctx, rec: EventRecord, input: ScheduleInput, allowConflict: string | undefined): Reply | undefined {
  const cur = rec.schedule;
  if (!ctx.app.bug('allow-conflict-skips-validation') || !cur || !atLeast(ctx.version, '1.2.0')) return undefined;
  if (!isTrue(allowConflict) || !ctx.caller.admin) return undefined;
  const startMs = input.startMs ?? cur.startMs;
  const next: Schedule = {
    agentId: input.agentId ?? cur.agentId,
    startMs,
    endMs: input.durationMs !== undefined ? startMs + input.durationMs : (input.endMs ?? cur.endMs),
  };
  const inputs = input.inputs ?? cur.inputs;
  if (inputs) next.inputs = [...inputs];
  rec.schedule = next;
  rec.archiveVersion++;
  ctx.app.store.commit(rec);
  return empty(204);
}

// --- rrule-count-ignored (hook writeInput) ------------------------------------------------------

/** Bug site (handlers/create.ts, the scheduling part): COUNT dropped from the rule. */
export function dataSequenceRrule(ctx: Ctx, s: ScheduleInput | undefined): ScheduleInput | undefined {
  if (!s?.rrule || !ctx.app.bug('rrule-count-ignored')) return s;
  s.rrule = s.rrule.split(';').filter((p) => !/^\s*COUNT\s*=/i.test(p)).join(';');
  return s;
}

// --- delete-running-resurrects (hook stored) --------------------------------------------------

/** Bug site (handlers/event.ts DELETE, just before the removal): a running job that writes the event back when it ends. */
export function dataSequenceRemoving(ctx: Ctx, rec: EventRecord): void {
  const { app } = ctx;
  if (!app.bug('delete-running-resurrects') || rec.schedule) return;
  if (rec.processingState !== 'RUNNING' && rec.processingState !== 'PAUSED') return;
  app.timers.after(`resurrect:${rec.id}`, app.processingDelayMs, () => {
    if (app.store.get(rec.id)) return;
    rec.processingState = 'SUCCEEDED';
    if (rec.tracks.length > 0) rec.publications = [buildPublication(rec)];
    rec.json.clear();
    app.store.insert(rec);
  });
}

// --- metadata-put-extra-field-to-episode (hook writeInput) ----------------------------------------

/** Field ids of dublincore/episode that hold a stored text or list value. */
const EPISODE_VALUE_IDS = new Set(['title', 'subjects', 'description', 'language', 'rightsHolder', 'license', 'isPartOf', 'creator', 'contributor', 'location', 'source']);

/** Bug site (handlers/metadata.ts PUT, the fields about to be applied): fields of another catalog also land in dublincore/episode. */
export function dataSequenceMetadataApplying(ctx: Ctx, rec: EventRecord, type: string, fields: FieldInput[]): void {
  if (type === EPISODE_FLAVOR || !ctx.app.bug('metadata-put-extra-field-to-episode')) return;
  const shared = fields.filter((f) => EPISODE_VALUE_IDS.has(f.id));
  if (shared.length === 0) return;
  rec.episode = applyEpisode(rec.episode, shared, ctx.app.store.view(rec.id).bibStartMs, false);
}

// --- update-acl-ignored-with-metadata (hook writeInput) ----------------------------------------------

/** Bug site (handlers/update.ts, the parsed parts): with a metadata part, the acl part is dropped. */
export function dataSequenceUpdateParts(ctx: Ctx, parts: EventParts): void {
  if (parts.metadata && parts.acl && ctx.app.bug('update-acl-ignored-with-metadata')) parts.acl = undefined;
}

// --- get-withpublications-hidden-while-running (hook eventBody.body) ----------------------------------------

/** Bug site (handlers/event.ts GET, the body text): publications shown only for a SUCCEEDED event. */
export function dataSequenceGetBody(ctx: Ctx, text: string, rec: EventRecord): string {
  if (!ctx.app.bug('get-withpublications-hidden-while-running')) return text;
  if (rec.processingState === 'SUCCEEDED' || rec.publications.length === 0) return text;
  if (!flagOn(ctx.app, ctx.url.searchParams.get('withpublications'))) return text;
  const o = JSON.parse(text) as Record<string, unknown>;
  for (const key of ['publications', 'withpublications']) if (Array.isArray(o[key])) o[key] = [];
  return JSON.stringify(o);
}
