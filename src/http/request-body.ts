import type { MultipartPart, RequestSpec } from './types.js';
import { TransportFailure } from './transport-error.js';
import { encodeMultipart } from './multipart.js';

/** A request body ready to send, and its text form for the Exchange. */
export interface BuiltBody {
  body?: Buffer;
  contentType?: string;
  /** Body as text (multipart: a summary of its parts), not yet capped. */
  text?: string;
}

/** Keeps at most `max` characters and says how long the text was. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[truncated, ${text.length} chars]`;
}

function isFilePart(p: MultipartPart): p is Extract<MultipartPart, { filename: string }> {
  return 'filename' in p;
}

/** One line per part: `--part acl=[…]` or `--part presenter=<file a.mp4, video/mp4, 1234 bytes>`. */
export function summarizeMultipart(parts: MultipartPart[]): string {
  return parts
    .map((p) =>
      isFilePart(p)
        ? `--part ${p.name}=<file ${p.filename}, ${p.contentType}, ${p.data.byteLength} bytes>`
        : `--part ${p.name}=${p.value}`,
    )
    .join('\n');
}

/** Builds the body of a RequestSpec; more than one of json/form/multipart is a usage error. */
export async function buildBody(spec: RequestSpec): Promise<BuiltBody> {
  const kinds = [spec.json !== undefined, spec.form !== undefined, spec.multipart !== undefined].filter(Boolean);
  if (kinds.length > 1) throw new TransportFailure('other', 'request has more than one of json, form, multipart');
  if (spec.multipart) {
    const { body, contentType } = encodeMultipart(spec.multipart);
    return { body, contentType, text: summarizeMultipart(spec.multipart) };
  }
  if (spec.form) {
    const text = new URLSearchParams(spec.form).toString();
    // The charset named: URLSearchParams writes UTF-8 (WHATWG URL), but a servlet container reading a form body
    // without one may decode ISO-8859-1 (Servlet spec default), and a non-ASCII value would arrive mangled.
    return { body: Buffer.from(text), contentType: 'application/x-www-form-urlencoded; charset=UTF-8', text };
  }
  if (spec.json !== undefined) {
    const text = JSON.stringify(spec.json) ?? 'null';
    return { body: Buffer.from(text), contentType: 'application/json', text };
  }
  return {};
}
