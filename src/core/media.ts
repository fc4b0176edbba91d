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

/**
 * The shipped file's tone lasting `seconds` (a whole number, 1 or more) in the shipped file's format (44-byte RIFF/WAVE
 * header, 8 kHz mono 8-bit PCM, assets/media/make-tone.mjs): the shipped data repeated. 1 gives the shipped bytes.
 * Longer media is what a server takes longer to process (track-while-processing uploads it to see processing run).
 */
export function toneBytes(seconds: number): Uint8Array {
  const shipped = shippedMediaBytes();
  const n = Math.max(1, Math.floor(seconds));
  if (n === 1) return shipped;
  const header = Buffer.from(shipped.subarray(0, 44));
  const data = Buffer.concat(Array.from({ length: n }, () => shipped.subarray(44)));
  header.writeUInt32LE(36 + data.length, 4);
  header.writeUInt32LE(data.length, 40);
  return new Uint8Array(Buffer.concat([header, data]));
}

/** The multipart part that uploads `media` (the shipped bytes; with `seconds` > 1 the shipped tone that long, toneBytes). */
export function mediaPart(media: MediaFile = SHIPPED_MEDIA, seconds = 1): MultipartPart {
  return { name: media.part, filename: media.filename, contentType: media.contentType, data: toneBytes(seconds) };
}
