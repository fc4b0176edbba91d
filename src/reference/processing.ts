import { createHash, randomUUID } from 'node:crypto';
import type { App } from './app.js';
import type { EventRecord, FileItem, Publication, Track } from './types.js';
import { earlyPublicationMs, processesAtOnce, styledPublication } from './latitude/publish.js';

/** Processing simulation (ARCHITECTURE.md § The reference server): RUNNING → SUCCEEDED after a delay; media gives a publication. */

export const PUBLICATION_CHANNEL = 'engage-player';
/** Addendum § Publication (addition in 1.11.0): the channel of the internal publication. */
export const INTERNAL_CHANNEL = 'internal';

/** A 1×1 PNG, the preview image of every publication. */
const PREVIEW_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function md5(bytes: Buffer | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function file(url: string, flavor: string, mediatype: string, bytes: Buffer): FileItem {
  return { id: randomUUID(), mediatype, url, flavor, size: bytes.length, checksum: md5(bytes), tags: ['engage-download'] };
}

/** The publication of a processed event: one track per uploaded file, a preview, a dublincore catalog. */
export function buildPublication(rec: EventRecord, channel: string = PUBLICATION_CHANNEL): Publication {
  const pid = randomUUID();
  const root = `${rec.baseUrl}/publications/${encodeURIComponent(rec.id)}/${pid}`;
  const media: Track[] = rec.tracks.map((t) => {
    const id = randomUUID();
    const name = encodeURIComponent(t.filename || `${t.part}.bin`);
    return {
      id,
      mediatype: t.mediatype,
      url: `${root}/${id}/${name}`,
      flavor: `${t.part}/delivery`,
      size: t.size,
      checksum: t.checksum,
      tags: ['engage-download'],
      has_audio: true,
      has_video: t.part !== 'audio',
      duration: Math.round(rec.episode.durationMs ?? 0),
      description: '',
    };
  });
  const dc = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><dublincore xmlns="http://www.opencastproject.org/xsd/1.0/dublincore/" ` +
      `xmlns:dcterms="http://purl.org/dc/terms/"><dcterms:identifier>${xmlEscape(rec.id)}</dcterms:identifier>` +
      `<dcterms:title>${xmlEscape(rec.episode.title)}</dcterms:title></dublincore>`,
  );
  return {
    id: pid,
    channel,
    mediatype: 'application/json',
    url: root,
    media,
    attachments: [file(`${root}/preview.png`, 'presenter/player+preview', 'image/png', PREVIEW_PNG)],
    metadata: [file(`${root}/dublincore.xml`, 'dublincore/episode', 'text/xml', dc)],
  };
}

/** Starts (or restarts) processing: RUNNING now, SUCCEEDED (and published when there is media) later. */
export function startProcessing(app: App, rec: EventRecord): void {
  const publish = () => {
    // Addendum § Publication (addition in 1.11.0): a processed event also has a publication of channel "internal".
    rec.internalPublication = rec.tracks.length > 0 ? styledPublication(app, buildPublication(rec, INTERNAL_CHANNEL)) : undefined;
    return rec.tracks.length > 0 ? publicationChannels(app).map((c) => styledPublication(app, buildPublication(rec, c))) : [];
  };
  // Latitude choice upload-processing=synchronous ("Transitions: not shown."): done before the 201/204 is sent.
  if (processesAtOnce(app)) {
    rec.processingState = 'SUCCEEDED';
    rec.publications = publish();
    app.store.commit(rec);
    return;
  }
  rec.processingState = 'RUNNING';
  // Latitude choice state-sequence=paused-first ("Transitions: not shown."): PAUSED, waiting for a resource, at first.
  if (app.lat('state-sequence') === 'paused-first') pauseFirst(app, rec);
  // Latitude choice publication-timing=while-running: the publication appears while processing_state is RUNNING.
  let published = false;
  const early = earlyPublicationMs(app);
  if (early !== undefined) {
    app.timers.after(`publish:${rec.id}`, early, () => {
      if (app.store.get(rec.id) !== rec || rec.deleting) return;
      rec.publications = publish();
      published = true;
      app.store.commit(rec);
    });
  }
  app.timers.after(`process:${rec.id}`, processingMs(app, rec), () => {
    if (app.store.get(rec.id) !== rec) return;
    rec.processingState = 'SUCCEEDED';
    if (!published) rec.publications = publish();
    app.store.commit(rec);
  });
}

/**
 * How long processing takes: the simulated processing time per unit of media, one unit per 8000 bytes of the largest
 * uploaded track (the shipped 1 s tone, assets/media/evconf-tone.wav, is one unit), at least one: as a real
 * server encodes longer media longer (docs/opencast-behaviour.md: Opencast's workflows take minutes). A client that
 * needs processing to outlast its reads uploads a longer tone (track-while-processing, src/scenarios/actions/versions.ts).
 */
export function processingMs(app: App, rec: EventRecord): number {
  const largest = rec.tracks.reduce((m, t) => Math.max(m, t.size), 0);
  return app.processingDelayMs * Math.max(1, Math.round(largest / MEDIA_BYTES_PER_UNIT));
}

/** Bytes of media per unit of processing time: 1 s of the shipped 8 kHz 8-bit mono tone. */
const MEDIA_BYTES_PER_UNIT = 8000;

/** Latitude choice publication-channel ("Publication channel name"): engage-player, api, or both. */
function publicationChannels(app: App): string[] {
  const alt = app.lat('publication-channel');
  return alt === 'both' ? [PUBLICATION_CHANNEL, 'api'] : alt === 'api' ? ['api'] : [PUBLICATION_CHANNEL];
}

function pauseFirst(app: App, rec: EventRecord): void {
  rec.processingState = 'PAUSED';
  app.store.commit(rec);
  app.timers.after(`pause:${rec.id}`, Math.floor(app.processingDelayMs / 2), () => {
    if (app.store.get(rec.id) !== rec || rec.processingState !== 'PAUSED') return;
    rec.processingState = 'RUNNING';
    app.store.commit(rec);
  });
}

/**
 * 1.6.0 DELETE of a published event (spec: "it first retracts any publications"): half-way through the delay the
 * publications are gone (the event still exists), at its end the event disappears. `stalls`: hook point
 * stored (handlers/event.ts), the retraction never ends.
 */
export function startRetraction(app: App, rec: EventRecord, stalls = false): void {
  if (rec.deleting) return;
  rec.deleting = true;
  app.timers.cancel(`process:${rec.id}`);
  app.timers.cancel(`publish:${rec.id}`);
  if (stalls) return;
  const half = Math.floor(app.retractDelayMs / 2);
  app.timers.after(`retract:${rec.id}`, half, () => {
    if (app.store.get(rec.id) !== rec) return;
    rec.publications = [];
    rec.internalPublication = undefined;
    app.store.commit(rec);
    app.timers.after(`retract:${rec.id}`, app.retractDelayMs - half, () => {
      if (app.store.get(rec.id) === rec) app.store.remove(rec.id);
    });
  });
}
