import { empty, type Ctx, type Reply } from '../app.js';
import { writableEvent } from '../event-access.js';
import { applyExtra } from '../catalogs.js';
import { findConflicts } from '../conflicts.js';
import { applyEpisode } from '../episode.js';
import { parseEventParts } from '../event-parts.js';
import { readKnownForm } from '../latitude/unknown-input.js';
import { startProcessing } from '../processing.js';
import { kept } from '../latitude/precision.js';
import { mergeSchedule } from '../schedule.js';
import { badRequest, HttpError, type ExtraCatalog } from '../types.js';
import { hook } from '../hooks.js';
import { aclDefault, aclStored } from '../latitude/acl.js';
import { checkScheduling, checkSeries } from '../latitude/events.js';
import { checkAclUnlocked } from './acl.js';
import { episodeInput } from '../latitude/fields.js';
import { checkExtraCatalogs } from '../latitude/extra-catalogs.js';
import { conflictRules } from '../latitude/conflicts.js';
import { checkNotPast } from '../latitude/scheduling.js';

/**
 * POST /api/events/{event_id} (spec: "Only what is sent is changed: a request carrying only a metadata part
 * updates only that catalog." 204, 404, 409). Everything is validated before anything is applied.
 */
export async function updateEvent(ctx: Ctx): Promise<Reply> {
  const { store } = ctx.app;
  const rec = writableEvent(ctx);
  const parts = parseEventParts(await readKnownForm(ctx), ctx.version, { aclDefault: aclDefault(ctx, 'create') });
  hook(ctx).updateParts.parts(ctx, parts, rec);
  if (parts.metadata?.episode) parts.metadata.episode = episodeInput(ctx, parts.metadata.episode);
  if (parts.metadata) checkExtraCatalogs(ctx.app, parts.metadata.extras, 'write');
  if (parts.acl) parts.acl = hook(ctx).updateParts.acl(ctx, aclStored(ctx, parts.acl));
  checkScheduling(ctx, parts.scheduling, false);
  hook(ctx).updateParts.checked(ctx, parts);
  const view = store.view(rec.id);
  const episode = parts.metadata?.episode ? applyEpisode(hook(ctx).updateParts.base(ctx, rec.episode, rec), parts.metadata.episode, view.bibStartMs, true) : rec.episode;
  hook(ctx).updateParts.episode(ctx, episode, { rec, parts });
  checkSeries(ctx, episode);
  const extras = new Map<string, ExtraCatalog>();
  for (const [flavor, fields] of parts.metadata?.extras ?? []) {
    extras.set(flavor, applyExtra(rec.extraCatalogs.get(flavor), fields, flavor));
  }
  const applyMetadata = () => {
    rec.episode = episode;
    for (const [flavor, c] of extras) rec.extraCatalogs.set(flavor, c);
    hook(ctx).updateParts.applied(ctx, rec, parts);
  };
  // Hook point updateParts.partByPart: the metadata part, then the acl part, each applied (and visible) before the
  // next part is checked, so a later part's refusal leaves the earlier ones in place (Opencast's updateEvent).
  const partByPart = hook(ctx).updateParts.partByPart(ctx, false);
  if (partByPart && parts.metadata) {
    applyMetadata();
    rec.archiveVersion++;
    store.commit(rec);
  }
  if (parts.acl) checkAclUnlocked(ctx, rec);
  if (partByPart && parts.acl) {
    rec.acl = parts.acl;
    store.commit(rec);
  }
  let schedule = rec.schedule;
  if (parts.scheduling) {
    if (!rec.schedule) throw badRequest(`event '${rec.id}' is not scheduled; part 'scheduling' cannot be applied`);
    schedule = hook(ctx).updateParts.schedule(ctx, mergeSchedule(rec.schedule, parts.scheduling, (ms) => kept(ctx.app, ms)), { cur: rec.schedule, input: parts.scheduling });
    checkNotPast(ctx, [schedule]);
    const conflicts = findConflicts(store, [schedule], episode.title, hook(ctx).schedulingPut.exclude(ctx, rec.id, 'update'), undefined, conflictRules(ctx.app));
    if (hook(ctx).updateParts.refused(ctx, conflicts.length, { rec, episode }) > 0) throw new HttpError(409, 'scheduling conflict', hook(ctx).updateParts.conflictBody(ctx, conflicts));
  }
  if (store.get(rec.id) !== rec) throw new HttpError(404, `event '${rec.id}' not found`);
  if (!partByPart) applyMetadata();
  if (parts.acl) rec.acl = parts.acl;
  else rec.acl = hook(ctx).updateParts.unsentAcl(ctx, rec.acl);
  if (parts.processing) rec.processing = parts.processing;
  if (!hook(ctx).updateParts.scheduleKept(ctx, false)) {
    hook(ctx).schedulingPut.rescheduled(ctx, rec, { old: rec.schedule, next: schedule });
    rec.schedule = schedule;
  }
  if (parts.tracks.length > 0 && !rec.schedule) {
    rec.tracks = [...rec.tracks, ...parts.tracks];
    startProcessing(ctx.app, rec);
  }
  hook(ctx).updateParts.updated(ctx, rec, parts);
  rec.archiveVersion++;
  store.commit(rec);
  return empty(204);
}
