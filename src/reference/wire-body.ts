import { File } from 'node:buffer';
import { FormData, Response } from 'undici';
import type { WireRequest } from './wire-format.js';

/**
 * Turns a recorded body back into bytes to send (wire-format.ts). What the recording left out is completed, the
 * same way every time, so that the replay sends what the library sent wherever the recording shows it:
 * - `...[N bytes]` after a file's first bytes: N filler bytes, then the closing boundary the cut removed;
 * - a form parameter cut inside its JSON array (a metadata round trip): the array closed after its last
 *   complete element;
 * - a line-form multipart body (line breaks flattened, cut at 300 characters): its complete parts as shown, then
 *   the parts it no longer shows taken from `template`, the library's complete body for the same endpoint.
 */

export interface Body {
  bytes: Buffer;
  /** The Content-Type to send (a rebuilt multipart body has its own boundary). */
  type?: string;
}

function boundaryOf(type: string | undefined): string | undefined {
  return /boundary=([^;\s]+)/.exec(type ?? '')?.[1];
}

/** The longest prefix of a cut JSON array that ends after a complete element, closed with `]`. */
export function closeJsonArray(cut: string): string {
  let depth = 0;
  let inString = false;
  let end = -1;
  for (let i = 0; i < cut.length; i++) {
    const c = cut[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 1) end = i + 1;
    }
  }
  return end < 0 ? '[]' : `${cut.slice(0, end)}]`;
}

function completeForm(shown: string): string {
  const params = [...new URLSearchParams(shown.replace(/%[0-9A-Fa-f]?$/, ''))];
  const last = params[params.length - 1];
  if (last && last[1].trimStart().startsWith('[')) last[1] = closeJsonArray(last[1]);
  return new URLSearchParams(params).toString();
}

/** The complete parts a flattened multipart body still shows: `--B Content-Disposition: …; name="x" … VALUE`. */
function shownParts(r: WireRequest): [string, string][] {
  const b = boundaryOf(r.headers['content-type']);
  if (!b) return [];
  const chunks = r.body.split(`--${b}`).slice(1);
  // The last chunk is cut (or the closing `--`): only the ones before it are whole.
  return chunks.slice(0, -1).flatMap((chunk): [string, string][] => {
    const m = /^ Content-Disposition: form-data; name="([^"]+)"(; filename="[^"]*")? Content-Length: \d+( Content-Type: \S+)? (.*) $/s.exec(chunk);
    return m && !m[2] ? [[m[1], m[4]]] : [];
  });
}

async function multipartBytes(parts: [string, string | File][]): Promise<Body> {
  const fd = new FormData();
  for (const [name, value] of parts) fd.append(name, value);
  const res = new Response(fd);
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? undefined };
}

async function rebuiltMultipart(r: WireRequest, template: WireRequest | undefined): Promise<Body> {
  const shown = shownParts(r);
  const parts: [string, string | File][] = shown.map(([n, v]) => [n, v]);
  if (template) {
    const fd = await new Response(bodyBytes(template).bytes, { headers: { 'content-type': template.headers['content-type'] } }).formData();
    for (const [name, value] of fd) {
      if (shown.some(([n]) => n === name)) continue;
      parts.push([name, typeof value === 'string' ? value : new File([Buffer.from(await value.arrayBuffer())], value.name, { type: value.type })]);
    }
  }
  return multipartBytes(parts);
}

/** A block-form body as bytes, its left-out tail completed. */
function bodyBytes(r: WireRequest): Body {
  const type = r.headers['content-type'];
  const b = boundaryOf(type);
  if (r.elided !== undefined && b) {
    const closing = `\r\n--${b}--\r\n`;
    return { bytes: Buffer.concat([Buffer.from(r.body, 'latin1'), Buffer.alloc(Math.max(0, r.elided - closing.length)), Buffer.from(closing, 'latin1')]), type };
  }
  if (r.elided !== undefined) return { bytes: Buffer.from(completeForm(r.body), 'latin1'), type };
  return { bytes: Buffer.from(r.body, 'latin1'), type };
}

/** The bytes to send for a recorded request; `template` completes a cut line-form multipart body. */
export async function replayBody(r: WireRequest, template?: WireRequest): Promise<Body> {
  if (r.flattened && boundaryOf(r.headers['content-type'])) return rebuiltMultipart(r, template);
  return bodyBytes(r);
}
