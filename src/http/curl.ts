import type { ExchangeRequest } from '../model/exchange.js';
import { REDACTED } from '../redact/secrets.js';
import type { MultipartPart } from './types.js';

/** What curl needs of a part (the file bytes are not needed: curl reads `@file`). */
type CurlPart = { name: string; value: string } | { name: string; filename: string; contentType: string };

/** Placeholder for Basic credentials: the user sets these two variables to run the line. */
export const CURL_BASIC_PLACEHOLDER = '-u "$EVCONF_USER:$EVCONF_PASS"';

/** POSIX shell quoting: bare when safe, otherwise single quotes with `'` written as `'\''`. */
export function shellQuote(s: string): string {
  if (/^[A-Za-z0-9_\/:=.,@%+-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const FILE_LINE = /^--part ([^=]*)=<file (.*), ([^,]*), \d+ bytes>$/;
const VALUE_LINE = /^--part ([^=]*)=(.*)$/;

/** Reads back the multipart summary written by the client (one `--part` line per part). */
function partsFromSummary(summary: string): CurlPart[] {
  const parts: CurlPart[] = [];
  for (const line of summary.split('\n')) {
    const file = FILE_LINE.exec(line);
    const value = file ? null : VALUE_LINE.exec(line);
    const last = parts[parts.length - 1];
    if (file) parts.push({ name: file[1], filename: file[2], contentType: file[3] });
    else if (value) parts.push({ name: value[1], value: value[2] });
    else if (last && 'value' in last) last.value += `\n${line}`;
  }
  return parts;
}

function partArgs(parts: CurlPart[]): string[] {
  return parts.flatMap((p) =>
    'filename' in p
      ? ['-F', shellQuote(`${p.name}=@${p.filename};type=${p.contentType}`)]
      : ['--form-string', shellQuote(`${p.name}=${p.value}`)],
  );
}

function headerArgs(req: ExchangeRequest, multipart: boolean): string[] {
  const args: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'content-length' || name === 'host') continue;
    if (multipart && name === 'content-type') continue; // curl writes its own boundary
    if (name === 'authorization' && value === `Basic ${REDACTED}`) args.push(CURL_BASIC_PLACEHOLDER);
    else args.push('-H', shellQuote(`${name}: ${value}`));
  }
  return args;
}

/**
 * One shell line that reproduces the request (ARCHITECTURE.md, principle 5). Credentials appear only as placeholders:
 * Basic auth as `-u "$EVCONF_USER:$EVCONF_PASS"`, other secret headers as `<redacted>`.
 * File parts become `-F name=@file;type=…` (the user supplies the file).
 */
export function toCurl(req: ExchangeRequest, multipart?: MultipartPart[]): string {
  const contentType = req.headers['content-type'] ?? '';
  const isMultipart = multipart !== undefined || contentType.startsWith('multipart/form-data');
  const args = ['curl', '-sS'];
  if (req.method === 'HEAD') args.push('-I');
  else {
    args.push('-i');
    if (req.method !== 'GET' || req.body !== undefined) args.push('-X', shellQuote(req.method));
  }
  args.push(shellQuote(req.url), ...headerArgs(req, isMultipart));
  if (multipart) args.push(...partArgs(multipart));
  else if (isMultipart && req.body) args.push(...partArgs(partsFromSummary(req.body)));
  else if (req.body !== undefined) args.push('--data-raw', shellQuote(req.body));
  return args.join(' ');
}
