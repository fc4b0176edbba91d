import { describe, expect, it } from 'vitest';
import { eventCreateParts, sendsMedia } from './event-form.js';
import { openCapabilities, withMedia } from './capabilities.js';
import { shippedMediaBytes } from './media.js';

const opts = { tag: 't', workflow: 'w', adminRoles: ['ROLE_ADMIN'] };
const names = (parts: ReturnType<typeof eventCreateParts>) => parts.map((p) => p.name);

describe('the create body follows the probe (src/core/probe.ts)', () => {
  it('sends no media to a server that creates without it, the shipped file to one that needs it (unless scheduled)', () => {
    const open = openCapabilities('1.6.0');
    const needs = withMedia(open);
    expect(names(eventCreateParts({ fields: { title: 'a' } }, { ...opts, caps: open }))).toEqual(['acl', 'metadata', 'processing']);
    const parts = eventCreateParts({ fields: { title: 'a' } }, { ...opts, caps: needs });
    const media = parts.find((p) => p.name === 'audio');
    expect(media && 'data' in media ? [media.filename, media.contentType, media.data.length] : null).toEqual(['evconf-tone.wav', 'audio/wav', shippedMediaBytes().length]);
    expect(sendsMedia({ scheduling: { agent_id: 'x' } }, needs)).toBe(false);
    expect(sendsMedia({ media: true }, open)).toBe(true);
  });

  it('the shipped file is a valid 1 s PCM WAV', () => {
    const b = Buffer.from(shippedMediaBytes());
    expect([b.toString('ascii', 0, 4), b.toString('ascii', 8, 12), b.readUInt16LE(20), b.readUInt32LE(24), b.readUInt32LE(40)]).toEqual(['RIFF', 'WAVE', 1, 8000, 8000]);
  });

  it('names the fields with the server\'s ids from the fieldIds map', () => {
    const caps = openCapabilities('1.6.0', { isPartOf: 'series' });
    const parts = eventCreateParts({ fields: { title: 'a', isPartOf: 's1' } }, { ...opts, caps });
    const meta = JSON.parse((parts.find((p) => p.name === 'metadata') as { value: string }).value) as { fields: { id: string }[] }[];
    expect(meta[0].fields.map((f) => f.id).sort()).toEqual(['series', 'subjects', 'title']);
  });
});
