import type { ApiVersion } from '../../../model/version.js';
import { call, createId, form, until, type Fields } from '../../testkit.js';

/** Small HTTP helpers of the deviation cases (tests only): one exchange each, against the server at `base`. */

export type Ev = Record<string, unknown>;
export type Extra = { flavor: string; fields: Fields }[];
export const enc = encodeURIComponent;
export const EPISODE = enc('dublincore/episode');
export const LICENSE = enc('license/episode');

/** A datetime on 1 January 2030 (`H('10:00')`), or on another day of January 2030 (`D(7, '10:00')`). */
export const H = (h: string) => `2030-01-01T${h}:00Z`;
export const D = (day: number, h: string) => `2030-01-${String(day).padStart(2, '0')}T${h}:00Z`;

export function mk(base: string, fields: Fields, more: { scheduling?: Ev; extra?: Extra; files?: { part: string; bytes: Buffer; type: string; name: string }[]; acl?: unknown[] } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

export async function get(base: string, id: string, query = '', version?: ApiVersion): Promise<Ev> {
  return (await call(base, `/api/events/${id}${query}`, { version })).body as Ev;
}

export async function rows(base: string, query = '', version?: ApiVersion): Promise<Ev[]> {
  return (await call(base, `/api/events${query}`, { version })).body as Ev[];
}

export async function titles(base: string, query = '', version?: ApiVersion): Promise<string[]> {
  return (await rows(base, query, version)).map((e) => e.title as string);
}

/** ACL entries as `allow:action:role`, sorted. */
export function aclText(entries: unknown): string[] {
  return (entries as Ev[]).map((e) => `${e.allow}:${e.action}:${e.role}`).sort();
}

export async function acl(base: string, id: string): Promise<string[]> {
  return aclText((await call(base, `/api/events/${id}/acl`)).body);
}

/** The fields of one catalog as {id: value}. */
export async function catalog(base: string, id: string, type: string): Promise<Record<string, unknown>> {
  const fields = (await call(base, `/api/events/${id}/metadata?type=${type}`)).body as Ev[];
  return Object.fromEntries(fields.map((f) => [f.id as string, f.value]));
}

/** Every catalog of the event (GET …/metadata) as {flavor: {id: value}}. */
export async function catalogs(base: string, id: string): Promise<Record<string, Record<string, unknown>>> {
  const list = (await call(base, `/api/events/${id}/metadata`)).body as Ev[];
  return Object.fromEntries(list.map((c) => [c.flavor as string, Object.fromEntries((c.fields as Ev[]).map((f) => [f.id as string, f.value]))]));
}

export async function putMetadata(base: string, id: string, type: string, fields: Ev[]): Promise<number> {
  return (await call(base, `/api/events/${id}/metadata?type=${type}`, { method: 'PUT', body: form({ metadata: JSON.stringify(fields) }) })).status;
}

export async function published(base: string, id: string): Promise<void> {
  await until(async () => (await get(base, id)).processing_state === 'SUCCEEDED');
}

/** The start days (YYYY-MM-DD) of the events an rrule create made, sorted. */
export async function occurrenceDays(base: string, body: unknown): Promise<string[]> {
  if (!Array.isArray(body)) return [];
  const days: string[] = [];
  for (const { identifier } of body as Ev[]) days.push(String((await call(base, `/api/events/${identifier as string}/scheduling`)).body.start).slice(0, 10));
  return days.sort();
}
