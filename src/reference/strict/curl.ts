import { CURL_BASIC_PLACEHOLDER, shellQuote } from '../../http/curl.js';
import { REDACTED } from '../../redact/secrets.js';
import type { ExampleRequest } from './example.js';

/**
 * A curl line that sends a recorded request again (ARCHITECTURE.md, principle 5: evidence carries a curl line), against
 * `$EVCONF_URL` (the double's address, e.g. http://127.0.0.1:8080). Credentials stay placeholders: Basic as
 * `-u "$EVCONF_USER:$EVCONF_PASS"`, other secret headers as `<redacted>`.
 */
export function curlLine(r: ExampleRequest, fullBody?: [string, string, boolean][]): string {
  const args = ['curl', '-sS', '-i'];
  if (r.method !== 'GET') args.push('-X', shellQuote(r.method));
  args.push(`"$EVCONF_URL"${shellQuote(r.target)}`);
  const type = r.headers['content-type'] ?? '';
  const multipart = type.startsWith('multipart/form-data');
  for (const [name, value] of Object.entries(r.headers)) {
    if (multipart && name === 'content-type') continue; // curl writes its own boundary
    if (name === 'authorization' && value === `Basic ${REDACTED}`) args.push(CURL_BASIC_PLACEHOLDER);
    else args.push('-H', shellQuote(`${name}: ${value}`));
  }
  const body = fullBody ?? [];
  if (multipart) {
    for (const [name, value, file] of body) {
      args.push(...(file ? ['-F', shellQuote(`${name}=@${value}`)] : ['--form-string', shellQuote(`${name}=${value}`)]));
    }
  } else if (body.length > 0) {
    args.push('--data-raw', shellQuote(new URLSearchParams(body.map(([n, v]) => [n, v])).toString()));
  }
  return args.join(' ');
}
