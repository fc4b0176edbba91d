import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { Response } from 'undici';
import { HttpError, badRequest } from './types.js';

/** Request bodies: multipart/form-data (create/update) and form parameters (spec § Conventions). */

/** Largest accepted body (413 above). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface FilePart {
  filename: string;
  type: string;
  bytes: Buffer;
}

export interface Form {
  /** Text of the first entry named `name` (a file entry gives its bytes as UTF-8). */
  text(name: string): string | undefined;
  /** Every entry named `name` that was sent as a file. */
  files(name: string): FilePart[];
  /** The names of every entry, in order (repeats kept). */
  names(): string[];
}

/** Reads the whole body; 413 when it exceeds `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw new HttpError(413, `request body larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > limit) throw new HttpError(413, `request body larger than ${limit} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}

export type Entry = string | FilePart;

function makeForm(entries: [string, Entry][]): Form {
  return {
    text(name) {
      const e = entries.find(([n]) => n === name)?.[1];
      if (e === undefined) return undefined;
      return typeof e === 'string' ? e : e.bytes.toString('utf8');
    },
    files(name) {
      return entries.filter(([n, e]) => n === name && typeof e !== 'string').map(([, e]) => e as FilePart);
    },
    names() {
      return entries.map(([n]) => n);
    },
  };
}

/** `multipart/form-data; boundary=B` as the fast path reads it (anything else goes through undici). */
const SIMPLE_MULTIPART_TYPE = /^multipart\/form-data; ?boundary=([0-9A-Za-z_-]{1,200})$/i;
const DISPOSITION = /^content-disposition: ?form-data; name="([^"\r\n]*)"(?:; filename="([^"\r\n]*)")?$/i;
const PART_TYPE = /^content-type: ?([\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)$/i;
const CRLF = Buffer.from('\r\n');

/** A quoted Content-Disposition value (read as latin1) as undici decodes it, or undefined to leave it to undici. */
function quoted(latin1: string): string | undefined {
  let s = latin1;
  if (!/^[\x20-\x7e]*$/.test(s)) {
    const b = Buffer.from(s, 'latin1');
    // undici decodes with a TextDecoder that drops a leading BOM; valid UTF-8 without one decodes alike everywhere.
    if (!isUtf8(b) || (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)) return undefined;
    s = b.toString('utf8');
  }
  return s.includes('%') ? s.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"') : s;
}

/**
 * The entries undici's Response.formData() gives for a plain multipart body (one pass over the Buffer, no web
 * streams, Blobs or Files: they cost ~0.15 ms of CPU per request), or undefined for anything this reading does not
 * cover (preamble, other part headers, token or extended attribute values, bodies that are not UTF-8, malformed
 * bodies...), which then goes through undici as before. Where it answers, it answers as undici: the same steps
 * (src/reference/form.test.ts holds both equal).
 */
export function simpleMultipart(body: Buffer, contentType: string): [string, Entry][] | undefined {
  const m = SIMPLE_MULTIPART_TYPE.exec(contentType);
  if (!m) return undefined;
  const delim = Buffer.from(`--${m[1]}`, 'latin1');
  const bare = delim.subarray(2);
  const out: [string, Entry][] = [];
  let p = 0;
  for (;;) {
    if (p + delim.length > body.length || body.compare(delim, 0, delim.length, p, p + delim.length) !== 0) return undefined;
    p += delim.length;
    if (body[p] === 0x2d && body[p + 1] === 0x2d) return out;
    if (body[p] !== 0x0d || body[p + 1] !== 0x0a) return undefined;
    p += 2;
    let name: string | undefined;
    let filename: string | undefined;
    let type: string | undefined;
    while (!(body[p] === 0x0d && body[p + 1] === 0x0a)) {
      const eol = body.indexOf(CRLF, p);
      if (eol < 0) return undefined;
      const line = body.toString('latin1', p, eol);
      p = eol + 2;
      const d = DISPOSITION.exec(line);
      if (d) {
        name = quoted(d[1]);
        filename = d[2] === undefined ? undefined : quoted(d[2]);
        if (name === undefined || (d[2] !== undefined && filename === undefined)) return undefined;
        continue;
      }
      const t = PART_TYPE.exec(line);
      if (!t) return undefined;
      type = t[1];
    }
    if (name === undefined) return undefined;
    p += 2;
    const at = body.indexOf(bare, p);
    if (at < 0 || at - 4 < p || body[at - 4] !== 0x0d || body[at - 3] !== 0x0a || body[at - 2] !== 0x2d || body[at - 1] !== 0x2d) return undefined;
    const content = body.subarray(p, at - 4);
    p = at - 2;
    if (filename === undefined) {
      if (!isUtf8(content)) return undefined;
      out.push([name, content.toString('utf8')]);
    } else {
      // As a File gives them: its type lower case, text/plain when the part has none; its bytes in a fresh ArrayBuffer.
      const bytes = Buffer.from(new ArrayBuffer(content.length));
      content.copy(bytes);
      out.push([name, { filename, type: (type ?? 'text/plain').toLowerCase(), bytes }]);
    }
  }
}

export async function multipart(body: Buffer, contentType: string): Promise<[string, Entry][]> {
  const simple = simpleMultipart(body, contentType);
  if (simple) return simple;
  let fd;
  try {
    fd = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch (e) {
    throw badRequest(`malformed multipart body: ${(e as Error).message}`);
  }
  const out: [string, Entry][] = [];
  for (const [name, value] of fd) {
    if (typeof value === 'string') out.push([name, value]);
    else out.push([name, { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) }]);
  }
  return out;
}

/** Parses a multipart or urlencoded body into a Form; an empty body without a type is an empty form. */
export async function readForm(req: IncomingMessage): Promise<Form> {
  const body = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  const lower = type.toLowerCase();
  if (lower.startsWith('multipart/form-data')) return makeForm(await multipart(body, type));
  if (lower.startsWith('application/x-www-form-urlencoded') || (body.length === 0 && lower === '')) {
    return makeForm([...new URLSearchParams(body.toString('utf8'))]);
  }
  throw badRequest(`expected a form body (multipart/form-data or application/x-www-form-urlencoded), got '${type}'`);
}
