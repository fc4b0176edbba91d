import type { Ctx } from '../app.js';
import type { HookRegistry } from '../hooks.js';
import { aclAddBugs, aclAddDeny, aclAddReplaces, aclGetNoAllow, aclGetStatus, aclGetUnknown, aclPutBugs, aclPutMerges, aclRead, aclRemoveBugs, aclRemoveNoop, aclRemoveRefused, aclRemoveWholeAction, aclWriteStatus, aclWriteUnknown, denyGrantsRead, spec2AclAdded, spec2AclPut, spec2AclRemoveRest, spec2AclRole, spec2CreateAcl, spec2ListReadable, spec2Writable, spec3bAclAddBase, spec3bAclAddRole, spec3bAclPut, spec3bAclRead, spec3bAclRemoveRole, spec3bMetadataReadable, spec3bUnreadable } from './acl.js';
import { listIgnoresAcl, readIgnoresAcl, writeWithRead } from './auth.js';
import { blind4GetBody, blind4ListBody, blind4TechStart, spec2GetShape, spec2ListBody, spec2ListShape, spec2MetadataGone, spec2MetadataSeen, spec2SchedulingRoute, spec3aGetBody, spec3aListBody, spec3aListFlags, spec3bGetBody, spec3bListBody } from './event-body.js';
import { blind4Created, blind4DeleteSiblings, spec2CreateReply, spec2NewEpisode, spec2UpdateBase, spec2Updated, spec3aCreateConflicts, spec3aCreated, spec3aCreateParts, spec3aDelete, spec3aPlan, spec3aRrule, spec3aUpdated, spec3aUpdateDeleted, spec3aUpdateEpisode, spec3aUpdateParts, spec3aUpdateRefused, spec3aUpdateSchedule } from './event-write.js';
import { createAclIgnored, createBodyEmpty, createIdMember, createLenient, createLocation, createLocationWrong, createNamedElsewhere, createStatus, deleteBugs, deleteKeeps, deleteStatus, deleteUnknown, getBody, getCurrentNamesOldest, getIdBugs, getLegacyNames, getStatus, getUnknown, getViewBugs, listBody, listDropsCreated, listLimitOffByOne, listOffsetReading, listReply, updateBase, updateCatalogBugs, updateIgnores, updateParts, updateStatus, updateUnknown, updateWipesAcl } from './events.js';
import { collapseRoles, dropContained, mangleAstral, shiftSunday, truncateTitle } from './generated.js';
import { blind4ContributorFilters, blind4Filters, filterBugs, filterParams, spec2Created, spec2Filters, spec2Sort, spec3bFilters, spec3bPaging, spec3bQuery } from './list-filter.js';
import { blind4Offset, pagingBugs, spec2Paging, spec2RunList } from './list-paging.js';
import { filterAndAsOr, filterIgnored, filterOrAsAnd, filterRepeatRejected, filterStartOutside, filterUnknownIgnored, pageAnswered, textNeedleCase } from './list.js';
import { slowFilterScan } from './load.js';
import { blind4DeleteGuardFirst, blind4PutEpisode, lateMetadata, metadataCatalogBugs, metadataDeleteEpisodeAllowed, metadataDeleteKeeps, metadataDeleteStatus, metadataDeleteUnknown, metadataGetStatus, metadataGetUnknown, metadataPutBadJson, metadataPutClearsUnsent, metadataPutIgnoresValues, metadataPutStatus, metadataPutUnknown, metadataRead, metadataType, metadataTypeStale, metadataWholeCatalog, putBase, putFields, spec2DeleteMetadata, spec2PutFields, spec2PutLost, spec3bCatalogs, spec3bDeleteType, spec3bExtraFields, spec3bPutClears, spec3bPutFields } from './metadata.js';
import { rememberBeforeWrite } from './mutant-state.js';
import { listViewsBeforeWrite, listViewsBody, listViewsPage } from './list-views.js';
import { unknownWithMetadata } from './unknown-event.js';
import { opencastAclLocked, opencastAclPart, opencastCreatedFollowsStart, opencastListedPublication, opencastNewRecord, opencastOldestGetNames, opencastOldestListNames, opencastPartByPart, opencastPutAsText, opencastRepeatLast, opencastScheduledState, opencastSubjectJoined, opencastSubjectsSplit, opencastUnknownNumbersGet, opencastUnknownNumbersList } from './opencast.js';
import { blind4PublicationsList, publicationByEventId, publicationFirst, publicationReply, publicationsEarly, publicationsListBugs, publicationsListReply, retractionStalls, spec2MissingPublication, spec3aPublication, spec3aPublicationsList } from './publications.js';
import { allowConflictAnyone, allowConflictIgnored, allowConflictKnown, conflictBugs, conflictNoTitle, conflictSameDay, createConflictIgnored, lateCreate, lateSchedule, rruleFirstOnly, rruleSingle, rruleUntilIgnored, scheduleAccepted, scheduleBugs, scheduledStateRunning, scheduleDurationIgnored, scheduleEndRoundedUp, scheduleEmptyAccepted, schedulingAgentCamel, schedulingBadJson, schedulingEndShifted, schedulingFound, schedulingPut200, schedulingPutConflictIgnored, schedulingPutIgnored, schedulingUnknown, spec2AllowConflictPresent, spec2CreateConflicts, spec2Deleting, spec2Exclude, spec2Merge, spec2Plan, spec2Rescheduled, spec2Rrule, spec2Unscheduled, spec2UpdateConflictBody, spec3aConflictProbe, spec3aPutEarly, spec3aPutNext, spec3aShownSchedule, updateConflictIgnored, updateScheduleIgnored } from './scheduling.js';
import { spec4AclRemoveRest, spec4Created, spec4CreateParts, spec4Deleted, spec4DeleteMetadataEarly, spec4Filters, spec4GetBody, spec4ListBody, spec4MetadataPut, spec4MetadataType, spec4PublicationsList, spec4PutFields, spec4PutNext, spec4Skip, spec4UpdateParts } from './sites.js';
import { spec5AclAddSkipped, spec5Filters, spec5GetBody, spec5MetadataApplying, spec5PageIndex, spec5PutEarly, spec5Removing, spec5Rrule, spec5SortKeys, spec5UpdateParts } from './spec5.js';
import { precisionFilters, precisionGetBody, precisionPlan, precisionSingleEnd, precisionSortKeys } from './precision.js';
import { listRowsBody, listRowsPage } from './list-rows.js';
import { secondCatalogCatalogs, secondCatalogFields, secondCatalogPutFields, secondCatalogPutting, secondCatalogUpdated } from './second-catalog.js';
import { partialWriteEpisode, partialWritePutFields, partialWritePutNext, partialWriteSchedule, partialWriteUpdated } from './partial-writes.js';
import { textAddRole, textFilters, textGetBody, textListBody, textPutFields, textRemoveRole } from './text-on-the-wire.js';
import { recurrenceMonthEnd, recurrencePlan, recurrenceRrule } from './recurrence-edges.js';
import { errorPathGet, errorPathPublications } from './error-paths.js';
import { flagsIgnored, sortBugs, sortEndDateIgnored, sortKeyBugs, sortOrderBugs, sortSuffixOptional } from './sort.js';
import { spec3bBeforeWrite, spec3bWriteCached } from './write-state.js';

