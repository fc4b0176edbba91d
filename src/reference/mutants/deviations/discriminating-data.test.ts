import { FormData } from 'undici';
import type { ApiVersion } from '../../../model/version.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { DISCRIMINATING_DATA_MUTANTS } from '../index.js';
import { call, catalogs, create, createId, form, until, VIDEO, type Fields } from '../../testkit.js';

/**
 * Each mutant of data that discriminates one reading from another (DISCRIMINATING_DATA_MUTANTS in ../index.ts) deviates from the spec where the
 * correct reference server does not: the same HTTP exchange runs against a clean server, which must give `expected`
 * (what the spec asks for), and against the mutant, which must give `wrong`.
 */

type Case = DeviationCase;
type Ev = Record<string, unknown>;
type Extra = { flavor: string; fields: Fields }[];
const enc = encodeURIComponent;
const EPISODE = enc('dublincore/episode');

function mk(base: string, fields: Fields, more: { scheduling?: Ev; extra?: Extra; files?: (typeof VIDEO)[]; acl?: unknown[] } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

async function get(base: string, id: string, query = '', version?: ApiVersion): Promise<Ev> {
  return (await call(base, `/api/events/${id}${query}`, { version })).body as Ev;
}

async function list(base: string, query = '', version?: ApiVersion): Promise<Ev[]> {
  return (await call(base, `/api/events${query}`, { version })).body as Ev[];
}

async function ids(base: string, query: string, version?: ApiVersion): Promise<string[]> {
  return (await list(base, query, version)).map((e) => e.identifier as string);
}

async function update(base: string, id: string, parts: { fields?: Fields; scheduling?: Ev; files?: (typeof VIDEO)[] }): Promise<number> {
  const fd = new FormData();
  if (parts.fields) fd.append('metadata', catalogs(parts.fields));
  if (parts.scheduling) fd.append('scheduling', JSON.stringify(parts.scheduling));
  for (const f of parts.files ?? []) fd.append(f.part, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return (await call(base, `/api/events/${id}`, { method: 'POST', body: fd })).status;
}

async function putSchedule(base: string, id: string, scheduling: Ev): Promise<number> {
  return (await call(base, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify(scheduling) }) })).status;
}

async function scheduling(base: string, id: string): Promise<Ev> {
  return (await call(base, `/api/events/${id}/scheduling`)).body as Ev;
}

async function putMetadata(base: string, id: string, values: Ev[], type = EPISODE): Promise<number> {
  return (await call(base, `/api/events/${id}/metadata?type=${type}`, { method: 'PUT', body: form({ metadata: JSON.stringify(values) }) })).status;
}

async function episodeValue(base: string, id: string, field: string): Promise<unknown> {
  const fields = (await call(base, `/api/events/${id}/metadata?type=${EPISODE}`)).body as Ev[];
  return fields.find((f) => f.id === field)?.value;
}

async function published(base: string, id: string): Promise<void> {
  await until(async () => (await get(base, id)).processing_state === 'SUCCEEDED');
}

const sched = (agent: string, start: string, end: string, more: Ev = {}) => ({ agent_id: agent, start, end, ...more });
const H = (h: string) => `2030-01-01T${h}:00Z`;
const D = (day: number, h: string) => `2030-01-${String(day).padStart(2, '0')}T${h}:00Z`;
const daily = (from: number, to: number) => ({ agent_id: 'ag', start: D(from, '10:00'), end: D(to, '10:00'), duration: 3_600_000, rrule: 'FREQ=DAILY' });

/** POST /api/events with an rrule schedule: the identifiers created (fails loudly otherwise). */
async function occurrences(base: string, s: Ev, fields: Fields = { title: 'R' }): Promise<string[]> {
  const r = await create(base, { fields, scheduling: s });
  if (r.status !== 200 || !Array.isArray(r.body)) throw new Error(`rrule create failed: ${r.status} ${r.text}`);
  return (r.body as Ev[]).map((o) => o.identifier as string);
}

const NUMBERS: Case[] = [
  {
    mutant: 'offset-int32-wrap',
    run: async (b) => {
      await mk(b, { title: 'A' });
      await mk(b, { title: 'B' });
      return (await list(b, '?offset=4294967296')).length;
    },
    expected: 0,
    wrong: 2,
  },
  {
    mutant: 'offset-page-product-int32',
    run: async (b) => {
      await mk(b, { title: 'A' });
      await mk(b, { title: 'B' });
      return (await list(b, '?limit=2&offset=2147483648', '1.0.0')).length;
    },
    expected: 0,
    wrong: 2,
  },
  {
    mutant: 'schedule-duration-int32',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: { agent_id: 'ag', start: H('10:00'), duration: 4_298_567_296 } });
      return (await scheduling(b, id)).end;
    },
    expected: new Date(Date.parse(H('10:00')) + 4_298_567_296).toISOString().slice(0, 19) + 'Z',
    wrong: H('11:00'),
  },
];

