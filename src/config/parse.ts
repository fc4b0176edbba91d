import { UsageError } from './errors.js';
import type { Credentials } from './types.js';

/** "USER:PASS" → credentials (the password may contain colons). */
export function parseCredentials(value: string, flag: string): Credentials {
  const i = value.indexOf(':');
  if (i <= 0) throw new UsageError(`${flag} must be USER:PASS (got a value without a colon)`);
  return { user: value.slice(0, i), password: value.slice(i + 1) };
}

/** "Name: value" → [name, value]. */
export function parseHeader(value: string): [string, string] {
  const i = value.indexOf(':');
  if (i <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value.slice(0, i).trim())) {
    throw new UsageError(`--header must be "Name: value" (got "${value.length > 40 ? `${value.slice(0, 40)}…` : value}")`);
  }
  return [value.slice(0, i).trim(), value.slice(i + 1).trim()];
}

/** A positive integer flag, bounded. */
export function parseIntFlag(value: unknown, flag: string, min: number, max: number): number {
  const s = String(value);
  if (!/^-?\d+$/.test(s)) throw new UsageError(`${flag} must be a whole number (got "${s}")`);
  const n = Number(s);
  if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max} (got ${n})`);
  return n;
}

/** A base URL: http(s), no credentials in it, no trailing slash. */
export function parseBaseUrl(value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new UsageError(`--base-url "${value}" is not a URL; give e.g. http://127.0.0.1:8080`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`--base-url must be http:// or https:// (got ${u.protocol})`);
  if (u.username || u.password) throw new UsageError('--base-url must not contain credentials; use --auth USER:PASS or EVCONF_AUTH');
  return u.toString().replace(/\/+$/, '');
}
