import { readFileSync } from 'node:fs';
import { FormData } from 'undici';
import { call, createId, until, VIDEO, type Res } from './testkit.js';

/**
 * Turns the described client requests of test/fixtures/clients/requests.json into concrete requests
 * (test helper for clients.test.ts; ARCHITECTURE.md § The reference server "Accepts what real clients send").
 */

export interface ClientRequest {
  client: string;
  method: string;
  path: string;
  query: Record<string, string>;
  form_parts_or_params: Record<string, string>;
  headers: Record<string, string>;
  notes?: string;
}

/** Endpoints the spec does not have (GET /media, POST /track) are not replayed. */
export function allowedBySpec(r: ClientRequest): boolean {
  return !/\/(media|track)$/.test(r.path);
}

export function needsSchedule(r: ClientRequest): boolean {
  return r.path.endsWith('/scheduling') || (r.path === '/api/events/{eventId}' && 'scheduling' in r.form_parts_or_params);
}

const PLACEHOLDERS: [RegExp, string][] = [
  [/<seriesId>/g, 'series-1'],
  [/<text>|<search text>/g, 'Replay'],
  [/<start>/g, '2030-01-01T00:00:00Z'],
];

function generic(desc: string): string {
  let v = desc.replace(/\s*\(.*\)\s*$/, '').trim();
  if (/^[\w'"]+(\|[\w'"]+)+$/.test(v)) v = v.split('|')[0];
  v = v.replace(/^'(.*)'$/, '$1');
  for (const [re, s] of PLACEHOLDERS) v = v.replace(re, s);
  return v;
}

/** A concrete value for query parameter `key` described as `desc`; undefined = not a parameter. */
export function concreteQuery(key: string, desc: string, method: string): string | undefined {
  if (key.includes(' ')) return undefined;
  if (key === 'filter') {
    if (desc.startsWith('built from a map')) return 'is_part_of:series-1,contributors:Ann,contributors:Bob';
    // WordPress: "the whole entry is URL-encoded twice" → the decoded value still holds %3A.
    if (desc.startsWith('is_part_of%3A')) return 'is_part_of%3Aseries-1,title%3AReplay';
    // Moodle (2020): "series%3A<seriesId>" is the wire form, encoded once → the decoded value is series:<id>.
    if (desc.startsWith('series%3A')) return 'series:series-1';
  }
  if (key === 'sort') {
    if (desc.startsWith('built from a map')) return 'title:ASC,start_date:DESC';
    if (desc.startsWith('<orderby')) return 'start_date:ASC';
    if (/<col(umn)?>/.test(desc)) return desc.startsWith('start_date:DESC') ? 'start_date:DESC' : 'title:ASC';
  }
  if (key === 'limit' && !/^\d+$/.test(desc)) return '11';
  if (key === 'offset') return /^\d+$/.test(desc) ? desc : desc.startsWith('0,100') ? '100' : '0';
  if (key === 'type') return method === 'DELETE' ? 'custom/replay' : desc.includes('<flavor>') ? 'dublincore/episode' : desc;
  return generic(desc);
}

/** Concrete headers (credentials dropped: the replay server is open). */
export function concreteHeaders(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, desc] of Object.entries(h)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'content-type') continue;
    if (lower === 'accept') {
      if (!desc.startsWith('not sent')) out.accept = 'application/v1.6.0+json';
    } else if (lower === 'x-run-with-roles') out[lower] = 'ROLE_A, ROLE_B';
    else if (lower === 'x-run-as-user') out[lower] = 'someone';
    else out[lower] = desc.split(' ')[0];
  }
  return out;
}

let agents = 0;
/** ILIAS sends duration as "string of ms, only together with rrule" (the fixture's words). */
const schedulingCreate = () => ({
  agent_id: `ca-replay-${++agents}`, start: '2033-01-03T09:00:00Z', end: '2033-01-31T10:00:00Z',
  inputs: ['default'], rrule: 'FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0', duration: '3600000',
});

/** Only Tobira is recorded sending `"value": null` ("null values are sent"); the others send strings. */
const sendsNull = (r: ClientRequest) => r.client.startsWith('elan-ev/tobira');

function episodeFields(update: boolean, r: ClientRequest): { id: string; value: unknown }[] {
  return [
    { id: 'title', value: 'Replayed' }, { id: 'subjects', value: ['x'] }, { id: 'creator', value: ['P'] },
    { id: 'contributor', value: ['C'] }, { id: 'description', value: sendsNull(r) ? null : '' }, { id: 'language', value: 'en' },
    { id: 'rightsHolder', value: 'R' }, { id: 'license', value: 'CC0' }, { id: 'isPartOf', value: 'series-1' },
    { id: 'startDate', value: '2030-01-01' }, { id: 'startTime', value: update ? '13:30:00' : '13:30:00Z' },
  ];
}

