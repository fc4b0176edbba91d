import { configuredNewCatalogs } from './extra-catalogs.js';
import { randomUUID } from 'node:crypto';
import type { App, Ctx, Reply } from '../app.js';
import { eventJson } from '../serialize.js';
import { shapeStyle } from './shape.js';
import { checkUtc } from './scheduling.js';
import type { EventParts } from '../event-parts.js';
import type { ScheduleInput } from '../schedule.js';
import { badRequest, type EpisodeValues, type EventRecord, type ExtraCatalog, type Schedule } from '../types.js';

/** Latitude choices of event creation and update (spec § POST /api/events, § Event). */

/** create-media=required: neither media nor scheduling → 400 ("... and uploaded media tracks"). */
export function checkMedia(ctx: Ctx, parts: EventParts): void {
  if (ctx.app.lat('create-media') === 'required' && parts.tracks.length === 0 && !parts.scheduling) {
    throw badRequest(`this server creates events from uploaded media: send a presenter, presentation or audio part (or scheduling)`);
  }
}

/** processing-required=required: a create must carry processing instructions naming a workflow (§ Processing instructions). */
export function checkProcessing(ctx: Ctx, parts: EventParts): void {
  if (ctx.app.lat('processing-required') === 'required' && !parts.processing?.workflow) {
    throw badRequest(`part 'processing' with a 'workflow' is required`);
  }
}

/** rrule-single ("200: several events were created by scheduling with rrule."): one occurrence → 200 [..] or 201. */
export function rruleReply(ctx: Ctx, created: number): 'array' | 'single' {
  return created === 1 && ctx.app.lat('rrule-single') === 'object-201' ? 'single' : 'array';
}

/** capture-agents=registered: agent_id must be a registered capture agent. inputs-required=required. datetime-input. */
export function checkScheduling(ctx: Ctx, s: ScheduleInput | undefined, creating: boolean): void {
  if (!s) return;
  checkUtc(ctx, s);
  if (s.agentId !== undefined && ctx.app.lat('capture-agents') === 'registered' && !ctx.app.agents.has(s.agentId)) {
    throw badRequest(`unknown capture agent '${s.agentId}'; registered: ${[...ctx.app.agents].join(', ')}`);
  }
  if (creating && ctx.app.lat('inputs-required') === 'required' && !(s.inputs && s.inputs.length > 0)) {
    throw badRequest(`scheduling 'inputs' is required (a non-empty array of input names)`);
  }
}

/** series-known=known: isPartOf must be empty or a known series. */
export function checkSeries(ctx: Ctx, e: EpisodeValues): void {
  if (e.isPartOf !== '' && ctx.app.lat('series-known') === 'known' && !ctx.app.series.has(e.isPartOf)) {
    throw badRequest(`unknown series '${e.isPartOf}'`);
  }
}

let counter = 0;

/** identifier-format: uuid, numeric or prefixed identifiers. */
export function newEventId(app: App): string {
  const alt = app.lat('identifier-format');
  if (alt === 'numeric') return String(Date.now() * 1000 + (counter++ % 1000));
  if (alt === 'prefixed') return `ev_${randomUUID().replace(/-/g, '').slice(0, 12).replace(/[a-f]/g, (c) => 'ghijkl'['abcdef'.indexOf(c)])}`;
  return randomUUID();
}

/** Settings of a new record: bibliographic-start, scheduled-location, extra-catalog. */
export function shapeNewRecord(ctx: Ctx, episode: EpisodeValues, schedule: Schedule | undefined, extras: Map<string, ExtraCatalog>): void {
  const { lat } = ctx.app;
  if (schedule && lat('bibliographic-start') === 'follows-schedule') episode.startMs = schedule.startMs;
  if (schedule && episode.location === '' && lat('scheduled-location') === 'agent') episode.location = schedule.agentId;
  configuredNewCatalogs(ctx.app, extras);
}

/** index-lag=lag-300ms: the new records stay invisible for app.indexLagMs (LAG_MS unless the server was told otherwise). */
export function hideForLag(app: App, records: EventRecord[]): void {
  if (app.lat('index-lag') === 'none') return;
  for (const rec of records) {
    app.store.hidden.add(rec.id);
    app.timers.after(`lag:${rec.id}`, app.indexLagMs, () => {
      app.store.hidden.delete(rec.id);
      app.store.commit(rec);
    });
  }
}

/** rrule-order=reverse: the 200 array latest occurrence first. */
export function rruleOrder<T>(ctx: Ctx, list: T[]): T[] {
  return ctx.app.lat('rrule-order') === 'reverse' ? [...list].reverse() : list;
}

/**
 * create-body=event ("The body is an object with identifier (string)."): the 201 body is the created event object,
 * which carries identifier; `reply` is the default {identifier} reply (kept when it carries no identifier).
 */
export function createdReply(ctx: Ctx, rec: EventRecord, reply: Reply): Reply {
  if (ctx.app.lat('create-body') !== 'event' || reply.json === undefined || !reply.json.includes('"identifier"')) return reply;
  const flags = { acl: false, metadata: false, publications: false, scheduling: false };
  return { ...reply, json: eventJson(rec, ctx.app.store.view(rec.id), ctx.version, flags, undefined, shapeStyle(ctx.app)) };
}