const STATE_SHAPES: Case[] = [
  {
    mutant: 'published-publication-status-string',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      return (await list(b))[0].publication_status;
    },
    // addendum § Publications: publication_status lists the channel of every publication, internal included.
    expected: ['engage-player', 'internal'],
    wrong: 'engage-player,internal',
  },
  {
    mutant: 'scheduled-presenter-null',
    run: async (b) => (await get(b, await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) }))).presenter,
    expected: [],
    wrong: null,
  },
];

const PARTIAL: Case[] = [
  {
    mutant: 'metadata-put-starttime-resets-date',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2031-05-05', startTime: '10:00:00Z' });
      await putMetadata(b, id, [{ id: 'startTime', value: '12:00:00Z' }]);
      return [await episodeValue(b, id, 'startDate') === '2031-05-05', await episodeValue(b, id, 'startTime')];
    },
    expected: [true, '12:00:00Z'],
    wrong: [false, '12:00:00Z'],
  },
  {
    mutant: 'update-startdate-resets-time',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2031-05-05', startTime: '10:00:00Z' });
      await update(b, id, { fields: { startDate: '2031-06-06' } });
      return [await episodeValue(b, id, 'startDate'), await episodeValue(b, id, 'startTime')];
    },
    expected: ['2031-06-06', '10:00:00Z'],
    wrong: ['2031-06-06', '00:00:00Z'],
  },
  {
    mutant: 'scheduling-put-agent-resets-end',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('12:00')) });
      await putSchedule(b, id, { agent_id: 'ag2' });
      const s = await scheduling(b, id);
      return [s.agent_id, s.end];
    },
    expected: ['ag2', H('12:00')],
    wrong: ['ag2', H('11:00')],
  },
];

const IDENTITY: Case[] = [
  {
    mutant: 'filter-agent-id-prefix',
    run: async (b) => {
      const a = await mk(b, { title: 'A' }, { scheduling: sched('room1', H('10:00'), H('11:00')) });
      const c = await mk(b, { title: 'C' }, { scheduling: sched('room10', H('10:00'), H('11:00')) });
      return (await ids(b, '?filter=agent_id:room1')).map((x) => (x === a ? 'room1' : x === c ? 'room10' : x));
    },
    expected: ['room1'],
    wrong: ['room1', 'room10'],
  },
  {
    mutant: 'acl-remove-role-case',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_USER' }, { allow: true, action: 'write', role: 'ROLE_ADMIN' }] });
      await call(b, `/api/events/${id}/acl/read/role_user`, { method: 'DELETE' });
      return ((await call(b, `/api/events/${id}/acl`)).body as Ev[]).map((e) => `${e.action}:${e.role}`).sort();
    },
    expected: ['read:ROLE_USER', 'write:ROLE_ADMIN'],
    wrong: ['write:ROLE_ADMIN'],
  },
  {
    mutant: 'metadata-type-main-type',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }] });
      return (await call(b, `/api/events/${id}/metadata?type=${enc('license/series')}`)).status;
    },
    expected: 404,
    wrong: 200,
  },
];

const RESTRICTED: Case[] = [
  {
    mutant: 'publications-list-full-oldest',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      return Object.keys(((await call(b, `/api/events/${id}/publications`, { version: '1.0.0' })).body as Ev[])[0]).sort();
    },
    expected: ['channel', 'id', 'mediatype', 'url'],
    wrong: ['attachments', 'channel', 'id', 'media', 'mediatype', 'metadata', 'url'],
  },
  {
    mutant: 'publications-list-full-after-reprocess',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      await update(b, id, { files: [{ ...VIDEO, part: 'presentation' }] });
      await published(b, id);
      return Object.keys(((await call(b, `/api/events/${id}/publications`)).body as Ev[])[0]).sort();
    },
    expected: ['channel', 'id', 'mediatype', 'url'],
    wrong: ['attachments', 'channel', 'id', 'media', 'mediatype', 'metadata', 'url'],
  },
];

const MULTI: Case[] = [
  {
    mutant: 'filter-contributors-first-only',
    run: async (b) => {
      await mk(b, { title: 'A', contributor: ['Ann', 'Bob'] });
      return (await list(b, '?filter=contributors:Bob')).map((e) => e.title);
    },
    expected: ['A'],
    wrong: [],
  },
  {
    mutant: 'filter-subject-joined',
    run: async (b) => {
      await mk(b, { title: 'A', subjects: ['Art', 'Music'] });
      await mk(b, { title: 'B', subjects: ['Art'] });
      const titles = async (q: string) => (await list(b, q)).map((e) => e.title);
      return [await titles('?filter=subject:Art'), await titles('?filter=subject:Music')];
    },
    expected: [['A', 'B'], ['A']],
    wrong: [['B'], []],
  },
  {
    mutant: 'filter-or-subject-all-values',
    run: async (b) => {
      await mk(b, { title: 'A', subjects: ['Art', 'Music'] });
      await mk(b, { title: 'B', subjects: ['Jazz'] });
      const titles = async (q: string) => (await list(b, q)).map((e) => e.title);
      return [await titles('?filter=subject:Art,subject:Jazz'), await titles('?filter=subject:Art')];
    },
    expected: [['A', 'B'], ['A']],
    wrong: [['B'], ['A']],
  },
  {
    mutant: 'textfilter-first-presenter-only',
    run: async (b) => {
      await mk(b, { title: 'A', creator: ['Ann Smith', 'Bob Jones'] });
      return (await list(b, '?filter=textFilter:Jones')).map((e) => e.title);
    },
    expected: ['A'],
    wrong: [],
  },
];