function partValue(name: string, r: ClientRequest): string | Blob {
  const isCreate = r.path === '/api/events';
  switch (name) {
    case 'acl':
    case 'acls':
      return JSON.stringify([{ allow: true, role: 'ROLE_REPLAY', action: 'read' }, { allow: true, role: 'ROLE_REPLAY', action: 'write' }]);
    case 'metadata':
      if (r.path.endsWith('/metadata')) return JSON.stringify(episodeFields(true, r));
      return JSON.stringify([{ label: 'EVENTS.EVENTS.DETAILS.CATALOG.EPISODE', flavor: 'dublincore/episode', fields: episodeFields(!isCreate, r) }]);
    case 'processing':
      return JSON.stringify({ workflow: 'schedule-and-upload', configuration: { flagForCutting: 'false', straightToPublishing: 'true' } });
    case 'scheduling':
      return JSON.stringify(isCreate ? schedulingCreate() : { end: '2033-06-01T10:30:00Z' });
    case 'allowConflict':
      return 'true';
    case 'role':
      return 'ROLE_NEW';
    case 'presenter':
    case 'presentation':
    case 'audio':
      return new Blob([new Uint8Array([1, 2, 3])], { type: 'video/mp4' });
    default:
      throw new Error(`no concrete value for part '${name}'`);
  }
}

/** The body: multipart for POST /api/events[/{id}], else urlencoded form parameters. */
export function concreteBody(r: ClientRequest): FormData | URLSearchParams | undefined {
  // "presenter/presentation/audio" describes three parts.
  const names = Object.keys(r.form_parts_or_params).flatMap((n) => n.split('/'));
  if (names.length === 0) return undefined;
  const multipart = r.method === 'POST' && /^\/api\/events(\/\{eventId\})?$/.test(r.path);
  if (multipart) {
    const fd = new FormData();
    for (const n of names) {
      const v = partValue(n, r);
      if (typeof v === 'string') fd.append(n, v);
      else fd.append(n, v, `${n}.mp4`);
    }
    return fd;
  }
  return new URLSearchParams(names.map((n) => [n, partValue(n, r) as string]));
}

export const FIXTURE_REQUESTS = JSON.parse(readFileSync(new URL('../../test/fixtures/clients/requests.json', import.meta.url), 'utf8')) as ClientRequest[];

export interface Replayed {
  /** Index of the request in the fixture. */
  index: number;
  request: ClientRequest;
  /** Path and query as sent ({eventId} etc. filled in). */
  url: string;
  res: Res;
}

/**
 * Replays every request the spec allows (allowedBySpec) against `base`, each on a fresh event created for it
 * (scheduled when the request needs a schedule, else uploaded and processed).
 */
export async function replayFixture(base: string): Promise<Replayed[]> {
  const out: Replayed[] = [];
  let n = 0;
  for (const [index, r] of FIXTURE_REQUESTS.entries()) {
    if (!allowedBySpec(r)) continue;
    const acl = [{ action: 'read', role: 'ROLE_REPLAY' }, { action: 'write', role: 'ROLE_REPLAY' }];
    const scheduling = needsSchedule(r) ? { agent_id: `ca-fixture-${++n}`, start: '2033-06-01T10:00:00Z', end: '2033-06-01T11:00:00Z' } : undefined;
    const id = await createId(base, {
      fields: { title: 'Fixture', isPartOf: 'series-1' }, acl, scheduling, files: scheduling ? [] : [VIDEO],
      extra: [{ flavor: 'custom/replay', fields: { note: 'x' } }],
    });
    if (!scheduling) await until(async () => (await call(base, `/api/events/${id}`)).body.processing_state === 'SUCCEEDED');
    const pubs = (await call(base, `/api/events/${id}/publications`)).body as { id: string }[];
    const path = r.path
      .replace('{eventId}', id)
      .replace('{publicationId}', pubs[0]?.id ?? 'none')
      .replace('{role}', 'ROLE_REPLAY')
      .replace('{action}', 'read');
    const qs = new URLSearchParams();
    for (const [k, desc] of Object.entries(r.query)) {
      const v = concreteQuery(k, desc, r.method);
      if (v === undefined) continue;
      if (/[<>]/.test(v)) throw new Error(`${r.client} ${r.path} ${k}: placeholder left in '${v}'`);
      qs.set(k, v);
    }
    const url = path + (qs.size > 0 ? `?${qs}` : '');
    const res = await call(base, url, { method: r.method, headers: concreteHeaders(r.headers), body: concreteBody(r) });
    out.push({ index, request: r, url, res });
  }
  return out;
}
