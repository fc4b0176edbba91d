import { baseUrl, json, type Ctx, type Reply } from '../app.js';
import { applyExtra } from '../catalogs.js';
import { findConflicts } from '../conflicts.js';
import { applyEpisode, emptyEpisode } from '../episode.js';
import { parseEventParts, type EventParts } from '../event-parts.js';
import { readKnownForm } from '../latitude/unknown-input.js';
import { aclDefault, aclStored, aclWhenOmitted } from '../latitude/acl.js';
import { startProcessing } from '../processing.js';
import { planCreate, type PlanHooks } from '../schedule.js';
import { kept } from '../latitude/precision.js';
import { badRequest, HttpError, type EventRecord, type ExtraCatalog, type Schedule } from '../types.js';
import { hook } from '../hooks.js';
import { checkMedia, checkProcessing, checkScheduling, checkSeries, createdReply, hideForLag, newEventId, rruleOrder, rruleReply, shapeNewRecord } from '../latitude/events.js';
import { conflictRules } from '../latitude/conflicts.js';
import { checkNotPast } from '../latitude/scheduling.js';
import { episodeInput } from '../latitude/fields.js';
import { checkExtraCatalogs } from '../latitude/extra-catalogs.js';

/** POST /api/events (spec § POST /api/events): 201 + Location + {identifier}; rrule → 200 + [{identifier}]; 409. */

function newRecord(ctx: Ctx, parts: EventParts, schedule: Schedule | undefined, nowMs: number): EventRecord {
  const fields = parts.metadata?.episode ?? [];
  const episode = applyEpisode(emptyEpisode(), fields, schedule?.startMs ?? nowMs, false);
  hook(ctx).createParts.episode(ctx, episode);
  const extras = new Map<string, ExtraCatalog>();
  for (const [flavor, f] of parts.metadata?.extras ?? []) extras.set(flavor, applyExtra(undefined, f, flavor));
  shapeNewRecord(ctx, episode, schedule, extras);
  return {
    id: newEventId(ctx.app),
    seq: ctx.app.store.nextSeq(),
    creator: ctx.caller.name,
    createdMs: nowMs,
    episode,
    extraCatalogs: extras,
    acl: hook(ctx).createParts.acl(ctx, (parts.acl ?? aclWhenOmitted(ctx)).map((e) => ({ ...e }))),
    processing: parts.processing,
    schedule,
    processingState: schedule ? (hook(ctx).createParts.scheduledState(ctx, undefined) ?? 'INSTANTIATED') : 'RUNNING',
    tracks: schedule ? [] : parts.tracks,
    publications: [],
    archiveVersion: 1,
    baseUrl: baseUrl(ctx),
    deleting: false,
    json: new Map(),
  };
}

/** The hook points of createParts that planCreate asks. */
function planHooks(ctx: Ctx): PlanHooks {
  return {
    singleEnd: (endMs, s) => hook(ctx).createParts.singleEnd(ctx, endMs, s),
    emptyAccepted: () => hook(ctx).createParts.emptyAccepted(ctx, false),
    untilIgnored: () => hook(ctx).createParts.untilIgnored(ctx, false),
  };
}

export async function createEvent(ctx: Ctx): Promise<Reply> {
  const parts = parseEventParts(await readKnownForm(ctx), ctx.version, { lenientMetadata: hook(ctx).createParts.lenient(ctx, false), aclDefault: aclDefault(ctx, 'create') });
  hook(ctx).createParts.parts(ctx, parts);
  if (!parts.metadata) throw badRequest(`part 'metadata' is required (a JSON array of catalogs)`);
  if (parts.metadata.episode === undefined && parts.metadata.extras.size === 0) {
    throw badRequest(`part 'metadata' must contain at least one catalog`);
  }
  if (parts.metadata.episode) parts.metadata.episode = episodeInput(ctx, parts.metadata.episode);
  checkExtraCatalogs(ctx.app, parts.metadata.extras, 'create');
  if (parts.acl) parts.acl = aclStored(ctx, parts.acl);
  checkMedia(ctx, parts);
  checkProcessing(ctx, parts);
  checkScheduling(ctx, parts.scheduling, true);
  const now = kept(ctx.app, Date.now());
  hook(ctx).createParts.scheduling(ctx, parts.scheduling);
  const plan = hook(ctx).createParts.plan(ctx, parts.scheduling ? planCreate(parts.scheduling, ctx.app.lat('rrule-window'), planHooks(ctx), (ms) => kept(ctx.app, ms)) : undefined, parts.scheduling);
  if (plan) checkNotPast(ctx, plan);
  // Validate the metadata once before planning (identical for every occurrence).
  const probe = newRecord(ctx, parts, plan?.[0], now);
  checkSeries(ctx, probe.episode);
  if (plan) {
    const conflicts = hook(ctx).createParts.conflicts(ctx, findConflicts(ctx.app.store, plan, probe.episode.title, undefined, hook(ctx).createParts.clash(ctx, undefined), conflictRules(ctx.app)), plan);
    if (conflicts.length > 0) hook(ctx).createParts.refused(ctx, () => plan.forEach((s, i) => ctx.app.store.insert(i === 0 ? probe : newRecord(ctx, parts, s, now))));
    if (conflicts.length > 0) throw new HttpError(409, 'scheduling conflict', conflicts);
  }
  const records = plan ? plan.map((s, i) => (i === 0 ? probe : newRecord(ctx, parts, s, now))) : [probe];
  hook(ctx).created.records(ctx, records);
  for (const rec of records) {
    ctx.app.store.insert(rec);
    if (!rec.schedule) startProcessing(ctx.app, rec);
  }
  hideForLag(ctx.app, records);
  hook(ctx).created.stored(ctx, records);
  if (parts.scheduling?.rrule !== undefined && hook(ctx).created.asArray(ctx, true) && rruleReply(ctx, records.length) === 'array') {
    return json(200, rruleOrder(ctx, records.map((r) => ({ identifier: r.id }))));
  }
  const id = records[0].id;
  return createdReply(ctx, records[0], json(201, { identifier: id }, { Location: `${baseUrl(ctx)}/api/events/${encodeURIComponent(id)}` }));
}
