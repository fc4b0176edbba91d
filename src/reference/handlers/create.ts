import { baseUrl, json, type Ctx, type Reply } from '../app.js';
import { applyExtra } from '../catalogs.js';
import { findConflicts } from '../conflicts.js';
import { applyEpisode, emptyEpisode } from '../episode.js';
import { parseEventParts, type EventParts } from '../event-parts.js';
import { readKnownForm } from '../latitude/unknown-input.js';
import { aclDefault, aclStored, aclWhenOmitted } from '../latitude/acl.js';
import { startProcessing } from '../processing.js';
import { planCreate } from '../schedule.js';
import { kept } from '../latitude/precision.js';
import { badRequest, HttpError, type EventRecord, type ExtraCatalog, type Schedule } from '../types.js';
import { hook, type ConflictAsk, type CreateInput } from '../hooks.js';
import { checkMedia, checkProcessing, checkScheduling, checkSeries, createdReply, hideForLag, newEventId, rruleOrder, rruleReply, shapeNewRecord } from '../latitude/events.js';
import { conflictRules } from '../latitude/conflicts.js';
import { checkNotPast } from '../latitude/scheduling.js';
import { episodeInput } from '../latitude/fields.js';
import { checkExtraCatalogs } from '../latitude/extra-catalogs.js';

/** POST /api/events (spec § POST /api/events): 201 + Location + {identifier}; rrule → 200 + [{identifier}]; 409. */

const CREATE = 'POST /api/events';

function newRecord(ctx: Ctx, parts: EventParts, schedule: Schedule | undefined, nowMs: number): EventRecord {
  const fields = parts.metadata?.episode ?? [];
  const episode = applyEpisode(emptyEpisode(), fields, schedule?.startMs ?? nowMs, false);
  const extras = new Map<string, ExtraCatalog>();
  for (const [flavor, f] of parts.metadata?.extras ?? []) extras.set(flavor, applyExtra(undefined, f, flavor));
  shapeNewRecord(ctx, episode, schedule, extras);
  const rec: EventRecord = {
    id: newEventId(ctx.app),
    seq: ctx.app.store.nextSeq(),
    creator: ctx.caller.name,
    createdMs: nowMs,
    episode,
    extraCatalogs: extras,
    acl: (parts.acl ?? aclWhenOmitted(ctx)).map((e) => ({ ...e })),
    processing: parts.processing,
    schedule,
    processingState: schedule ? 'INSTANTIATED' : 'RUNNING',
    tracks: schedule ? [] : parts.tracks,
    publications: [],
    archiveVersion: 1,
    baseUrl: baseUrl(ctx),
    deleting: false,
    json: new Map(),
  };
  hook(ctx).stored(ctx, { at: CREATE, recs: [rec], built: true });
  return rec;
}

export async function createEvent(ctx: Ctx): Promise<Reply> {
  const form = await readKnownForm(ctx);
  let sent: EventParts;
  try {
    sent = parseEventParts(form, ctx.version, { aclDefault: aclDefault(ctx, 'create') });
  } catch (e) {
    const read = hook(ctx).writeInput(ctx, { at: CREATE, form, rules: {} }) as CreateInput;
    if (!read.parts) throw e;
    sent = read.parts;
  }
  if (!sent.metadata) throw badRequest(`part 'metadata' is required (a JSON array of catalogs)`);
  if (sent.metadata.episode === undefined && sent.metadata.extras.size === 0) {
    throw badRequest(`part 'metadata' must contain at least one catalog`);
  }
  if (sent.metadata.episode) sent.metadata.episode = episodeInput(ctx, sent.metadata.episode);
  checkExtraCatalogs(ctx.app, sent.metadata.extras, 'create');
  if (sent.acl) sent.acl = aclStored(ctx, sent.acl);
  checkMedia(ctx, sent);
  checkProcessing(ctx, sent);
  checkScheduling(ctx, sent.scheduling, true);
  const read = hook(ctx).writeInput(ctx, { at: CREATE, form, parts: sent, rules: {} }) as CreateInput;
  if (read.reply) return read.reply;
  const parts = read.parts ?? sent;
  const now = kept(ctx.app, Date.now());
  const plan = parts.scheduling ? planCreate(parts.scheduling, ctx.app.lat('rrule-window'), read.rules, (ms) => kept(ctx.app, ms)) : undefined;
  if (plan) checkNotPast(ctx, plan);
  // Validate the metadata once before planning (identical for every occurrence).
  const probe = newRecord(ctx, parts, plan?.[0], now);
  checkSeries(ctx, probe.episode);
  if (plan) {
    const insert = () => plan.forEach((s, i) => ctx.app.store.insert(i === 0 ? probe : newRecord(ctx, parts, s, now)));
    const ask: ConflictAsk = { at: CREATE, input: parts.scheduling, title: probe.episode.title, rules: conflictRules(ctx.app), insert };
    const checked = hook(ctx).writePlan(ctx, { planned: plan, checked: true, found: findConflicts(ctx.app.store, plan, ask.title, undefined, undefined, ask.rules) }, ask);
    if (checked.found.length > 0) {
      checked.refused?.();
      throw new HttpError(409, 'scheduling conflict', checked.body ?? checked.found);
    }
  }
  const records = plan ? plan.map((s, i) => (i === 0 ? probe : newRecord(ctx, parts, s, now))) : [probe];
  hook(ctx).stored(ctx, { at: CREATE, recs: records, built: false });
  for (const rec of records) {
    ctx.app.store.insert(rec);
    if (!rec.schedule) startProcessing(ctx.app, rec);
  }
  hideForLag(ctx.app, records);
  if (parts.scheduling?.rrule !== undefined && rruleReply(ctx, records.length) === 'array') {
    return json(200, rruleOrder(ctx, records.map((r) => ({ identifier: r.id }))));
  }
  const id = records[0].id;
  return createdReply(ctx, records[0], json(201, { identifier: id }, { Location: `${baseUrl(ctx)}/api/events/${encodeURIComponent(id)}` }));
}
