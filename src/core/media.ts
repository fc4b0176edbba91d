import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../spec/paths.js';
import type { MultipartPart } from '../http/index.js';
import type { MediaFile } from '../model/index.js';

export type { MediaFile } from '../model/index.js';

/**
 * The media file evconf ships (assets/media/evconf-tone.wav: 1 s, 8 kHz mono PCM, made by make-tone.mjs there).
 * It is what every create sends where a server refuses an event without media (spec § POST /api/events: "It creates
 * events from metadata, an access control list, processing instructions and uploaded media tracks"), and what the
 * scenarios with `media: true` upload.
 */
export const SHIPPED_MEDIA: MediaFile = Object.freeze({ part: 'audio', filename: 'evconf-tone.wav', contentType: 'audio/wav' });

export const SHIPPED_MEDIA_PATH = join(PROJECT_ROOT, 'assets', 'media', SHIPPED_MEDIA.filename);

let bytes: Uint8Array | undefined;

/** The shipped file's bytes (read once). */
export function shippedMediaBytes(): Uint8Array {
  bytes ??= new Uint8Array(readFileSync(SHIPPED_MEDIA_PATH));
  return bytes;
}

/** The multipart part that uploads `media` (the shipped bytes). */
export function mediaPart(media: MediaFile = SHIPPED_MEDIA): MultipartPart {
  return { name: media.part, filename: media.filename, contentType: media.contentType, data: shippedMediaBytes() };
}