const DERIVED: Case[] = [
  {
    mutant: 'filter-agent-id-stale-after-put',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag1', H('10:00'), H('11:00')) });
      await putSchedule(b, id, { agent_id: 'ag2', start: H('10:00'), end: H('11:00') });
      return [(await ids(b, '?filter=agent_id:ag2')).length, (await ids(b, '?filter=agent_id:ag1')).length];
    },
    expected: [1, 0],
    wrong: [0, 1],
  },
  {
    mutant: 'start-technical-stale-after-update',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await update(b, id, { scheduling: { start: H('12:00'), end: H('13:00') } });
      return (await get(b, id, '', '1.3.0')).start;
    },
    expected: H('12:00'),
    wrong: H('10:00'),
  },
  {
    mutant: 'filter-start-stale-after-metadata',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2031-05-05', startTime: '10:00:00Z' });
      await putMetadata(b, id, [{ id: 'startDate', value: '2031-07-07' }]);
      const n = async (range: string) => (await list(b, `?filter=start:${range}`)).length;
      return [await n('2031-07-07T00:00:00Z/2031-07-08T00:00:00Z'), await n('2031-05-05T00:00:00Z/2031-05-06T00:00:00Z')];
    },
    expected: [1, 0],
    wrong: [0, 1],
  },
  {
    mutant: 'list-cache-ignores-flags',
    run: async (b) => {
      // Processing done first: its state change is a write, which would clear the cache between the two lists.
      await published(b, await mk(b, { title: 'A' }));
      await list(b);
      return 'acl' in (await list(b, '?withacl=true'))[0];
    },
    expected: true,
    wrong: false,
  },
];

const RECURRING: Case[] = [
  {
    mutant: 'rrule-delete-takes-siblings',
    run: async (b) => {
      const [first, ...rest] = await occurrences(b, daily(1, 3));
      await call(b, `/api/events/${first}`, { method: 'DELETE' });
      return Promise.all(rest.map(async (id) => (await call(b, `/api/events/${id}`)).status));
    },
    expected: [200, 200],
    wrong: [404, 404],
  },
  {
    mutant: 'rrule-metadata-shared',
    run: async (b) => {
      const [first, ...rest] = await occurrences(b, daily(1, 3));
      await putMetadata(b, first, [{ id: 'title', value: 'Changed' }]);
      return Promise.all([first, ...rest].map(async (id) => (await get(b, id)).title));
    },
    expected: ['Changed', 'R', 'R'],
    wrong: ['Changed', 'Changed', 'Changed'],
  },
];

const MIXING: Case[] = [
  {
    mutant: 'list-withscheduling-leaks',
    run: async (b) => {
      await mk(b, { title: 'S' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await mk(b, { title: 'U' });
      return (await list(b, '?withscheduling=true')).map((e) => (e.scheduling as Ev | null)?.agent_id ?? null);
    },
    expected: ['ag', null],
    wrong: ['ag', 'ag'],
  },
  {
    mutant: 'list-publication-status-leaks',
    run: async (b) => {
      const id = await mk(b, { title: 'P' }, { files: [VIDEO] });
      await published(b, id);
      await mk(b, { title: 'U' });
      return (await list(b)).map((e) => e.publication_status);
    },
    expected: [['engage-player', 'internal'], []],
    wrong: [['engage-player', 'internal'], ['engage-player', 'internal']],
  },
];

const STAND_INS: Case[] = [
  {
    mutant: 'contributor-from-presenters',
    run: async (b) => {
      const id = await mk(b, { title: 'A', creator: ['Ann'] });
      return [(await get(b, id)).contributor, (await get(b, id, '', '1.0.0')).contributors];
    },
    expected: [[], []],
    wrong: [['Ann'], ['Ann']],
  },
  {
    mutant: 'description-from-title',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      return [(await list(b))[0].description, (await get(b, id)).description];
    },
    expected: ['', ''],
    wrong: ['A', ''],
  },
];

const UNKNOWN: Case[] = [
  {
    mutant: 'metadata-delete-episode-unknown-403',
    run: async (b) => (await call(b, `/api/events/no-such-event/metadata?type=${EPISODE}`, { method: 'DELETE' })).status,
    expected: 404,
    wrong: 403,
  },
];

const CASES: Case[] = [...NUMBERS, ...STATE_SHAPES, ...PARTIAL, ...IDENTITY, ...RESTRICTED, ...MULTI, ...DERIVED, ...RECURRING, ...MIXING, ...STAND_INS, ...UNKNOWN];

describeDeviations('mutants of data that discriminates one reading from another', Object.keys(DISCRIMINATING_DATA_MUTANTS), CASES, 21);
