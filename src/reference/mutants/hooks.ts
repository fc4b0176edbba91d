import { baseUrl, empty, json, type Ctx, type Endpoint, type Reply } from '../app.js';
import { hasFeature, serverHas } from '../features.js';
import { applyExtra, episodeView, typeParam } from '../catalogs.js';
import { withAce } from '../handlers/acl.js';
import { applyEpisode, emptyEpisode, EPISODE_FLAVOR, type FieldInput } from '../episode.js';
import { notFound, type AclEntry, type EventRecord, type Publication } from '../types.js';
import { multiValued, type FilterGroup, type ListParams, type SortKey } from '../list-params.js';
import type { ListQuery } from '../list-run.js';
import { atLeast } from '../version.js';
import type { AclWriteEndpoint, ConflictAsk, HookRegistry, Patch, Shown, Stored, WriteInput, WritePlan } from '../hooks.js';
import { parseEventParts, type EventParts } from '../event-parts.js';
import { aclDefault } from '../latitude/acl.js';
import { createdReply } from '../latitude/events.js';
import type { Form } from '../form.js';
import { findConflicts } from '../conflicts.js';
import { isTrue } from '../input.js';
import { aclAddBugs, aclAddDeny, aclAddReplaces, aclGetNoAllow, aclGetStatus, aclGetUnknown, aclPutBugs, aclPutMerges, aclRead, aclRemoveBugs, aclRemoveNoop, aclRemoveRefused, aclRemoveWholeAction, aclWriteStatus, aclWriteUnknown, denyGrantsRead, sectionAclAdded, sectionAclPut, sectionAclRemoveRest, sectionAclRole, sectionCreateAcl, sectionListReadable, readBackAclAddBase, readBackAclAddRole, readBackAclPut, readBackAclRead, readBackAclRemoveRole, readBackUnreadable } from './acl.js';
import { listIgnoresAcl, readIgnoresAcl, writeWithRead } from './auth.js';
import { blindSpotGetBody, blindSpotListBody, blindSpotTechStart, sectionGetShape, sectionListBody, sectionListShape, sectionMetadataGone, sectionMetadataSeen, sectionSchedulingRoute, lifecycleGetBody, lifecycleListBody, lifecycleListFlags, readBackGetBody, readBackListBody } from './event-body.js';
import { blindSpotCreated, blindSpotDeleteSiblings, sectionCreateReply, sectionNewEpisode, sectionUpdateBase, sectionUpdated, lifecycleCreateConflicts, lifecycleCreated, lifecycleCreateParts, lifecycleDelete, lifecyclePlan, lifecycleRrule, lifecycleUpdated, lifecycleUpdateDeleted, lifecycleUpdateEpisode, lifecycleUpdateParts, lifecycleUpdateRefused, lifecycleUpdateSchedule } from './event-write.js';
import { createAclIgnored, createBodyEmpty, createIdMember, createLenient, createLocation, createLocationWrong, createNamedElsewhere, createStatus, deleteBugs, deleteKeeps, deleteStatus, deleteUnknown, getBody, getCurrentNamesOldest, getIdBugs, getLegacyNames, getStatus, getUnknown, getViewBugs, listBody, listDropsCreated, listLimitOffByOne, listOffsetReading, listReply, updateBase, updateCatalogBugs, updateIgnores, updateParts, updateStatus, updateUnknown, updateWipesAcl } from './events.js';
import { collapseRoles, dropContained, mangleAstral, shiftSunday, truncateTitle } from './generated.js';
import { blindSpotContributorFilters, blindSpotFilters, filterBugs, filterParams, sectionCreated, sectionFilters, sectionSort, readBackFilters, readBackPaging, readBackQuery } from './list-filter.js';
import { blindSpotOffset, pagingBugs, sectionListQuery, sectionListRows, sectionPaging } from './list-paging.js';
import { filterAndAsOr, filterIgnored, filterOrAsAnd, filterRepeatRejected, filterStartOutside, filterUnknownIgnored, pageAnswered, textNeedleCase } from './list.js';
import { slowFilterScan } from './load.js';
import { blindSpotDeleteGuardFirst, blindSpotPutEpisode, lateMetadata, metadataCatalogBugs, metadataDeleteAnswered, metadataDeleteKeeps, metadataDeleteStatus, metadataDeleteUnknown, metadataGetStatus, metadataGetUnknown, metadataPutBadJson, metadataPutClearsUnsent, metadataPutIgnoresValues, metadataPutStatus, metadataPutUnknown, metadataRead, metadataType, metadataTypeStale, metadataWholeCatalog, putBase, putFields, sectionPutFields, sectionPutLost, readBackCatalogs, readBackDeleteType, readBackExtraFields, readBackPutClears, readBackPutFields } from './metadata.js';
import { rememberBeforeWrite } from './mutant-state.js';
import { listViewsBeforeWrite, listViewsBody, listViewsPage } from './list-views.js';
import { unknownWithMetadata } from './unknown-event.js';
import { mediaIngestedMissing, mediaTracksShown, mediaUnknownEmpty } from './media.js';
import { opencastAclLocked, opencastAclPart, opencastCreatedFollowsStart, opencastListedPublication, opencastNewRecord, opencastOldestGetNames, opencastOldestListNames, opencastPartByPart, opencastPutAsText, opencastRepeatLast, opencastScheduledState, opencastSubjectJoined, opencastSubjectsSplit, opencastUnknownNumbersGet, opencastUnknownNumbersList } from './opencast.js';
import { blindSpotPublicationsList, publicationMissing, publicationNamed, publicationReplied, publicationsEarly, publicationsListBugs, publicationsListReply, retractionStalls, lifecyclePublication, lifecyclePublicationsList } from './publications.js';
import { allowConflictAnyone, allowConflictIgnored, allowConflictKnown, conflictBugs, conflictNoTitle, conflictSameDay, createConflictIgnored, lateCreate, lateSchedule, rruleFirstOnly, rruleSingle, rruleUntilIgnored, scheduleAccepted, scheduleBugs, scheduledStateRunning, scheduleDurationIgnored, scheduleEndRoundedUp, scheduleEmptyAccepted, schedulingAgentCamel, schedulingBadJson, schedulingEndShifted, schedulingFound, schedulingPut200, schedulingPutConflictIgnored, schedulingPutIgnored, schedulingUnknown, sectionAllowConflictPresent, sectionCreateConflicts, sectionDeleting, sectionExclude, sectionMerge, sectionPlan, sectionRescheduled, sectionRrule, sectionUnscheduled, sectionUpdateConflictBody, lifecycleConflictProbe, lifecyclePutEarly, lifecyclePutNext, lifecycleShownSchedule, updateConflictIgnored, updateScheduleIgnored } from './scheduling.js';
import { discriminatingAclRemoveRest, discriminatingCreated, discriminatingCreateParts, discriminatingDeleted, discriminatingDeleteMetadataEarly, discriminatingFilters, discriminatingGetBody, discriminatingListBody, discriminatingMetadataPut, discriminatingMetadataType, discriminatingPublicationsList, discriminatingPutFields, discriminatingPutNext, discriminatingSkip, discriminatingUpdateParts } from './sites.js';
import { dataSequenceAclAddSkipped, dataSequenceFilters, dataSequenceGetBody, dataSequenceMetadataApplying, dataSequencePageIndex, dataSequencePutEarly, dataSequenceRemoving, dataSequenceRrule, dataSequenceSortKeys, dataSequenceUpdateParts } from './data-sequence.js';
import { precisionFilters, precisionGetBody, precisionPlan, precisionSingleEnd, precisionSortKeys } from './precision.js';
import { listRowsBody, listRowsPage } from './list-rows.js';
import { secondCatalogCatalogs, secondCatalogFields, secondCatalogPutFields, secondCatalogPutting, secondCatalogUpdated } from './second-catalog.js';
import { partialWriteEpisode, partialWritePutFields, partialWritePutNext, partialWriteSchedule, partialWriteUpdated } from './partial-writes.js';
import { textAddRole, textFilters, textGetBody, textListBody, textPutFields, textRemoveRole } from './text-on-the-wire.js';
import { recurrenceMonthEnd, recurrencePlan, recurrenceRrule } from './recurrence-edges.js';
import { errorPathGet, errorPathPublications } from './error-paths.js';
import { flagsIgnored, sortBugs, sortEndDateIgnored, sortKeyBugs, sortOrderBugs, sortSuffixOptional } from './sort.js';
import { readBackBeforeWrite, readBackWriteCached } from './write-state.js';
import { statefulCreated, statefulDeleting, statefulGetBody, statefulListBody, statefulMediaTracks } from './stateful-views.js';

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

