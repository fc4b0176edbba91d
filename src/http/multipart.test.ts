import fc from 'fast-check';
import { FormData, Response } from 'undici';
import { describe, expect, it } from 'vitest';
import { encodeMultipart } from './multipart.js';
import type { MultipartPart } from './types.js';

/** What undici's FormData + Response write for the same parts (the reference the encoder is held to). */
async function undiciBody(parts: MultipartPart[]): Promise<{ body: Buffer; boundary: string }> {
  const fd = new FormData();
  for (const p of parts) {
    if ('filename' in p) fd.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.contentType }), p.filename);
    else fd.append(p.name, p.value);
  }
  const res = new Response(fd);
  const boundary = /boundary=(.*)$/.exec(res.headers.get('content-type') ?? '')![1];
  return { body: Buffer.from(await res.arrayBuffer()), boundary };
}

const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', '\r', '\n', '%', 'é', '😀', ';', '=', '\\') });
const part: fc.Arbitrary<MultipartPart> = fc.oneof(
  fc.record({ name: text, value: text }),
  fc.record({
    name: text, filename: text, contentType: fc.constantFrom('audio/wav', 'Video/MP4', '', 'application/json; charset=UTF-8', 'bad/ü'),
    data: fc.uint8Array({ maxLength: 64 }),
  }),
);

describe('encodeMultipart (RFC 7578, as undici writes it)', () => {
  it('writes the bytes undici writes for the same parts, boundary aside', async () => {
    await fc.assert(fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
      const ours = encodeMultipart(parts, 'BOUNDARY-OURS');
      const theirs = await undiciBody(parts);
      expect(ours.contentType).toBe('multipart/form-data; boundary=BOUNDARY-OURS');
      expect(ours.body.toString('latin1').replaceAll('BOUNDARY-OURS', theirs.boundary)).toBe(theirs.body.toString('latin1'));
    }), { numRuns: 300, seed: 7 });
  });

  it('parses back, with undici, into the parts it was given', async () => {
    const wav = new Uint8Array([82, 73, 70, 70, 0, 13, 10, 45, 45, 255]);
    const { body, contentType } = encodeMultipart([
      { name: 'metadata', value: '[{"flavor":"dublincore/episode"}]' },
      { name: 'presenter', filename: 'tone.wav', contentType: 'audio/wav', data: wav },
    ]);
    const fd = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    expect(fd.get('metadata')).toBe('[{"flavor":"dublincore/episode"}]');
    const file = fd.get('presenter') as unknown as { name: string; type: string; arrayBuffer(): Promise<ArrayBuffer> };
    expect(file.name).toBe('tone.wav');
    expect(file.type).toBe('audio/wav');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(wav);
  });

  it('draws a fresh boundary for every body', () => {
    const a = encodeMultipart([{ name: 'x', value: 'y' }]).contentType;
    const b = encodeMultipart([{ name: 'x', value: 'y' }]).contentType;
    expect(a).not.toBe(b);
  });
});
