import type { WireRequest } from '../wire-format.js';

/**
 * Reads wire recordings that write a body as its parts, one `--part` line each (test/fixtures/clients/ocpy-client,
 * SOURCES.md there), and rebuilds each body as the bytes the library sent:
 *
 *   #N METHOD {base_url}/path?query
 *     Accept: <value>
 *     Content-Type: <value or empty>
 *     body:                                          (no body)
 *     --part NAME=VALUE                              (a field; VALUE may go on over several lines)
 *     --part NAME (file "FILENAME", N bytes[, TYPE])=CONTENT   (a file part; CONTENT `<binary>` = N bytes not shown)
 *     => call(args): STATUS                          (the library call and the status the recording's double gave)
 *
 * A multipart body is rebuilt with the recorded boundary, parts in the recorded order, CRLF line breaks; a
 * form body (application/x-www-form-urlencoded) as name=value pairs. Files not shown are N zero bytes.
 */

const START = /^#(\d+) (\S+) \{base_url\}(\S*)$/;
const PART = /^ {2}--part ([^\s=]+)(?: \(file "([^"]*)", (\d+) bytes(?:, ([^)]+))?\))?=(.*)$/;
const ANSWER = /^ {2}=> (.*): (\d{3})$/;

interface Part {
  name: string;
  value: string;
  file?: { filename: string; size: number; type?: string };
}

function boundaryOf(type: string): string | undefined {
  return /boundary=([^;\s]+)/.exec(type)?.[1];
}

function fileBytes(p: Part): Buffer {
  const size = p.file!.size;
  if (p.value === '<binary>') return Buffer.alloc(size);
  const b = Buffer.from(p.value, 'utf8');
  return b.length >= size ? b.subarray(0, size) : Buffer.concat([b, Buffer.alloc(size - b.length, 0x0a)]);
}

function multipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.file ? `; filename="${p.file.filename}"` : ''}`;
    const type = p.file?.type ? `\r\nContent-Type: ${p.file.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`, 'utf8'), p.file ? fileBytes(p) : Buffer.from(p.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The requests of one part-line recording, as WireRequest (body: the rebuilt bytes, one character per byte). */
export function parsePartLines(file: string, text: string): WireRequest[] {
  const lines = text.split('\n');
  const out: WireRequest[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] === '') { i++; continue; }
    const start = START.exec(lines[i]);
    if (!start) throw new Error(`${file}:${i + 1}: expected '#N METHOD {base_url}…', got ${JSON.stringify(lines[i].slice(0, 60))}`);
    const accept = lines[i + 1]?.replace(/^ {2}Accept: ?/, '') ?? '';
    const type = lines[i + 2]?.replace(/^ {2}Content-Type: ?/, '') ?? '';
    i += 3;
    const parts: Part[] = [];
    while (i < lines.length && !START.test(lines[i]) && !ANSWER.test(lines[i])) {
      const m = PART.exec(lines[i]);
      if (m) parts.push({ name: m[1], value: m[5], ...(m[2] !== undefined ? { file: { filename: m[2], size: Number(m[3]), ...(m[4] ? { type: m[4] } : {}) } } : {}) });
      else if (lines[i] !== '  body: ' && lines[i] !== '  body:' && parts.length > 0) parts[parts.length - 1].value += `\n${lines[i]}`;
      i++;
    }
    const answer = i < lines.length ? ANSWER.exec(lines[i]) : null;
    if (answer) i++;
    const boundary = boundaryOf(type);
    const body = parts.length === 0 ? Buffer.alloc(0) : boundary ? multipart(parts, boundary) : Buffer.from(new URLSearchParams(parts.map((p) => [p.name, p.value])).toString());
    out.push({
      source: `${file}#${start[1]}`, method: start[2], target: start[3],
      headers: { ...(accept ? { accept } : {}), ...(type ? { 'content-type': type } : {}) },
      body: body.toString('latin1'),
      ...(answer ? { answer: { call: answer[1], status: Number(answer[2]), body: '' } } : {}),
    });
  }
  return out;
}