type Query = ListQuery;
type Page = { skip: number; limit: number | undefined; sort: SortKey[]; offset: number };

/** A bug site of the filter groups, as a fault of the list query. */
function filtersOf(fn: (ctx: Ctx, groups: FilterGroup[]) => FilterGroup[]): (ctx: Ctx, q: Query) => Query {
  return (ctx, q) => ({ ...q, filters: fn(ctx, q.filters) });
}

/** A bug site of one filter group, as a fault of the list query. */
function eachGroupOf(fn: (ctx: Ctx, g: FilterGroup) => FilterGroup): (ctx: Ctx, q: Query) => Query {
  return (ctx, q) => ({ ...q, filters: q.filters.map((g) => fn(ctx, g)) });
}

/** A bug site of the sort criteria, as a fault of the list query. */
function sortOf(fn: (ctx: Ctx, keys: SortKey[]) => SortKey[]): (ctx: Ctx, q: Query) => Query {
  return (ctx, q) => ({ ...q, sort: fn(ctx, q.sort) });
}

/** A bug site of skip, limit and sort (given the offset as read), as a fault of the list query. */
function pageOf(fn: (ctx: Ctx, p: Page) => { skip: number; limit: number | undefined; sort: SortKey[] }): (ctx: Ctx, q: Query, p: ListParams) => Query {
  return (ctx, q, p) => {
    const { skip, limit, sort } = fn(ctx, { skip: q.skip, limit: q.limit, sort: q.sort, offset: p.offset });
    return { ...q, skip, limit, sort };
  };
}

/** The event and the action and role of POST /acl/{action} or DELETE /acl/{action}/{role}. */
type Removal = { rec: EventRecord; action: string; role: string };

/** An ACL fault of POST or DELETE (given the path's action and the role), asked only at `endpoint`. */
function onlyAt(endpoint: AclWriteEndpoint, fn: (ctx: Ctx, acl: AclEntry[], r: Removal) => AclEntry[]): Patch<Stored> {
  return (ctx, s) => {
    if (s.at !== endpoint || !('acl' in s) || s.action === undefined || s.role === undefined) return s;
    return { ...s, acl: fn(ctx, s.acl, { rec: s.rec, action: s.action, role: s.role }) };
  };
}

type EventShownAt = Extract<Shown, { at: 'GET /api/events/{id}' }>;
type Obj = Record<string, unknown>;

type RequestFault = (ctx: Ctx, reply: Reply | undefined, at: Endpoint) => Reply | undefined;

/** A bug site of one endpoint's request in (a reply instead of the handler's), as a fault of the request. */
function at(endpoint: Endpoint, fn: (ctx: Ctx, reply: Reply | undefined) => Reply | undefined): RequestFault {
  return (ctx, reply, e) => (e === endpoint ? fn(ctx, reply) : reply);
}

/**
 * A bug site of the catalog flavor a metadata endpoint reads from its `type` parameter, as a fault of the request in:
 * the parameter rewritten as the buggy server reads it (asked only while no reply is given and a type is sent).
 */
function typeAt(endpoint: Endpoint, fn: (ctx: Ctx, type: string) => string): RequestFault {
  return (ctx, reply, e) => {
    const type = e === endpoint && reply === undefined ? typeParam(ctx) : undefined;
    if (type === undefined) return reply;
    const read = fn(ctx, type);
    if (read !== type) ctx.url.searchParams.set('type', read);
    return reply;
  };
}

/** A type bug site that needs the event (none: the type as sent; the handler answers 404). */
function withRecord(ctx: Ctx, rec: EventRecord | undefined, type: string, fn: (ctx: Ctx, rec: EventRecord, type: string) => string): string {
  return rec ? fn(ctx, rec, type) : type;
}

/** A bug site that acts before one endpoint's handler looks its event up (asked only while no reply is given). */
function before(endpoint: Endpoint, fn: (ctx: Ctx) => void): RequestFault {
  return (ctx, reply, e) => {
    if (reply === undefined && e === endpoint) fn(ctx);
    return reply;
  };
}

type ResponseFault = (ctx: Ctx, reply: Reply, at: Endpoint) => Reply;

/** A bug site of the status of one endpoint's success reply (one of `statuses`), as a fault of the response. */
function statusOf(endpoint: Endpoint, statuses: readonly number[], fn: (ctx: Ctx, status: number) => number): ResponseFault {
  return (ctx, reply, at) => (at === endpoint && statuses.includes(reply.status) ? { ...reply, status: fn(ctx, reply.status) } : reply);
}

/** A bug site of the JSON value of one endpoint's success reply (200; it may change the value in place), as a fault of the response. */
function jsonOf(endpoint: Endpoint, fn: (ctx: Ctx, body: unknown) => unknown): ResponseFault {
  return (ctx, reply, at) => {
    if (at !== endpoint || reply.status !== 200 || reply.json === undefined) return reply;
    const shown = JSON.stringify(fn(ctx, JSON.parse(reply.json)));
    return shown === reply.json ? reply : { ...reply, json: shown };
  };
}

/** A bug site of the JSON text of GET /api/events/{id} (given the event as that GET reads it), as a fault of the response. */
function eventBodyOf(fn: (ctx: Ctx, text: string, rec: EventRecord) => string): ResponseFault {
  return (ctx, reply, at) => {
    if (at !== 'GET /api/events/{id}' || reply.status !== 200 || reply.json === undefined) return reply;
    const rec = ctx.app.store.readCopy(ctx.params[0]);
    return rec ? { ...reply, json: fn(ctx, reply.json, rec) } : reply;
  };
}

/** The faults of the 201 of POST /api/events, given the identifier its Location names. */
function createdFaults(ctx: Ctx, reply: Reply): Reply {
  const location = reply.headers?.Location;
  if (location === undefined || reply.json === undefined) return reply;
  const slash = location.lastIndexOf('/') + 1;
  const id = decodeURIComponent(location.slice(slash));
  const named = createNamedElsewhere(ctx, id);
  const located = createLocation(ctx, createLocationWrong(ctx, named === id ? location : `${location.slice(0, slash)}${encodeURIComponent(named)}`), named);
  const body: object = JSON.parse(reply.json) as object;
  const shown = createBodyEmpty(ctx, createIdMember(ctx, body, id));
  const out: Reply = { ...reply, status: createStatus(ctx, 201), headers: { ...reply.headers, Location: located }, json: shown === body ? reply.json : JSON.stringify(shown) };
  return sectionCreateReply(ctx, out, ctx.app.store.get(id)?.schedule !== undefined);
}

