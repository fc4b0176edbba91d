import type { Ctx } from '../app.js';
import { EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import type { EventParts } from '../event-parts.js';
import type { FilterGroup } from '../list-params.js';
import type { ScheduleInput } from '../schedule.js';
import type { AclEntry, EventRecord, Schedule } from '../types.js';
import { derivedCreated, derivedFilter, derivedGet, derivedListCache, derivedRescheduled, mixingList, stateShapesGet, stateShapesListItem } from './event-body.js';
import { identityAclRest, identityFilter, identityMetadataType } from './acl.js';
import { multiFilter } from './list-filter.js';
import { numbersCreateParts, numbersSkip } from './list-paging.js';
import { partialPutFields, partialPutNext, partialUpdateParts } from './scheduling.js';
import { recurringCreated, recurringDeleted, recurringMetadataPut, standInGet, standInListItem } from './event-write.js';
import { restrictedList, restrictedUpdate } from './publications.js';
import { unknownDeleteMetadata } from './metadata.js';

/**
 * The bug sites of the mutants in DISCRIMINATING_DATA_MUTANTS (./index.ts): one patch per hook point of
 * ../hooks.ts, each asking the families that act there, and the identity (or nothing) when none of them is on.
 */

type Obj = Record<string, unknown>;

/** Whether any spec4 mutant is on (the sites that parse JSON return at once otherwise). */
function anyOn(ctx: Ctx, names: readonly Parameters<Ctx['app']['bug']>[0][]): boolean {
  return names.some((n) => ctx.app.bug(n));
}

/** handlers/list.ts: the parsed filter groups. */
export function discriminatingFilters(ctx: Ctx, groups: FilterGroup[]): FilterGroup[] {
  return groups.map((g) => derivedFilter(ctx, identityFilter(ctx, multiFilter(ctx, g))));
}

/** handlers/list.ts: the number of items skipped. */
export function discriminatingSkip(ctx: Ctx, skip: number, limit: number | undefined, offset: number): number {
  return numbersSkip(ctx, skip, limit, offset);
}

const LIST_BODY = ['published-publication-status-string', 'description-from-title', 'list-withscheduling-leaks', 'list-publication-status-leaks'] as const;

/** handlers/list.ts: the list body text. */
export function discriminatingListBody(ctx: Ctx, text: string): string {
  let out = text;
  if (anyOn(ctx, LIST_BODY)) {
    const items = JSON.parse(text) as unknown;
    if (Array.isArray(items)) {
      for (const item of items as Obj[]) {
        stateShapesListItem(ctx, item);
        standInListItem(ctx, item);
      }
      mixingList(ctx, items as Obj[]);
      out = JSON.stringify(items);
    }
  }
  return derivedListCache(ctx, out);
}

const GET_BODY = ['scheduled-presenter-null', 'start-technical-stale-after-update', 'contributor-from-presenters'] as const;

/** handlers/event.ts: the single GET body text. */
export function discriminatingGetBody(ctx: Ctx, text: string): string {
  const rec = ctx.app.store.get(ctx.params[0]);
  if (!rec || !anyOn(ctx, GET_BODY)) return text;
  const o = JSON.parse(text) as unknown;
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return text;
  stateShapesGet(ctx, rec, o as Obj);
  derivedGet(ctx, rec, o as Obj);
  standInGet(ctx, o as Obj);
  return JSON.stringify(o);
}

/** handlers/event.ts: DELETE, just before the event is removed. */
export function discriminatingDeleted(ctx: Ctx, rec: EventRecord): void {
  recurringDeleted(ctx, rec);
}

/** handlers/create.ts: the parsed parts. */
export function discriminatingCreateParts(ctx: Ctx, parts: EventParts): void {
  numbersCreateParts(ctx, parts);
}

/** handlers/create.ts: the records about to be inserted. */
export function discriminatingCreated(ctx: Ctx, records: EventRecord[]): void {
  if (anyOn(ctx, ['rrule-delete-takes-siblings', 'rrule-metadata-shared'])) recurringCreated(records);
  if (ctx.app.bug('filter-start-stale-after-metadata')) derivedCreated(records);
}

/** handlers/update.ts: the parsed parts of an update, before anything is applied. */
export function discriminatingUpdateParts(ctx: Ctx, rec: EventRecord, parts: EventParts): void {
  partialUpdateParts(ctx, parts);
  if (ctx.app.bug('publications-list-full-after-reprocess')) restrictedUpdate(rec, parts.tracks.length);
  if (parts.scheduling && anyOn(ctx, ['filter-agent-id-stale-after-put', 'start-technical-stale-after-update'])) derivedRescheduled(rec, true);
}

/** handlers/scheduling.ts: PUT, the merged schedule (mutated in place). */
export function discriminatingPutNext(ctx: Ctx, rec: EventRecord, input: ScheduleInput, next: Schedule): void {
  if (ctx.app.bug('filter-agent-id-stale-after-put')) derivedRescheduled(rec, false);
  partialPutNext(ctx, input, next);
}

/** handlers/metadata.ts: DELETE, first (before the event lookup). */
export function discriminatingDeleteMetadataEarly(ctx: Ctx): void {
  unknownDeleteMetadata(ctx);
}

/** handlers/metadata.ts: PUT, the fields applied. */
export function discriminatingPutFields(ctx: Ctx, rec: EventRecord, type: string, fields: FieldInput[]): FieldInput[] {
  return partialPutFields(ctx, rec, type, fields);
}

/** handlers/metadata.ts: PUT, after the commit. */
export function discriminatingMetadataPut(ctx: Ctx, rec: EventRecord, type: string): void {
  if (type === EPISODE_FLAVOR) recurringMetadataPut(ctx, rec);
}

/** handlers/metadata.ts: GET ?type=, the flavor looked up. */
export function discriminatingMetadataType(ctx: Ctx, rec: EventRecord, type: string): string {
  return identityMetadataType(ctx, rec, type);
}

/** handlers/acl.ts: DELETE /acl/{action}/{role}, the entries kept. */
export function discriminatingAclRemoveRest(ctx: Ctx, rec: EventRecord, action: string, role: string, rest: AclEntry[]): AclEntry[] {
  return identityAclRest(ctx, rec, action, role, rest);
}

/** handlers/publications.ts: the publication list items (changed in place). */
export function discriminatingPublicationsList(ctx: Ctx, list: Obj[]): void {
  restrictedList(ctx, list);
}
