import type { App } from '../app.js';
import type { FileItem, Publication } from '../types.js';

/**
 * Latitude choices of processing and publications (spec § States and transitions: "Transitions: not shown.";
 * § Publication: "Media type of the publication url", tracks and file items with "checksum string, tags
 * array[string]" and no format or values given).
 */

const TAGS: Record<string, string[]> = {
  download: ['engage-download'],
  empty: [],
  several: ['engage-download', 'engage-streaming', 'archive'],
};

/** checksum-format: the MD5 hex digest as lower-case hex, md5:<hex>, or upper-case hex. */
function checksum(app: App, hex: string): string {
  const alt = app.lat('checksum-format');
  return alt === 'typed' ? `md5:${hex}` : alt === 'upper-hex' ? hex.toUpperCase() : hex;
}

/** checksum-format, file-tags, publication-mediatype applied to a freshly built publication (identity by default). */
export function styledPublication(app: App, p: Publication): Publication {
  const { lat } = app;
  if (lat('checksum-format') === 'hex' && lat('file-tags') === 'download' && lat('publication-mediatype') === 'json') return p;
  const item = <I extends FileItem>(x: I): I => ({ ...x, checksum: checksum(app, x.checksum), tags: [...TAGS[lat('file-tags')]] });
  return {
    ...p,
    mediatype: lat('publication-mediatype') === 'html' ? 'text/html' : p.mediatype,
    media: p.media.map(item),
    attachments: p.attachments.map(item),
    metadata: p.metadata.map(item),
  };
}

/** upload-processing=synchronous: processing is done before the create (or update) answers. */
export function processesAtOnce(app: App): boolean {
  return app.lat('upload-processing') === 'synchronous';
}

/** publication-timing=while-running: the publication is made half-way through processing (ms after the start), else never early. */
export function earlyPublicationMs(app: App): number | undefined {
  return app.lat('publication-timing') === 'while-running' ? Math.floor(app.processingDelayMs / 2) : undefined;
}