/** A recurring create answered 201 with the first event created (rrule-201-single), as a single create answers. */
function recurringAsOne(ctx: Ctx, reply: Reply): Reply {
  const ids = (JSON.parse(reply.json ?? '[]') as { identifier: string }[]).map((o) => o.identifier);
  const first = ids.map((id) => ctx.app.store.get(id)).filter((r) => r !== undefined).sort((a, b) => a.seq - b.seq)[0];
  if (!first) return reply;
  return createdReply(ctx, first, json(201, { identifier: first.id }, { Location: `${baseUrl(ctx)}/api/events/${encodeURIComponent(first.id)}` }));
}

/** A bug site of the JSON text of one endpoint's reply, as a fault of the response. */
function bodyOf(endpoint: Endpoint, fn: (ctx: Ctx, text: string) => string): (ctx: Ctx, reply: Reply, at: Endpoint) => Reply {
  return (ctx, reply, at) => (at === endpoint && reply.json !== undefined ? { ...reply, json: fn(ctx, reply.json) } : reply);
}

const SCHEDULING_PUT = 'PUT /api/events/{id}/scheduling';

/**
 * The plan of PUT /scheduling as a buggy server makes it: the merged schedule (changed, or changed in place), then
 * the conflict check skipped, run on the old agent or without leaving the event out; the conflicts are found again
 * for the schedule as planned.
 */
function putPlan(ctx: Ctx, p: WritePlan, ask: ConflictAsk): WritePlan {
  const { rec, cur, input } = ask;
  if (ask.at !== SCHEDULING_PUT || !rec || !cur || !input) return p;
  let next = p.planned[0];
  next = scheduleBugs(ctx, cur, next);
  next = sectionMerge(ctx, cur, input, next);
  lifecyclePutNext(ctx, rec, input, next);
  discriminatingPutNext(ctx, rec, input, next);
  next = partialWritePutNext(ctx, next, cur, input);
  const checked = p.checked && !schedulingPutConflictIgnored(ctx, false);
  const found = checked ? findConflicts(ctx.app.store, lifecycleConflictProbe(ctx, rec, next), ask.title, sectionExclude(ctx, 'put', rec.id), undefined, ask.rules) : [];
  return { ...p, planned: [next], checked, found };
}

const UPDATE = 'POST /api/events/{id}';
const CREATE = 'POST /api/events';

