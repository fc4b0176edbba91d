import type { IncomingMessage } from 'node:http';
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

type Entry = string | FilePart;

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

async function multipart(body: Buffer, contentType: string): Promise<[string, Entry][]> {
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
