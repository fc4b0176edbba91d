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
import { hook, type ConflictAsk, type UpdateInput } from '../hooks.js';
import { aclDefault, aclStored } from '../latitude/acl.js';
import { checkScheduling, checkSeries } from '../latitude/events.js';
import { checkAclUnlocked } from './acl.js';
import { episodeInput } from '../latitude/fields.js';
import { checkExtraCatalogs } from '../latitude/extra-catalogs.js';
import { conflictRules } from '../latitude/conflicts.js';
import { checkNotPast } from '../latitude/scheduling.js';

const UPDATE = 'POST /api/events/{id}';

/**
 * POST /api/events/{event_id} (spec: "Only what is sent is changed: a request carrying only a metadata part
 * updates only that catalog." 204, 404, 409). Everything is validated before anything is applied.
 */
export async function updateEvent(ctx: Ctx): Promise<Reply> {
  const { store } = ctx.app;
  const rec = writableEvent(ctx);
  const sent = parseEventParts(await readKnownForm(ctx), ctx.version, { aclDefault: aclDefault(ctx, 'create') });
  if (sent.metadata?.episode) sent.metadata.episode = episodeInput(ctx, sent.metadata.episode);
  if (sent.metadata) checkExtraCatalogs(ctx.app, sent.metadata.extras, 'write');
  if (sent.acl) sent.acl = aclStored(ctx, sent.acl);
  checkScheduling(ctx, sent.scheduling, false);
  const { parts, base, partByPart, reply } = hook(ctx).writeInput(ctx, { at: UPDATE, rec, parts: sent, base: rec.episode, partByPart: false }) as UpdateInput;
  if (reply) return reply;
  const before = { episode: rec.episode, schedule: rec.schedule };
  const episode = parts.metadata?.episode ? applyEpisode(base, parts.metadata.episode, store.view(rec.id).bibStartMs, true) : rec.episode;
  checkSeries(ctx, episode);
  const extras = new Map<string, ExtraCatalog>();
  for (const [flavor, fields] of parts.metadata?.extras ?? []) {
    extras.set(flavor, applyExtra(rec.extraCatalogs.get(flavor), fields, flavor));
  }
  const applyMetadata = () => {
    rec.episode = episode;
    for (const [flavor, c] of extras) rec.extraCatalogs.set(flavor, c);
  };
  // Part by part (Opencast's updateEvent): the metadata part, then the acl part, each applied (and visible) before
  // the next part is checked, so a later part's refusal leaves the earlier ones in place.
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
    const merged = mergeSchedule(rec.schedule, parts.scheduling, (ms) => kept(ctx.app, ms));
    const ask: ConflictAsk = { at: UPDATE, rec, cur: rec.schedule, input: parts.scheduling, episode, title: episode.title, exclude: rec.id, rules: conflictRules(ctx.app) };
    const plan = hook(ctx).writePlan(ctx, { planned: [merged], checked: true, found: findConflicts(store, [merged], ask.title, ask.exclude, undefined, ask.rules) }, ask);
    [schedule] = plan.planned;
    checkNotPast(ctx, [schedule]);
    if (plan.found.length > 0) {
      plan.refused?.();
      throw new HttpError(409, 'scheduling conflict', plan.body ?? plan.found);
    }
  }
  if (store.get(rec.id) !== rec) throw new HttpError(404, `event '${rec.id}' not found`);
  if (!partByPart) applyMetadata();
  if (parts.acl) rec.acl = parts.acl;
  if (parts.processing) rec.processing = parts.processing;
  rec.schedule = schedule;
  if (parts.tracks.length > 0 && !rec.schedule) {
    rec.tracks = [...rec.tracks, ...parts.tracks];
    startProcessing(ctx.app, rec);
  }
  hook(ctx).stored(ctx, { at: UPDATE, rec, parts, partByPart, before });
  rec.archiveVersion++;
  store.commit(rec);
  return empty(204);
}