/** The metadata part with its unquoted keys quoted, where that makes it JSON (else as sent). */
function quotedKeys(text: string): string {
  const quoted = text.replace(/([{,]\s*)([A-Za-z_]\w*)\s*:/g, '$1"$2":');
  try {
    JSON.parse(quoted);
    return quoted;
  } catch {
    return text;
  }
}

/**
 * The parts of a create as a buggy server reads them: a metadata part with unquoted keys read (create-lenient-metadata),
 * values mangled, a duration cut to 32 bits; a scheduling part the rules refuse completed, its rule changed; the
 * schedules planned otherwise (an end computed otherwise, an empty schedule accepted, UNTIL ignored, occurrences
 * dropped or moved).
 */
const createInput: Patch<WriteInput>[] = [
  ...[
    lifecycleCreateParts, discriminatingCreateParts,
    (ctx: Ctx, parts: EventParts) => {
      const s = scheduleAccepted(ctx, parts.scheduling);
      if (s?.rrule && ctx.app.bug('rrule-byday-sunday-shift')) s.rrule = shiftSunday(s.rrule);
      sectionRrule(ctx, s);
      lifecycleRrule(ctx, s);
      recurrenceRrule(ctx, dataSequenceRrule(ctx, s));
    },
  ].map((fn) => tap((ctx: Ctx, w: WriteInput) => {
    if (w.at === CREATE && w.parts) fn(ctx, w.parts);
  })),
  (ctx, w) => (w.at !== CREATE || !w.parts ? w : {
    ...w,
    rules: {
      singleEnd: (endMs, s) => scheduleEndRoundedUp(ctx, precisionSingleEnd(ctx, scheduleDurationIgnored(ctx, endMs, s), s), s),
      emptyAccepted: () => scheduleEmptyAccepted(ctx, false),
      untilIgnored: () => rruleUntilIgnored(ctx, false),
      plan: (plan, s) => {
        let out = rruleFirstOnly(ctx, plan, s);
        out = lifecyclePlan(ctx, s, sectionPlan(ctx, s, out));
        return precisionPlan(ctx, recurrenceMonthEnd(ctx, recurrencePlan(ctx, out, s), s), s) ?? plan;
      },
    },
  }),
  // Last: the parts read leniently where they could not be read (the faults above act on the parts as checked).
  (ctx, w) => {
    if (w.at !== CREATE || w.parts || !createLenient(ctx, false)) return w;
    const { form } = w;
    const lenient: Form = { text: (name) => (name === 'metadata' ? mapDefined(form.text(name), quotedKeys) : form.text(name)), files: (name) => form.files(name), names: () => form.names() };
    return { ...w, parts: parseEventParts(lenient, ctx.version, { aclDefault: aclDefault(ctx, 'create') }) };
  },
];

/**
 * The conflicts of a create as a buggy server finds them: containment missed, days compared, only the earliest
 * recording of each agent, conflicts made up or without title, only the first occurrence's, none at all; a refused
 * create landing later.
 */
function createPlan(ctx: Ctx, p: WritePlan, ask: ConflictAsk): WritePlan {
  if (ask.at !== CREATE) return p;
  const plan = p.planned;
  const clash = conflictSameDay(ctx, undefined);
  let found = clash ? findConflicts(ctx.app.store, plan, ask.title, undefined, clash, ask.rules) : p.found;
  if (ctx.app.bug('conflict-missed-containment')) found = dropContained(found, plan);
  found = createConflictIgnored(ctx, lifecycleCreateConflicts(ctx, sectionCreateConflicts(ctx, conflictBugs(ctx, found, plan), plan), plan));
  const { insert } = ask;
  return { ...p, found, ...(insert ? { refused: () => lateCreate(ctx, insert) } : {}) };
}

/**
 * The records a create stores, as a buggy server makes them. Each as built: the title cut, the description or all but
 * the first presenter dropped; the ACL's deny entries read as allow (Opencast), dropped, or the ACL ignored; a
 * scheduled event RUNNING or without state (Opencast). All of them: the later occurrences bare, the states the
 * stateful bugs read back remembered, the location of a scheduled event its agent (Opencast).
 */
function createStored(ctx: Ctx, s: Stored): void {
  if (s.at !== CREATE) return;
  if (s.built) {
    for (const rec of s.recs) {
      if (ctx.app.bug('title-truncated-255')) truncateTitle(rec.episode);
      if (ctx.app.bug('create-description-dropped')) rec.episode.description = '';
      sectionNewEpisode(ctx, rec.episode);
      rec.acl = createAclIgnored(ctx, sectionCreateAcl(ctx, opencastAclPart(ctx, rec.acl)));
      if (rec.schedule) rec.processingState = scheduledStateRunning(ctx) ?? opencastScheduledState(ctx) ?? rec.processingState;
    }
    return;
  }
  lifecycleCreated(ctx, s.recs);
  discriminatingCreated(ctx, s.recs);
  for (const rec of s.recs) opencastNewRecord(ctx, rec);
  statefulCreated(ctx, s.recs);
  sectionCreated(ctx, s.recs);
}

function mapDefined<T, U>(v: T | undefined, fn: (v: T) => U): U | undefined {
  return v === undefined ? undefined : fn(v);
}

/**
 * The parts of an update as a buggy server reads them: values mangled, the extended catalogs or the ACL dropped when
 * sent with the episode catalog, a start date resetting the time, a part ignored; the ACL's deny entries read as
 * allow (Opencast); the sent fields applied to an earlier or an empty catalog; each part applied on its own (Opencast).
 */
const updateInput: Patch<WriteInput>[] = [
  ...[
    (ctx: Ctx, parts: EventParts) => updateParts(ctx, parts), (ctx: Ctx, parts: EventParts) => lifecycleUpdateParts(ctx, parts),
    (ctx: Ctx, parts: EventParts, rec: EventRecord) => discriminatingUpdateParts(ctx, rec, parts), (ctx: Ctx, parts: EventParts) => dataSequenceUpdateParts(ctx, parts),
    (ctx: Ctx, parts: EventParts) => {
      if (parts.acl) parts.acl = opencastAclPart(ctx, parts.acl);
    },
    (ctx: Ctx, parts: EventParts) => updateIgnores(ctx, parts),
  ].map((fn) => tap((ctx: Ctx, w: WriteInput) => {
    if (w.at === UPDATE) fn(ctx, w.parts, w.rec);
  })),
  (ctx, w) => (w.at === UPDATE ? { ...w, base: sectionUpdateBase(ctx, updateBase(ctx, w.rec)) } : w),
  (ctx, w) => (w.at === UPDATE ? { ...w, partByPart: opencastPartByPart(ctx, w.partByPart) } : w),
];

/** The plan of an update as a buggy server makes it: the merged schedule, the conflicts, the 409. */
function updatePlan(ctx: Ctx, p: WritePlan, ask: ConflictAsk): WritePlan {
  const { rec, cur, input, episode } = ask;
  if (ask.at !== UPDATE || !rec || !cur || !input || !episode) return p;
  let next = lifecycleUpdateSchedule(ctx, cur, input, p.planned[0]);
  next = partialWriteSchedule(ctx, next, cur, input);
  let found = findConflicts(ctx.app.store, [next], ask.title, sectionExclude(ctx, 'update', rec.id), undefined, ask.rules);
  const refused = () => lifecycleUpdateRefused(ctx, rec, episode, found.length);
  if (updateConflictIgnored(ctx, found.length) === 0) found = [];
  return { ...p, planned: [next], found, refused, body: sectionUpdateConflictBody(ctx, found) };
}

/**
 * The event an update stores, as a buggy server leaves it: subjects appended, the start reset; other catalogs
 * dropped or cleared; the ACL wiped when none was sent; the schedule kept (or its old slot kept); the created date
 * touched, the publications dropped.
 */
function updateStored(ctx: Ctx, s: Stored): void {
  if (s.at !== UPDATE) return;
  const { rec, parts, before } = s;
  lifecycleUpdateEpisode(ctx, { ...rec, episode: before.episode }, parts, rec.episode);
  partialWriteEpisode(ctx, rec.episode, parts);
  if (!s.partByPart || parts.metadata) {
    updateCatalogBugs(ctx, rec, parts);
    secondCatalogUpdated(ctx, rec, parts);
    partialWriteUpdated(ctx, rec, parts);
  }
  if (!parts.acl) rec.acl = updateWipesAcl(ctx, rec.acl);
  if (updateScheduleIgnored(ctx, false)) rec.schedule = before.schedule;
  else sectionRescheduled(ctx, rec, before.schedule, rec.schedule);
  sectionUpdated(ctx, rec);
  lifecycleUpdated(ctx, rec, parts);
  opencastCreatedFollowsStart(ctx, rec);
}

const METADATA_PUT = 'PUT /api/events/{id}/metadata';

/**
 * POST /track as a buggy server reads it: an unparsable flavor or an overwrite without flavor accepted; tags applied
 * below 1.11.0, or trimmed; only the first track part added; the lang of an overwrite read below 1.11.0, or ignored;
 * an overwrite without lang removing nothing.
 */
function trackInput(ctx: Ctx, w: WriteInput): WriteInput {
  if (w.at !== 'POST /api/events/{id}/track') return w;
  const { bug } = ctx.app;
  const raw = (w.form.text('tags') ?? '').split(',');
  const withTags = serverHas(ctx, 'track-tags') || bug('track-tags-applied-below-1.11.0');
  const tags = withTags ? raw.map((t) => (bug('track-tags-trimmed') ? t.trim() : t)).filter((t) => t !== '') : [];
  const langTags = serverHas(ctx, 'track-tags') ? tags : bug('track-lang-applied-below-1.11.0') ? raw : [];
  const lang = !bug('track-overwrite-ignores-lang') ? langTags.map((t) => t.trim()).find((t) => t.startsWith('lang:')) : undefined;
  return {
    ...w,
    badFlavor: w.badFlavor && !bug('track-unparsable-flavor-accepted'),
    overwriteWithoutFlavor: w.overwriteWithoutFlavor && !bug('track-overwrite-without-flavor-accepted'),
    tags,
    files: bug('track-adds-first-part-only') ? w.files.slice(0, 1) : w.files,
    lang,
    replaces: lang !== undefined || !bug('track-overwrite-keeps-existing'),
  };
}

/**
 * The fields of PUT /metadata as a buggy server reads them: a parameter that is no JSON read as no fields; fields
 * dropped, renamed, mangled or read as text; a date that resets the time.
 */
const metadataInput: Patch<WriteInput>[] = [
  (ctx, w) => (w.at === METADATA_PUT && w.fields === undefined ? { ...w, read: metadataPutBadJson(ctx, w.read) } : w),
  ...[
    (ctx: Ctx, fields: FieldInput[]) => putFields(ctx, fields), (ctx: Ctx, fields: FieldInput[]) => sectionPutFields(ctx, fields), (ctx: Ctx, fields: FieldInput[]) => readBackPutFields(ctx, fields),
    (ctx: Ctx, fields: FieldInput[], rec: EventRecord, type: string) => discriminatingPutFields(ctx, rec, type, fields),
    (ctx: Ctx, fields: FieldInput[]) => partialWritePutFields(ctx, fields), (ctx: Ctx, fields: FieldInput[]) => textPutFields(ctx, fields),
    (ctx: Ctx, fields: FieldInput[], rec: EventRecord, type: string) => secondCatalogPutFields(ctx, fields, rec, type),
    (ctx: Ctx, fields: FieldInput[], _rec: EventRecord, type: string) => opencastPutAsText(ctx, fields, type),
  ].map((fn): Patch<WriteInput> => (ctx, w) => (w.at === METADATA_PUT && w.fields !== undefined ? { ...w, fields: fn(ctx, w.fields, w.rec, w.type) } : w)),
  // The fields about to be applied (before they are checked): a refused PUT still applying its valid fields later,
  // the write remembered.
  tap((ctx, w) => {
    if (w.at !== METADATA_PUT || w.fields === undefined) return;
    lateMetadata(ctx, w.rec, w.type, w.fields);
    dataSequenceMetadataApplying(ctx, w.rec, w.type, w.fields);
    secondCatalogPutting(ctx, w.rec, w.type, w.fields);
  }),
];

/** The PUT /metadata requests whose catalog is stored (the faults after the commit ask). */
const metadataCommitted = new WeakSet<Ctx>();

/**
 * The catalog PUT /metadata stores, as a buggy server makes it: the fields not sent cleared (always, or from the second PUT of an extended catalog), the fields applied to the episode catalog as
 * created, a date that resets the time, subjects split at commas, astral characters mangled.
 */
function metadataStored(ctx: Ctx, s: Stored): Stored {
  if (s.at !== METADATA_PUT) return s;
  const { rec, type, fields } = s;
  metadataCommitted.add(ctx);
  let c = s.catalog;
  if (metadataPutClearsUnsent(ctx, false) || readBackPutClears(ctx, rec, type)) {
    c = c.episode ? { episode: applyEpisode(emptyEpisode(), fields, ctx.app.store.view(rec.id).bibStartMs, true) } : { extra: applyExtra(undefined, fields, type) };
  }
  const base = c.episode && putBase(ctx, rec);
  if (base && base !== rec.episode) c = { episode: applyEpisode(base, fields, ctx.app.store.view(rec.id).bibStartMs, true) };
  if (c.episode) c = { episode: opencastSubjectsSplit(ctx, blindSpotPutEpisode(ctx, fields, c.episode), fields) };
  if (c.episode && ctx.app.bug('astral-mangled')) c = { episode: mangleAstral(c.episode) };
  return c === s.catalog ? s : { ...s, catalog: c };
}

export const PATCHES: HookRegistry = {
  // The access decision: a read granted by the wrong entries or refused by the second role, a write granted by read
  // access or by a write allowed once, an unreadable event listed, the write endpoints that check read access only,
  // the metadata read that checks nothing.
  authorize: [
    // A track added while the event's processing runs.
    (ctx, allowed, { access }) => (access === 'track' && !allowed ? ctx.app.bug('track-ignores-running-workflow') : allowed),
    // An ACL change refused while the event's workflow runs (Opencast).
    (ctx, allowed, { access, rec }) => (access === 'acl' && allowed ? !opencastAclLocked(ctx, false, rec) : allowed),
    (ctx, allowed, { access, rec }) => (access === 'read' && !allowed ? readIgnoresAcl(ctx, false) || denyGrantsRead(ctx, rec) : allowed),
    (ctx, allowed, { access, rec }) => (access === 'read' && allowed ? !readBackUnreadable(ctx, rec) : allowed),
    (ctx, allowed, { access }) => (access === 'read' && !allowed && ctx.endpoint === 'GET /api/events/{id}/metadata' ? ctx.app.bug('auth-metadata-get-unchecked') : allowed),
    (ctx, allowed, { access, rec }) => (access === 'write' && !allowed ? writeWithRead(ctx, false, rec) || readBackWriteCached(ctx, rec) : allowed),
    (ctx, allowed, { access }) => (access === 'write' && !allowed && ctx.endpoint === 'PUT /api/events/{id}/metadata' ? ctx.app.bug('auth-metadata-put-read-only') : allowed),
    (ctx, allowed, { access }) => (access === 'write' && !allowed && ctx.endpoint === 'DELETE /api/events/{id}/acl/{action}/{role}' ? ctx.app.bug('auth-acl-remove-read-only') : allowed),
    (ctx, allowed, { access, rec, caller }) => (access === 'list' && !allowed ? listIgnoresAcl(ctx, false) || sectionListReadable(ctx.app.bug, rec, caller) : allowed),
  ],
  // A write answered as done but not made: the event kept by DELETE, the values of a PUT /metadata dropped (always,
  // or every third), an extended catalog kept by DELETE /metadata, the schedule of PUT /scheduling not applied.
  writeSkipped: [
    (ctx, skipped) => (ctx.endpoint === 'DELETE /api/events/{id}' ? deleteKeeps(ctx, skipped) : skipped),
    (ctx, skipped, rec) => (ctx.endpoint === 'PUT /api/events/{id}/metadata' ? metadataPutIgnoresValues(ctx, skipped) || sectionPutLost(ctx, rec) : skipped),
    (ctx, skipped) => (ctx.endpoint === 'DELETE /api/events/{id}/metadata' ? metadataDeleteKeeps(ctx, skipped) : skipped),
    (ctx, skipped) => (ctx.endpoint === 'PUT /api/events/{id}/scheduling' ? schedulingPutIgnored(ctx, skipped) : skipped),
  ],
  // The event about to be changed, once the write check passed: states remembered for the bugs that read them back;
  // for DELETE, the event about to be deleted (its schedule remembered, its siblings taken along).
  beforeWrite: [
    tap((ctx, rec) => rememberBeforeWrite(ctx.app.bug, rec)), tap(readBackBeforeWrite), tap(listViewsBeforeWrite),
    ...[sectionDeleting, blindSpotDeleteSiblings, statefulDeleting].map((fn) => tap((ctx: Ctx, rec: EventRecord) => {
      if (ctx.endpoint === 'DELETE /api/events/{id}') fn(ctx, rec);
    })),
  ],
  // Every endpoint's request in, in the order the handlers asked before (a reply early, or a step before the lookup).
  request: [
    // POST /track (where the server has it): an unknown event answered 200.
    at('POST /api/events/{id}/track', (ctx, r) => r ?? (serverHas(ctx, 'track') && ctx.app.bug('track-unknown-event-200') && !ctx.app.store.get(ctx.params[0]) ? empty(200) : undefined)),
    ...[getUnknown, errorPathGet, unknownWithMetadata].map((fn) => at('GET /api/events/{id}', fn)), before('GET /api/events/{id}', getIdBugs),
    ...[deleteUnknown, deleteBugs, lifecycleDelete].map((fn) => at('DELETE /api/events/{id}', (ctx, r) => r ?? fn(ctx))),
    ...[updateUnknown, lifecycleUpdateDeleted].map((fn) => at('POST /api/events/{id}', (ctx, r) => r ?? fn(ctx))),
    before('GET /api/events/{id}/scheduling', sectionSchedulingRoute), at('GET /api/events/{id}/scheduling', (ctx, r) => schedulingUnknown(ctx, r, 'get')),
    before('PUT /api/events/{id}/scheduling', sectionSchedulingRoute), at('PUT /api/events/{id}/scheduling', (ctx, r) => schedulingUnknown(ctx, r, 'put')),
    at('GET /api/events/{id}/metadata', (ctx, r) => metadataGetUnknown(ctx, r, typeParam(ctx))),
    // The catalog a metadata request names, as a buggy server reads its `type` (the request as parsed, rewritten).
    typeAt('GET /api/events/{id}/metadata', (ctx, type) => metadataType(ctx, 'GET', type)),
    typeAt('GET /api/events/{id}/metadata', (ctx, type) => withRecord(ctx, ctx.app.store.readCopy(ctx.params[0]), type, discriminatingMetadataType)),
    typeAt('PUT /api/events/{id}/metadata', (ctx, type) => metadataType(ctx, 'PUT', type)),
    typeAt('DELETE /api/events/{id}/metadata', (ctx, type) => metadataType(ctx, 'DELETE', type)),
    typeAt('DELETE /api/events/{id}/metadata', (ctx, type) => withRecord(ctx, ctx.app.store.get(ctx.params[0]), type, readBackDeleteType)),
    at('GET /api/events/{id}/metadata', (ctx, r) => r ?? sectionMetadataGone(ctx, typeParam(ctx))),
    at('PUT /api/events/{id}/metadata', metadataPutUnknown),
    at('DELETE /api/events/{id}/metadata', metadataDeleteUnknown), before('DELETE /api/events/{id}/metadata', blindSpotDeleteGuardFirst),
    before('DELETE /api/events/{id}/metadata', discriminatingDeleteMetadataEarly),
    at('DELETE /api/events/{id}/metadata', metadataDeleteAnswered),
    at('GET /api/events/{id}/acl', aclGetUnknown),
    at('GET /api/events/{id}/media', mediaUnknownEmpty),
    at('PUT /api/events/{id}/acl', (ctx, r) => aclWriteUnknown(ctx, r, 'put')),
    at('POST /api/events/{id}/acl/{action}', (ctx, r) => aclWriteUnknown(ctx, r, 'add')),
    at('DELETE /api/events/{id}/acl/{action}/{role}', (ctx, r) => aclWriteUnknown(ctx, r, 'remove')),
    // The role of DELETE /acl/{action}/{role} as a buggy server reads it (the path rewritten): raw, cut at a dot, decoded twice.
    ...[readBackAclRemoveRole, sectionAclRole, textRemoveRole].map((fn) => (ctx: Ctx, r: Reply | undefined, e: Endpoint) => {
      if (r === undefined && e === 'DELETE /api/events/{id}/acl/{action}/{role}') ctx.params[2] = fn(ctx, ctx.params[2]);
      return r;
    }),
    ...(['list', 'get'] as const).flatMap((which) => {
      const endpoint = which === 'list' ? 'GET /api/events/{id}/publications' : 'GET /api/events/{id}/publications/{publicationId}';
      return [at(endpoint, (ctx, r) => publicationsEarly(ctx, r, which)), at(endpoint, (ctx, r) => errorPathPublications(ctx, r, which))];
    }),
    at('GET /api/events/{id}/publications/{publicationId}', publicationNamed), at('GET /api/events/{id}/publications/{publicationId}', publicationMissing),
  ],
  list: {
    // The parameters as read: a keyword read as another, an unknown or an ignored filter dropped, the offset or the
    // sort as a buggy reader takes them.
    asked: [
      (ctx, p) => ({ ...p, filter: filterParams(ctx, p.filter) }), filterUnknownIgnored, filterIgnored,
      (ctx, p) => ({ ...p, sort: sortSuffixOptional(ctx, p.sort) }), (ctx, p) => ({ ...p, offset: blindSpotOffset(ctx, p.offset) }),
    ],
    // The query, in the order the server parses it: filters, sort, paging, flags, the query as a whole; last the
    // bugs of how it runs (a match or the combination of the groups).
    query: [
      filterRepeatRejected, filterOrAsAnd,
      eachGroupOf((ctx, g) => (g.values.length > 1 && opencastRepeatLast(ctx.app.bug, multiValued(g.name), atLeast(ctx.version, '1.5.0')) ? { ...g, values: g.values.slice(-1) } : g)),
      filtersOf((ctx, groups) => filterBugs(ctx, ctx.url.searchParams.getAll('filter'), groups)),
      ...[sectionFilters, readBackFilters, discriminatingFilters, blindSpotFilters, blindSpotContributorFilters, dataSequenceFilters, precisionFilters, textFilters, opencastSubjectJoined].map(filtersOf),
      ...[sortKeyBugs, sortEndDateIgnored, sortOrderBugs, sortBugs, sectionSort, dataSequenceSortKeys, precisionSortKeys].map(sortOf),
      (ctx, q, p) => {
        const pageIndex = !atLeast(ctx.version, '1.1.0');
        const read = dataSequencePageIndex(ctx, listOffsetReading(ctx, pageIndex));
        return read === pageIndex ? q : { ...q, skip: read ? (p.limit === undefined ? 0 : p.offset * p.limit) : p.offset };
      },
      (ctx, q, p) => ({ ...q, skip: discriminatingSkip(ctx, sectionPaging(ctx, q.skip, p.limit, p.offset), p.limit, p.offset) }),
      pageOf((ctx, pg) => pagingBugs(ctx, pg)),
      pageOf((ctx, pg) => ({ ...readBackPaging(ctx, pg), skip: pg.skip })),
      pageOf(listLimitOffByOne), pageOf(listRowsPage), pageOf(listViewsPage),
      tap((ctx, q) => {
        if (q.filters.length > 0 && ctx.app.bug('slow-filter')) slowFilterScan(ctx.app.store);
      }),
      (ctx, q) => ({ ...q, flags: lifecycleListFlags(ctx, flagsIgnored('list')(ctx, q.flags)) }),
      opencastOldestListNames, listDropsCreated, readBackQuery, sectionListQuery,
      textNeedleCase, filterStartOutside, filterAndAsOr,
    ],
    rows: [pageAnswered, sectionListRows],
  },
  response: [
    // The version endpoints: the versions listed newest first or without their v, the oldest named the default.
    jsonOf('GET /api/version', (ctx, o) => {
      const { versions, ...rest } = o as { versions: string[] };
      const listed = ctx.app.bug('version-list-descending') ? [...versions].reverse() : versions;
      return { versions: ctx.app.bug('version-list-without-v') ? listed.map((v) => v.replace(/^v/, '')) : listed, ...rest };
    }),
    jsonOf('GET /api/version/default', (ctx, o) => (ctx.app.bug('version-default-oldest') ? { default: 'v1.0.0' } : o)),
    // POST /track: 204 instead of 200.
    statusOf('POST /api/events/{id}/track', [200], (ctx, status) => (ctx.app.bug('track-answers-204') ? 204 : status)),
    ...[lifecycleListBody, listBody, sectionListBody, sectionListShape, readBackListBody, discriminatingListBody, blindSpotListBody, listRowsBody, textListBody, opencastUnknownNumbersList, listViewsBody, statefulListBody].map((fn) => bodyOf('GET /api/events', fn)),
    (ctx, reply, endpoint) => (endpoint === 'GET /api/events' && reply.json !== undefined ? listReply(ctx, reply, reply.json) : reply),

    // POST /api/events (the 201 of one event): a Location naming another event, a wrong path or the previous event,
    // the body without identifier, 200, no Location for a scheduled event.
    (ctx, reply, e) => (e === CREATE && reply.status === 200 && !rruleSingle(ctx, true) ? recurringAsOne(ctx, reply) : reply),
    (ctx, reply, e) => (e === 'POST /api/events' && reply.status === 201 ? createdFaults(ctx, reply) : reply),
    // The other endpoints' replies: a wrong success status, a body shown otherwise, a reply kept for later.
    ...[lifecycleGetBody, getBody, sectionGetShape, readBackGetBody, discriminatingGetBody, (ctx: Ctx, text: string, rec: EventRecord) => blindSpotGetBody(ctx, rec, text), dataSequenceGetBody, precisionGetBody, textGetBody, opencastUnknownNumbersGet, statefulGetBody]
      .map((fn) => eventBodyOf(fn)),
    statusOf('GET /api/events/{id}', [200], getStatus),
    statusOf('DELETE /api/events/{id}', [202, 204], (ctx, status) => deleteStatus(ctx, status, atLeast(ctx.version, '1.6.0'))),
    statusOf('POST /api/events/{id}', [204], updateStatus),
    jsonOf('GET /api/events/{id}/metadata', (ctx, body) => (typeParam(ctx) === undefined ? body : metadataWholeCatalog(ctx, body, typeParam(ctx)!))),
    statusOf('GET /api/events/{id}/metadata', [200], (ctx, status) => metadataGetStatus(ctx, status, typeParam(ctx) === undefined ? 'catalogs' : 'fields')),
    (ctx, reply, e) => (e === 'GET /api/events/{id}/metadata' ? sectionMetadataSeen(ctx, typeParam(ctx), reply) : reply),
    // PUT /metadata, once its catalog is committed: the siblings of a recurring event given it, the created date
    // following the start (Opencast).
    (ctx, reply, e) => {
      if (e !== METADATA_PUT || !metadataCommitted.has(ctx)) return reply;
      const rec = ctx.app.store.get(ctx.params[0]);
      const type = typeParam(ctx);
      if (rec && type !== undefined) {
        discriminatingMetadataPut(ctx, rec, type);
        opencastCreatedFollowsStart(ctx, rec);
      }
      return reply;
    },
    statusOf('PUT /api/events/{id}/metadata', [204], metadataPutStatus),
    jsonOf('GET /api/events/{id}/media', mediaTracksShown),
    statusOf('GET /api/events/{id}/media', [200], (ctx, status) => (ctx.app.bug('media-answers-202') ? 202 : status)),
    // GET /scheduling (read from the live record, as the handler reads it): the reply once the event is found, the
    // reply of an unscheduled event, the scheduling object shown otherwise.
    (ctx, reply, e) => {
      const rec = e === 'GET /api/events/{id}/scheduling' && (reply.status === 200 || reply.status === 204) ? ctx.app.store.get(ctx.params[0]) : undefined;
      return rec ? (schedulingFound(ctx, undefined, rec) ?? (reply.status === 204 && !rec.schedule ? (sectionUnscheduled(ctx) ?? reply) : reply)) : reply;
    },
    jsonOf('GET /api/events/{id}/scheduling', (ctx, o) => {
      const s = ctx.app.store.get(ctx.params[0])?.schedule;
      if (!s) return o;
      const shown = schedulingEndShifted(ctx, o as Record<string, unknown>, s);
      lifecycleShownSchedule(ctx, s, shown);
      return schedulingAgentCamel(ctx, shown);
    }),
    // PUT /scheduling: 200 with the schedule stored.
    (ctx, reply, e) => {
      const s = e === SCHEDULING_PUT && reply.status === 204 ? ctx.app.store.get(ctx.params[0])?.schedule : undefined;
      return s ? schedulingPut200(ctx, reply, s) : reply;
    },
    statusOf('DELETE /api/events/{id}/metadata', [204], metadataDeleteStatus),
    jsonOf('GET /api/events/{id}/acl', (ctx, body) => aclGetNoAllow(ctx, body as object[])),
    statusOf('GET /api/events/{id}/acl', [200], aclGetStatus),
    statusOf('PUT /api/events/{id}/acl', [204], (ctx, status) => aclWriteStatus(ctx, status, 'put')),
    statusOf('POST /api/events/{id}/acl/{action}', [204], (ctx, status) => aclWriteStatus(ctx, status, 'add')),
    statusOf('DELETE /api/events/{id}/acl/{action}/{role}', [204], (ctx, status) => aclWriteStatus(ctx, status, 'remove')),
    (ctx, reply, e) => {
      if (e !== 'GET /api/events/{id}/publications' || reply.status !== 200 || reply.json === undefined) return reply;
      // The list as a buggy server makes it (an empty list failing, members of the single publication listed), then its reply.
      const list = JSON.parse(reply.json) as Record<string, unknown>[];
      for (const fn of [publicationsListBugs, lifecyclePublicationsList, blindSpotPublicationsList, discriminatingPublicationsList]) fn(ctx, list);
      return publicationsListReply(ctx, { ...reply, json: JSON.stringify(list) }, list);
    },
    // GET …/publications/{pid}: the tracks' is_master_playlist and is_live missing from 1.7.0, or shown below it.
    jsonOf('GET /api/events/{id}/publications/{publicationId}', (ctx, p) => {
      const o = p as { media?: Record<string, unknown>[] };
      const members = hasFeature(ctx, 'publication-track-members');
      if (!o.media || (members ? !ctx.app.bug('publication-track-members-missing') : !ctx.app.bug('publication-track-members-below-1.7.0'))) return p;
      return { ...o, media: o.media.map(({ is_master_playlist: _m, is_live: _l, ...t }) => (members ? t : { ...t, is_master_playlist: false, is_live: false })) };
    }),
    jsonOf('GET /api/events/{id}/publications/{publicationId}', (ctx, p) => lifecyclePublication(ctx, p as Partial<Publication>)),
    (ctx, reply, e) => (e === 'GET /api/events/{id}/publications/{publicationId}' ? publicationReplied(ctx, reply) : reply),
  ],
  // What a write read from its request. PUT /scheduling: a bad scheduling parameter answered 204; allowConflict
  // read late, as a presence test, ignored, or granted to anyone; an end before the start stored as sent, a
  // schedule stored unchecked under allowConflict.
  writeInput: [
    trackInput, ...createInput, ...updateInput, ...metadataInput,
    (ctx, w) => (w.at !== SCHEDULING_PUT ? w : w.input === undefined ? { ...w, reply: schedulingBadJson(ctx, w.reply) } : w),
    (ctx, w) => {
      if (w.at !== SCHEDULING_PUT) return w;
      const asked = atLeast(ctx.version, '1.2.0') && allowConflictKnown(ctx) && allowConflictIgnored(ctx, isTrue(w.allowConflict) || sectionAllowConflictPresent(ctx, w.allowConflict));
      const anyone = allowConflictAnyone(ctx, w.anyone);
      return asked === w.asked && anyone === w.anyone ? w : { ...w, asked, anyone };
    },
    (ctx, w) => (w.at !== SCHEDULING_PUT || w.input === undefined ? w : { ...w, reply: w.reply ?? lifecyclePutEarly(ctx, w.rec, w.input) }),
    (ctx, w) => (w.at !== SCHEDULING_PUT || w.input === undefined ? w : { ...w, reply: w.reply ?? dataSequencePutEarly(ctx, w.rec, w.input, w.allowConflict) }),
  ],
  // The schedules a write plans and the conflicts found. PUT /scheduling: the agent kept, a duration from the old
  // start, the inputs kept, an end alone moving the start; conflicts checked never, on the old agent or against the
  // event itself; a refused PUT landing later; the conflicts without their title.
  writePlan: [
    putPlan, updatePlan, createPlan,
    (ctx, p, ask) => (ask.at === SCHEDULING_PUT && p.found.length > 0 && ask.rec ? { ...p, refused: () => lateSchedule(ctx, ask.rec!, p.planned[0]) } : p),
    (ctx, p, ask) => (ask.at === SCHEDULING_PUT && p.found.length > 0 ? { ...p, body: conflictNoTitle(ctx, p.found) } : p),
  ],
  // What a write is about to commit. PUT /scheduling: the old slot a buggy server keeps.
  stored: [
    tap(createStored), metadataStored,
    tap((ctx, s) => {
      if (s.at === SCHEDULING_PUT) sectionRescheduled(ctx, s.rec, s.before.schedule, s.rec.schedule);
    }),
    tap(updateStored),
    // The ACL an /acl write leaves. PUT: the roles collapsed, a deny sent stored as allow, the list cut, an empty ACL
    // ignored, the old entries kept beside the new. DELETE: entries matched by prefix or case, an entry added earlier
    // refused (404), nothing removed, the whole action or role removed (these only where the entry was there).
    ...[
      (ctx: Ctx, sent: AclEntry[]) => (ctx.app.bug('acl-roles-collapsed') ? collapseRoles(sent) : sent),
      (ctx: Ctx, sent: AclEntry[]) => aclPutBugs(ctx, sent),
      (ctx: Ctx, sent: AclEntry[], rec: EventRecord) => readBackAclPut(ctx, rec, sent),
      (ctx: Ctx, sent: AclEntry[], rec: EventRecord) => aclPutMerges(ctx, sent, rec),
      (ctx: Ctx, sent: AclEntry[], rec: EventRecord) => sectionAclPut(ctx, rec, sent),
    ].map((fn): Patch<Stored> => (ctx, s) => (s.at === 'PUT /api/events/{id}/acl' ? { ...s, acl: fn(ctx, s.acl, s.rec) } : s)),
    ...[
      (ctx: Ctx, rest: AclEntry[], { rec, action, role }: Removal) => sectionAclRemoveRest(ctx, rec, action, role, rest),
      (ctx: Ctx, rest: AclEntry[], { rec, action, role }: Removal) => discriminatingAclRemoveRest(ctx, rec, action, role, rest),
      (ctx: Ctx, rest: AclEntry[], { rec, action, role }: Removal) => {
        if (aclRemoveRefused(ctx, rec, action, role)) throw notFound(`no ACL entry with action '${action}' and role '${role}'`);
        return rest;
      },
      (ctx: Ctx, rest: AclEntry[], { rec }: Removal) => (rest.length !== rec.acl.length && aclRemoveNoop(ctx, false) ? rec.acl : rest),
      (ctx: Ctx, rest: AclEntry[], { rec, action }: Removal) => (rest.length !== rec.acl.length ? aclRemoveWholeAction(ctx, rest, rec, action) : rest),
      (ctx: Ctx, rest: AclEntry[], { rec, role }: Removal) => (rest.length !== rec.acl.length ? aclRemoveBugs(ctx, rec, rest, role) : rest),
    ].map((fn) => onlyAt('DELETE /api/events/{id}/acl/{action}/{role}', fn)),
    // POST: added onto the ACL the event was created with, the role misread, a deny entry added, the change lost or
    // made its own way, the whole ACL replaced, the entry added to every event sharing the old ACL.
    ...[
      (ctx: Ctx, acl: AclEntry[], { rec, action, role }: Removal) => {
        if (!ctx.app.bug('acl-add-onto-created')) return acl;
        readBackAclAddBase(ctx, rec);
        return withAce(ctx, rec.acl, { allow: true, action, role }) ?? rec.acl;
      },
      (ctx: Ctx, acl: AclEntry[], { rec, action, role }: Removal) => {
        const read = textAddRole(ctx, readBackAclAddRole(ctx, role));
        return read === undefined || read === role ? acl : (withAce(ctx, rec.acl, { allow: true, action, role: read }) ?? rec.acl);
      },
      (ctx: Ctx, acl: AclEntry[], { rec, action, role }: Removal) => (aclAddDeny(ctx, true) ? acl : (withAce(ctx, rec.acl, { allow: false, action, role }) ?? rec.acl)),
      (ctx: Ctx, acl: AclEntry[], { rec, action, role }: Removal) => (aclAddBugs(ctx, rec, action, role, true) || dataSequenceAclAddSkipped(ctx, false, rec, action, role) ? rec.acl : acl),
      (ctx: Ctx, acl: AclEntry[], { action, role }: Removal) => (aclAddReplaces(ctx, false) ? [{ allow: true, action, role }] : acl),
      (ctx: Ctx, acl: AclEntry[], { rec, action, role }: Removal) => {
        if (acl !== rec.acl && !rec.acl.some((e) => e.action === action && e.role === role)) sectionAclAdded(ctx, rec, rec.acl, { allow: true, action, role });
        return acl;
      },
    ].map((fn) => onlyAt('POST /api/events/{id}/acl/{action}', fn)),
  
    // DELETE /api/events/{id}: a retraction that never ends; the event about to be removed remembered.
    (ctx, s) => (s.at === 'DELETE /api/events/{id}' && s.stalls !== undefined ? { ...s, stalls: retractionStalls(ctx, s.stalls) } : s),
    tap((ctx, s) => {
      if (s.at !== 'DELETE /api/events/{id}' || s.stalls !== undefined) return;
      discriminatingDeleted(ctx, s.rec);
      dataSequenceRemoving(ctx, s.rec);
    }),
  ],
  // What a read shows, before the latitude choices shape it.
  shown: [
    // GET /api/events/{id}: derived members shown otherwise, other member names, another version's members, a with*
    // flag ignored.
    ...[
      (ctx: Ctx, shown: EventShownAt): EventShownAt => {
        const changed = getViewBugs(ctx, undefined, shown.view) ?? blindSpotTechStart(ctx, shown.rec, shown.view) ?? blindSpotCreated(ctx, shown.rec, shown.view);
        return changed ? { ...shown, variant: { legacyNames: false, view: changed } } : shown;
      },
      (ctx: Ctx, shown: EventShownAt): EventShownAt => ({ ...shown, variant: getLegacyNames(ctx, shown.variant) }),
      (ctx: Ctx, shown: EventShownAt): EventShownAt => ({ ...shown, version: opencastOldestGetNames(ctx, getCurrentNamesOldest(ctx, shown.version)) }),
      (ctx: Ctx, shown: EventShownAt): EventShownAt => ({ ...shown, flags: flagsIgnored('get')(ctx, shown.flags) }),
    ].map((fn): Patch<Shown> => (ctx, s) => (s.at === 'GET /api/events/{id}' ? fn(ctx, s) : s)),
    // GET /metadata: every catalog, or the fields of one (a catalog from before a write, a field dropped).
    ...[
      (ctx: Ctx, list: Obj[], rec: EventRecord, type?: string) => (type === undefined ? readBackCatalogs(ctx, rec, episodeView(ctx.app.store, rec), list) : list),
      (ctx: Ctx, list: Obj[], _rec: EventRecord, type?: string) => (type === undefined ? metadataCatalogBugs(ctx, list) : list),
      (ctx: Ctx, list: Obj[], rec: EventRecord, type?: string) => (type === undefined ? secondCatalogCatalogs(ctx, list, rec) : list),
      (ctx: Ctx, fields: Obj[], _rec: EventRecord, type?: string) => (type === undefined || type === EPISODE_FLAVOR ? fields : readBackExtraFields(ctx, type, fields)),
      (ctx: Ctx, fields: Obj[], rec: EventRecord, type?: string) => (type === undefined ? fields : metadataRead(ctx, rec, type, fields)),
      (ctx: Ctx, fields: Obj[], rec: EventRecord, type?: string) => (type === undefined ? fields : metadataTypeStale(ctx, fields, rec)),
      (ctx: Ctx, fields: Obj[], _rec: EventRecord, type?: string) => (type === undefined ? fields : secondCatalogFields(ctx, fields, type)),
    ].map((fn): Patch<Shown> => (ctx, s) => (s.at === 'GET /api/events/{id}/metadata' ? { ...s, list: fn(ctx, s.list, s.rec, s.type) } : s)),
    // GET /publications: an item shown as Opencast lists it.
    (ctx, s) => (s.at === 'GET /api/events/{id}/publications' ? { ...s, item: opencastListedPublication(ctx, s.item, s.publication) } : s),
    // GET /media: the tracks as before the last POST /track, or without the tracks ingested with the event.
    ...[statefulMediaTracks, mediaIngestedMissing].map((fn): Patch<Shown> => (ctx, s) => (s.at === 'GET /api/events/{id}/media' ? { ...s, tracks: fn(ctx, s.tracks) } : s)),
    // GET /acl: the ACL read otherwise, or as before a write.
    ...[(ctx: Ctx, _acl: AclEntry[], rec: EventRecord) => aclRead(ctx, rec), readBackAclRead]
      .map((fn): Patch<Shown> => (ctx, s) => (s.at === 'GET /api/events/{id}/acl' ? { ...s, acl: fn(ctx, s.acl, s.rec) } : s)),
  ],
};
