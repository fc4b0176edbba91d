import fc from 'fast-check';
import { Response } from 'undici';
import { describe, expect, it } from 'vitest';
import { encodeMultipart } from '../http/multipart.js';
import type { MultipartPart } from '../http/types.js';
import { simpleMultipart, type Entry } from './form.js';

/** The entries as undici's Response.formData() reads them (what readForm did for every body before its fast path). */
async function viaUndici(body: Buffer, contentType: string): Promise<[string, Entry][] | 'failure'> {
  let fd;
  try {
    fd = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return 'failure';
  }
  const out: [string, Entry][] = [];
  for (const [name, value] of fd) {
    if (typeof value === 'string') out.push([name, value]);
    else out.push([name, { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) }]);
  }
  return out;
}

/** The fast path answers as undici does wherever it answers (undefined = left to undici). */
async function agrees(body: Buffer, contentType: string): Promise<boolean> {
  const fast = simpleMultipart(body, contentType);
  if (fast === undefined) return false;
  const slow = await viaUndici(body, contentType);
  expect(slow).not.toBe('failure');
  expect(fast).toEqual(slow);
  for (const [, e] of fast) {
    if (typeof e !== 'string') expect([e.bytes.byteOffset, e.bytes.buffer.byteLength]).toEqual([0, e.bytes.length]);
  }
  return true;
}

const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', '\r', '\n', '%', '%0A', '%22', 'é', '😀', ';', '=', '\\', '\t', '\uFEFF', '-') });
const part: fc.Arbitrary<MultipartPart> = fc.oneof(
  fc.record({ name: text, value: text }),
  fc.record({
    name: text, filename: text, contentType: fc.constantFrom('audio/wav', 'Video/MP4', '', 'application/json; charset=UTF-8', 'bad/ü'),
    data: fc.uint8Array({ maxLength: 64 }),
  }),
);

describe('simpleMultipart (the fast path of readForm)', () => {
  it("reads evconf's bodies as undici does", async () => {
    let answered = 0;
    await fc.assert(fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
      const { body, contentType } = encodeMultipart(parts);
      if (await agrees(body, contentType)) answered++;
    }), { numRuns: 300, seed: 11 });
    expect(answered).toBeGreaterThan(150);
  });

  it('answers as undici, or leaves it to undici, for damaged bodies', async () => {
    let answered = 0;
    const edit = fc.record({ at: fc.nat(), del: fc.nat({ max: 3 }), ins: fc.constantFrom('', '\r', '\n', '\r\n', '-', '--', '"', ' ', '\t', ';', 'x', '\xff', 'B--', '\r\n--B') });
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 3 }), fc.array(edit, { minLength: 1, maxLength: 3 }), async (parts, edits) => {
      const { body, contentType } = encodeMultipart(parts, 'B');
      let s = body.toString('latin1');
      for (const e of edits) {
        const at = e.at % (s.length + 1);
        s = s.slice(0, at) + e.ins + s.slice(at + e.del);
      }
      if (await agrees(Buffer.from(s, 'latin1'), contentType)) answered++;
    }), { numRuns: 1500, seed: 5 });
    expect(answered).toBeGreaterThan(50);
  });

  const B = 'xYz-09_b';
  const cases: [string, string, string][] = [
    ['plain', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}--\r\n`],
    ['no space, upper case', `Multipart/Form-Data;Boundary=${B}`, `--${B}\r\nCONTENT-DISPOSITION:form-data; NAME="a"; FILENAME="f.TXT"\r\ncontent-type:Text/Plain\r\n\r\nv\r\n--${B}--`],
    ['epilogue', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}--trailing junk`],
    ['preamble', `multipart/form-data; boundary=${B}`, `junk\r\n--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}--\r\n`],
    ['two types, last wins', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Type: a/b\r\nContent-Disposition: form-data; name="a"; filename="x"\r\nContent-Type: c/D\r\n\r\nv\r\n--${B}--\r\n`],
    ['two dispositions', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"; filename="x"\r\nContent-Disposition: form-data; name="b"\r\n\r\nv\r\n--${B}--\r\n`],
    ['file without type', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"; filename=""\r\n\r\n\xff\x00\r\n--${B}--\r\n`],
    ['type with spaces inside', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"; filename="x"\r\nContent-Type: Application/JSON; charset=UTF-8\r\n\r\n{}\r\n--${B}--\r\n`],
    ['type with trailing space', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"; filename="x"\r\nContent-Type: a/b \r\n\r\n{}\r\n--${B}--\r\n`],
    ['base64 part', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\nContent-Transfer-Encoding: base64\r\n\r\naGk=\r\n--${B}--\r\n`],
    ['token name', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name=a\r\n\r\nv\r\n--${B}--\r\n`],
    ['quoted boundary', `multipart/form-data; boundary="${B}"`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}--\r\n`],
    ['bom value', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\xef\xbb\xbfv\r\n--${B}--\r\n`],
    ['bom name', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="\xef\xbb\xbfa"\r\n\r\nv\r\n--${B}--\r\n`],
    ['invalid utf-8 value', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\xc3(\r\n--${B}--\r\n`],
    ['utf-8 names', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="\xc3\xa9%0a%0D%22%41"; filename="\xf0\x9f\x98\x80"\r\n\r\nv\r\n--${B}--\r\n`],
    ['boundary inside a value', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv${B}w\r\n--${B}--\r\n`],
    ['no end', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}`],
    ['no headers', `multipart/form-data; boundary=${B}`, `--${B}\r\n\r\nv\r\n--${B}--\r\n`],
    ['empty', `multipart/form-data; boundary=${B}`, ''],
    ['only the end', `multipart/form-data; boundary=${B}`, `--${B}--\r\n`],
    ['other disposition', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n--${B}--\r\n`],
    ['lone LF in a name', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-data; name="a\nb"\r\n\r\nv\r\n--${B}--\r\n`],
    ['no boundary', 'multipart/form-data', `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}--\r\n`],
  ];
  it.each(cases)('%s: as undici or left to it', async (_, type, body) => {
    await agrees(Buffer.from(body, 'latin1'), type);
  });

  it('answers the plain shapes itself', () => {
    for (const i of [0, 1, 2, 4, 5, 6, 7, 15, 20]) expect(simpleMultipart(Buffer.from(cases[i][2], 'latin1'), cases[i][1]), cases[i][0]).toBeDefined();
  });
});
