import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Caller, EventRecord } from './types.js';

/** Optional Basic authentication and ACL-based access (spec § Authentication; docs/opencast-notes.md). */

export interface RefUser {
  name: string;
  password: string;
  roles: string[];
}

export const ADMIN_ROLE = 'ROLE_ADMIN';

/** The caller of an open server: an administrator. */
export const OPEN_CALLER: Caller = { name: 'admin', roles: new Set([ADMIN_ROLE]), admin: true };

/** The Opencast convention: every user also has ROLE_USER_<NAME IN UPPER CASE>. */
export function userRole(name: string): string {
  return `ROLE_USER_${name.toUpperCase()}`;
}

/** "admin:pw:ROLE_ADMIN,alice:pw2:ROLE_A|ROLE_B" → users; roles optional. */
export function parseUsers(spec: string): RefUser[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((entry) => {
      const [name, password, roles, ...rest] = entry.split(':');
      if (!name || password === undefined || rest.length > 0) {
        throw new Error(`Bad user "${entry}": expected name:password[:ROLE_A|ROLE_B]`);
      }
      const list = (roles ?? '').split('|').map((r) => r.trim()).filter((r) => r !== '');
      const own = userRole(name);
      return { name, password, roles: list.includes(own) ? list : [...list, own] };
    });
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Callers by Authorization header, per user list (null: refused): a client sends the same few headers thousands of
 * times. A Caller is never changed once made (OPEN_CALLER is shared the same way); the cache is emptied when full.
 */
const known = new WeakMap<readonly RefUser[], Map<string, Caller | null>>();
const KNOWN_HEADERS = 256;

/** The caller named by Basic credentials, or undefined (→ 401). */
export function authenticate(req: IncomingMessage, users: readonly RefUser[]): Caller | undefined {
  const h = req.headers.authorization;
  if (h === undefined) return undefined;
  let cache = known.get(users);
  if (!cache) known.set(users, (cache = new Map()));
  const hit = cache.get(h);
  if (hit !== undefined) return hit ?? undefined;
  const who = fromHeader(h, users);
  if (cache.size >= KNOWN_HEADERS) cache.clear();
  cache.set(h, who ?? null);
  return who;
}

function fromHeader(h: string, users: readonly RefUser[]): Caller | undefined {
  const m = h ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(h) : null;
  if (!m) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  if (i < 0) return undefined;
  const name = text.slice(0, i);
  const password = text.slice(i + 1);
  const user = users.find((u) => u.name === name && same(u.password, password));
  if (!user) return undefined;
  const roles = new Set([...user.roles, userRole(user.name)]);
  return { name: user.name, roles, admin: roles.has(ADMIN_ROLE) };
}

function allows(rec: EventRecord, caller: Caller, action: string): boolean {
  if (caller.admin) return true;
  return rec.acl.some((e) => e.allow && e.action === action && caller.roles.has(e.role));
}

/** Read access: an allow entry with action `read` for one of the caller's roles (admins see all). */
export function canRead(rec: EventRecord, caller: Caller): boolean {
  return allows(rec, caller, 'read');
}

/** Write access: an allow entry with action `write` for one of the caller's roles. */
export function canWrite(rec: EventRecord, caller: Caller): boolean {
  return allows(rec, caller, 'write');
}