/**
 * The patches of every hook point of ../hooks.ts, per point (and stage) in the order they apply: the order the
 * handlers nested these calls in before the hook points, so the server behaves as it did.
 * A bug function of another shape is adapted here (`tap`: one that only acts on the value; `orElse`: one that
 * answers only when nothing before it did); the bug functions themselves are unchanged.
 */

/** A bug site that acts on the value (or throws) and returns nothing: the value goes on unchanged. */
function tap<V, E, C = Ctx>(fn: (ctx: C, value: V, extra: E) => void): (ctx: C, value: V, extra: E) => V {
  return (ctx, value, extra) => {
    fn(ctx, value, extra);
    return value;
  };
}

/** A bug site that answers something only when it is on: asked only while the value is still undefined. */
function orElse<V, E>(fn: (ctx: Ctx, extra: E) => V | undefined): (ctx: Ctx, value: V | undefined, extra: E) => V | undefined {
  return (ctx, value, extra) => value ?? fn(ctx, extra);
}

/** The write endpoints that check only read access when their bug is on. */
const READ_ONLY_WRITE = { 'acl-remove': 'spec2-auth-acl-remove-read-only', 'metadata-put': 'spec2-auth-metadata-put-read-only' } as const;

export const PATCHES: HookRegistry = {
  authorize: {
    readGranted: [readIgnoresAcl, (ctx, granted, rec) => granted || denyGrantsRead(ctx, rec)],
    readRefused: [(ctx, refused, rec) => refused || spec3bUnreadable(ctx, rec)],
    writeGranted: [writeWithRead, (ctx, granted, rec) => granted || spec3bWriteCached(ctx, rec)],
    writable: [orElse((ctx, site) => spec2Writable(ctx, READ_ONLY_WRITE[site]))],
    listed: [listIgnoresAcl, (ctx, listed, { rec, caller }) => listed || spec2ListReadable(ctx.app.bug, rec, caller)],
  },
  beforeWrite: [tap((ctx, rec) => rememberBeforeWrite(ctx.app.bug, rec)), tap(spec3bBeforeWrite), tap(listViewsBeforeWrite)],
  listFilters: {
    params: [filterParams],
    orRepeats: [filterOrAsAnd],
    unknownRefused: [filterUnknownIgnored],
    dropped: [filterIgnored],
    repeatRefused: [filterRepeatRejected],
    repeatLast: [(ctx, last, { multiValued, from150 }) => last || opencastRepeatLast(ctx.app.bug, multiValued, from150)],
    groups: [
      (ctx, groups, raw) => filterBugs(ctx, raw, groups), spec2Filters, spec3bFilters, spec4Filters, blind4Filters, blind4ContributorFilters, spec5Filters, precisionFilters, textFilters, opencastSubjectJoined,
    ],
    scan: [tap((ctx, filters) => {
      if (filters.length > 0 && ctx.app.bug('slow-filter')) slowFilterScan(ctx.app.store);
    })],
    needle: [textNeedleCase],
    startOutside: [filterStartOutside],
    groupsOred: [filterAndAsOr],
  },
  listSort: {
    param: [sortSuffixOptional],
    keys: [sortKeyBugs, sortEndDateIgnored, sortOrderBugs, sortBugs, spec2Sort, spec5SortKeys, precisionSortKeys],
  },
  listPaging: {
    offset: [blind4Offset],
    pageIndex: [listOffsetReading, spec5PageIndex],
    skip: [(ctx, skip, { limit, offset }) => spec2Paging(ctx, skip, limit, offset), (ctx, skip, { limit, offset }) => spec4Skip(ctx, skip, limit, offset)],
    page: [
      (ctx, p) => ({ ...pagingBugs(ctx, p), offset: p.offset }),
      (ctx, p) => ({ ...spec3bPaging(ctx, { sort: p.sort, limit: p.limit, skip: p.skip }), skip: p.skip, offset: p.offset }),
      listLimitOffByOne,
      listRowsPage,
      listViewsPage,
    ],
    answered: [pageAnswered],
  },
  listQuery: {
    flags: [flagsIgnored('list'), spec3aListFlags],
    query: [opencastOldestListNames, listDropsCreated, spec3bQuery],
    run: [(ctx, text, q) => text ?? spec2RunList(ctx, q)],
  },
  listReply: [listReply],
  listBody: [spec3aListBody, listBody, spec2ListBody, spec2ListShape, spec3bListBody, spec4ListBody, blind4ListBody, listRowsBody, textListBody, opencastUnknownNumbersList, listViewsBody],
  eventBody: {
    early: [getUnknown, errorPathGet, unknownWithMetadata],
    before: [(ctx) => getIdBugs(ctx)],
    view: [(ctx, changed, { view }) => getViewBugs(ctx, changed, view), (ctx, changed, { rec, view }) => changed ?? blind4TechStart(ctx, rec, view), (ctx, changed, { rec, view }) => changed ?? blind4Created(ctx, rec, view)],
    variant: [getLegacyNames],
    version: [getCurrentNamesOldest, opencastOldestGetNames],
    flags: [flagsIgnored('get')],
    status: [getStatus],
    body: [spec3aGetBody, getBody, spec2GetShape, spec3bGetBody, spec4GetBody, (ctx, text, rec) => blind4GetBody(ctx, rec, text), spec5GetBody, precisionGetBody, textGetBody, opencastUnknownNumbersGet],
  },
  deleteEvent: {
    early: [orElse(deleteUnknown), orElse(deleteBugs), orElse(spec3aDelete)],
    deleting: [tap(spec2Deleting), tap(blind4DeleteSiblings)],
    kept: [deleteKeeps],
    stalls: [retractionStalls],
    status: [deleteStatus],
    removing: [tap(spec4Deleted), tap(spec5Removing)],
  },
  createParts: {
    lenient: [createLenient],
    parts: [tap(spec3aCreateParts), tap(spec4CreateParts)],
    scheduling: [
      scheduleAccepted,
      (ctx, s) => {
        if (s?.rrule && ctx.app.bug('rrule-byday-sunday-shift')) s.rrule = shiftSunday(s.rrule);
        return s;
      },
      tap(spec2Rrule), tap(spec3aRrule), spec5Rrule, recurrenceRrule,
    ],
    singleEnd: [scheduleDurationIgnored, precisionSingleEnd, scheduleEndRoundedUp],
    emptyAccepted: [scheduleEmptyAccepted],
    untilIgnored: [rruleUntilIgnored],
    plan: [rruleFirstOnly, (ctx, plan, s) => spec2Plan(ctx, s, plan), (ctx, plan, s) => spec3aPlan(ctx, s, plan), recurrencePlan, recurrenceMonthEnd, precisionPlan],
    episode: [
      tap((ctx, e) => {
        if (ctx.app.bug('title-truncated-255')) truncateTitle(e);
      }),
      tap((ctx, e) => {
        if (ctx.app.bug('create-description-dropped')) e.description = '';
      }),
      tap(spec2NewEpisode),
    ],
    acl: [opencastAclPart, spec2CreateAcl, createAclIgnored],
    scheduledState: [orElse(scheduledStateRunning), orElse(opencastScheduledState)],
    clash: [conflictSameDay],
    conflicts: [
      (ctx, conflicts, plan) => (ctx.app.bug('conflict-missed-containment') ? dropContained(conflicts, plan) : conflicts),
      conflictBugs, spec2CreateConflicts, spec3aCreateConflicts, createConflictIgnored,
    ],
    refused: [tap(lateCreate)],
  },
  created: {
    records: [tap(spec3aCreated), tap(spec4Created), tap((ctx, recs) => recs.forEach((rec) => opencastNewRecord(ctx, rec)))],
    stored: [tap(spec2Created)],
    asArray: [rruleSingle],
    named: [createNamedElsewhere],
    location: [createLocationWrong, createLocation],
    body: [createIdMember, createBodyEmpty],
    status: [createStatus],
    reply: [spec2CreateReply],
  },
  updateParts: {
    early: [orElse(updateUnknown), orElse(spec3aUpdateDeleted)],
    parts: [tap((ctx, parts) => updateParts(ctx, parts)), tap((ctx, parts) => spec3aUpdateParts(ctx, parts)), tap((ctx, parts, rec) => spec4UpdateParts(ctx, rec, parts)), tap(spec5UpdateParts)],
    acl: [opencastAclPart],
    checked: [tap(updateIgnores)],
    base: [(ctx, _episode, rec) => updateBase(ctx, rec), spec2UpdateBase],
    episode: [tap((ctx, episode, { rec, parts }) => spec3aUpdateEpisode(ctx, rec, parts, episode)), tap((ctx, episode, { parts }) => partialWriteEpisode(ctx, episode, parts))],
    schedule: [(ctx, next, { cur, input }) => spec3aUpdateSchedule(ctx, cur, input, next), (ctx, next, { cur, input }) => partialWriteSchedule(ctx, next, cur, input)],
    refused: [tap((ctx, conflicts, { rec, episode }) => spec3aUpdateRefused(ctx, rec, episode, conflicts)), updateConflictIgnored],
    conflictBody: [(ctx, conflicts) => spec2UpdateConflictBody(ctx, conflicts as Parameters<typeof spec2UpdateConflictBody>[1])],
    applied: [tap((ctx, rec, parts) => updateCatalogBugs(ctx, rec, parts)), tap(secondCatalogUpdated), tap(partialWriteUpdated)],
    unsentAcl: [updateWipesAcl],
    scheduleKept: [updateScheduleIgnored],
    updated: [tap((ctx, rec) => spec2Updated(ctx, rec)), tap(spec3aUpdated), tap((ctx, rec) => opencastCreatedFollowsStart(ctx, rec))],
    partByPart: [opencastPartByPart],
    status: [updateStatus],
  },
  scheduleShown: {
    route: [(ctx) => spec2SchedulingRoute(ctx)],
    early: [schedulingUnknown],
    found: [schedulingFound],
    unscheduled: [orElse(spec2Unscheduled)],
    shown: [schedulingEndShifted, tap((ctx, o, s) => spec3aShownSchedule(ctx, s, o)), schedulingAgentCamel],
  },
  schedulingPut: {
    badJson: [schedulingBadJson],
    early: [orElse((ctx, { rec, input }) => spec3aPutEarly(ctx, rec, input)), orElse((ctx, { rec, input, allowConflict }) => spec5PutEarly(ctx, rec, input, allowConflict))],
    next: [
      (ctx, next, { cur }) => scheduleBugs(ctx, cur, next),
      (ctx, next, { cur, input }) => spec2Merge(ctx, cur, input, next),
      tap((ctx, next, { rec, input }) => spec3aPutNext(ctx, rec, input, next)),
      tap((ctx, next, { rec, input }) => spec4PutNext(ctx, rec, input, next)),
      (ctx, next, { cur, input }) => partialWritePutNext(ctx, next, cur, input),
    ],
    allowConflictKnown: [(ctx, known) => known && allowConflictKnown(ctx)],
    allowConflictSent: [(ctx, sent, text) => sent || spec2AllowConflictPresent(ctx, text), allowConflictIgnored],
    anyoneAllowed: [allowConflictAnyone],
    unchecked: [schedulingPutConflictIgnored],
    probe: [(ctx, _probe, { rec, next }) => spec3aConflictProbe(ctx, rec, next)],
    refused: [tap((ctx, next, rec) => lateSchedule(ctx, rec, next))],
    conflictBody: [conflictNoTitle],
    kept: [schedulingPutIgnored],
    reply: [schedulingPut200],
    exclude: [(ctx, id, where) => (id === undefined ? id : spec2Exclude(ctx, where, id))],
    rescheduled: [tap((ctx, rec, { old, next }) => spec2Rescheduled(ctx, rec, old, next))],
  },
  metadataRead: {
    early: [metadataGetUnknown, orElse(spec2MetadataGone)],
    readable: [orElse((ctx) => spec3bMetadataReadable(ctx))],
    type: [(ctx, type) => metadataType(ctx, 'GET', type), (ctx, type, rec) => spec4MetadataType(ctx, rec, type)],
    catalogs: [(ctx, list, { rec, view }) => spec3bCatalogs(ctx, rec, view, list), metadataCatalogBugs, (ctx, list, { rec }) => secondCatalogCatalogs(ctx, list, rec)],
    extraFields: [(ctx, fields, flavor) => spec3bExtraFields(ctx, flavor, fields)],
    fields: [(ctx, fields, { rec, type }) => metadataRead(ctx, rec, type, fields), (ctx, fields, { rec }) => metadataTypeStale(ctx, fields, rec), (ctx, fields, { type }) => secondCatalogFields(ctx, fields, type)],
    body: [metadataWholeCatalog],
    status: [metadataGetStatus],
    reply: [(ctx, reply, type) => spec2MetadataSeen(ctx, type, reply)],
  },
  metadataPut: {
    early: [metadataPutUnknown],
    type: [(ctx, type) => metadataType(ctx, 'PUT', type)],
    badJson: [metadataPutBadJson],
    status: [metadataPutStatus],
    fields: [
      (ctx, fields) => putFields(ctx, fields), (ctx, fields) => spec2PutFields(ctx, fields), (ctx, fields) => spec3bPutFields(ctx, fields),
      (ctx, fields, { rec, type }) => spec4PutFields(ctx, rec, type, fields),
      (ctx, fields) => partialWritePutFields(ctx, fields), (ctx, fields) => textPutFields(ctx, fields),
      (ctx, fields, { rec, type }) => secondCatalogPutFields(ctx, fields, rec, type),
      (ctx, fields, { type }) => opencastPutAsText(ctx, fields, type),
    ],
    lost: [metadataPutIgnoresValues, (ctx, lost, rec) => lost || spec2PutLost(ctx, rec)],
    clears: [metadataPutClearsUnsent, (ctx, clears, { rec, type }) => clears || spec3bPutClears(ctx, rec, type)],
    applying: [tap((ctx, fields, { rec, type }) => lateMetadata(ctx, rec, type, fields)), tap((ctx, fields, { rec, type }) => spec5MetadataApplying(ctx, rec, type, fields)), tap((ctx, fields, { rec, type }) => secondCatalogPutting(ctx, rec, type, fields))],
    base: [(ctx, _episode, rec) => putBase(ctx, rec)],
    episode: [(ctx, next, fields) => blind4PutEpisode(ctx, fields, next), (ctx, next, fields) => opencastSubjectsSplit(ctx, next, fields)],
    stored: [(ctx, next) => (ctx.app.bug('astral-mangled') ? mangleAstral(next) : next)],
    done: [tap((ctx, rec, type) => spec4MetadataPut(ctx, rec, type)), tap((ctx, rec) => opencastCreatedFollowsStart(ctx, rec))],
  },
  metadataDelete: {
    unknown: [metadataDeleteUnknown],
    status: [metadataDeleteStatus],
    episodeAllowed: [metadataDeleteEpisodeAllowed],
    kept: [metadataDeleteKeeps],
    before: [(ctx) => blind4DeleteGuardFirst(ctx), (ctx) => spec4DeleteMetadataEarly(ctx)],
    type: [(ctx, type) => metadataType(ctx, 'DELETE', type), (ctx, type, rec) => spec3bDeleteType(ctx, rec, type)],
    early: [orElse((ctx, { rec, type }) => spec2DeleteMetadata(ctx, rec, type))],
  },
  aclRead: {
    early: [aclGetUnknown],
    acl: [(ctx, _acl, rec) => aclRead(ctx, rec), spec3bAclRead],
    body: [aclGetNoAllow],
    status: [aclGetStatus],
  },
  aclLocked: [opencastAclLocked],
  aclWrite: {
    early: [aclWriteUnknown],
    status: [aclWriteStatus],
    put: [
      (ctx, sent) => (ctx.app.bug('acl-roles-collapsed') ? collapseRoles(sent) : sent),
      (ctx, sent) => aclPutBugs(ctx, sent),
      (ctx, sent, rec) => spec3bAclPut(ctx, rec, sent),
    ],
    stored: [aclPutMerges, (ctx, sent, rec) => spec2AclPut(ctx, rec, sent)],
    addTo: [spec3bAclAddBase],
    addRole: [spec3bAclAddRole, textAddRole],
    addAllow: [aclAddDeny],
    addReplaces: [aclAddReplaces],
    addSkipped: [(ctx, skipped, { rec, action, role, allow }) => skipped || aclAddBugs(ctx, rec, action, role, allow), (ctx, skipped, { rec, action, role }) => spec5AclAddSkipped(ctx, skipped, rec, action, role)],
    added: [tap((ctx, rec, { before, added }) => spec2AclAdded(ctx, rec, before, added))],
    removeRole: [spec3bAclRemoveRole, spec2AclRole, textRemoveRole],
    rest: [
      (ctx, rest, { rec, action, role }) => spec2AclRemoveRest(ctx, rec, action, role, rest),
      (ctx, rest, { rec, action, role }) => spec4AclRemoveRest(ctx, rec, action, role, rest),
    ],
    removeRefused: [(ctx, refused, { rec, action, role }) => refused || aclRemoveRefused(ctx, rec, action, role)],
    removeSkipped: [aclRemoveNoop],
    removed: [(ctx, rest, { rec, action }) => aclRemoveWholeAction(ctx, rest, rec, action), (ctx, rest, { rec, role }) => aclRemoveBugs(ctx, rec, rest, role)],
  },
  publications: {
    early: [publicationsEarly, errorPathPublications],
    listed: [(ctx, summary, p) => opencastListedPublication(ctx, summary, p)],
    list: [tap<Record<string, unknown>[], void>(publicationsListBugs), tap(spec3aPublicationsList), tap(blind4PublicationsList), tap(spec4PublicationsList)],
    listReply: [publicationsListReply],
    fallback: [(ctx, p, { rec }) => publicationFirst(ctx, p, rec), orElse((ctx, { rec, pid }) => publicationByEventId(ctx, rec, pid))],
    missing: [orElse(spec2MissingPublication)],
    shown: [spec3aPublication],
    reply: [publicationReply],
  },
};
