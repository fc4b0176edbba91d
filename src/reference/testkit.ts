import { fetch, FormData } from 'undici';
import type { ApiVersion } from '../model/version.js';

/** HTTP helpers for the reference server's own tests (undici fetch + FormData from the same copy). */

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined when the body is empty or not JSON). */
  // Test-only helper: `any` keeps deep assertions on response bodies readable; not part of the public API.
  body: any;
}

export interface CallOptions {
  method?: string;
  version?: ApiVersion | null;
  body?: FormData | URLSearchParams;
  headers?: Record<string, string>;
  auth?: [string, string];
}

export async function call(base: string, path: string, o: CallOptions = {}): Promise<Res> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.version) headers.accept = `application/v${o.version}+json`;
  if (o.auth) headers.authorization = 'Basic ' + Buffer.from(`${o.auth[0]}:${o.auth[1]}`).toString('base64');
  const r = await fetch(base + path, { method: o.method ?? 'GET', headers, body: o.body });
  const text = await r.text();
  let body: unknown;
  try { body = text === '' ? undefined : JSON.parse(text); } catch { body = undefined; }
  return { status: r.status, headers: r.headers as unknown as Headers, text, body };
}

export type Fields = Record<string, unknown>;

export interface CreateOptions {
  fields?: Fields;
  acl?: unknown[];
  scheduling?: Record<string, unknown>;
  files?: { part: string; bytes: Buffer; type: string; name: string }[];
  extra?: { flavor: string; fields: Fields }[];
  version?: ApiVersion;
  auth?: [string, string];
}

export function catalogs(fields: Fields, extra: { flavor: string; fields: Fields }[] = []): string {
  const list = (f: Fields) => Object.entries(f).map(([id, value]) => ({ id, value }));
  return JSON.stringify([
    { flavor: 'dublincore/episode', fields: list(fields) },
    ...extra.map((c) => ({ flavor: c.flavor, fields: list(c.fields) })),
  ]);
}

export function eventForm(o: CreateOptions): FormData {
  const fd = new FormData();
  fd.append('metadata', catalogs(o.fields ?? { title: 'Untitled' }, o.extra));
  if (o.acl) fd.append('acl', JSON.stringify(o.acl));
  fd.append('processing', JSON.stringify({ workflow: 'schedule-and-upload', configuration: { straightToPublishing: 'true' } }));
  if (o.scheduling) fd.append('scheduling', JSON.stringify(o.scheduling));
  for (const f of o.files ?? []) fd.append(f.part, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return fd;
}

/** Creates one event; returns the whole response. */
export function create(base: string, o: CreateOptions = {}): Promise<Res> {
  return call(base, '/api/events', { method: 'POST', body: eventForm(o), version: o.version, auth: o.auth });
}

/** Creates one event and returns its identifier (fails loudly on a non-201). */
export async function createId(base: string, o: CreateOptions = {}): Promise<string> {
  const r = await create(base, o);
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.body.identifier as string;
}

export function form(values: Record<string, string>): URLSearchParams {
  return new URLSearchParams(values);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `pred` holds (bounded). */
export async function until(pred: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await pred()) return;
    await sleep(10);
  }
  throw new Error('condition not met in time');
}

export const VIDEO = { part: 'presenter', bytes: Buffer.from('not really a video \u0000\u00ff'), type: 'video/mp4', name: 'talk.mp4' };
