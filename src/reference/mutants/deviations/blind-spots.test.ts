import type { ApiVersion } from '../../../model/version.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { BLIND_SPOT_MUTANTS } from '../index.js';
import { call, create, createId, form, until, VIDEO, type Fields } from '../../testkit.js';

/**
 * Each blind-spot mutant (BLIND_SPOT_MUTANTS in ../index.ts, one per class of suites/DISCRIMINATING-DATA.md) deviates from the spec where the
 * correct reference server does not: the same HTTP exchange runs against a clean server, which must give `expected`
 * (what the spec asks for), and against the mutant, which must give `wrong`.
 */

type Case = DeviationCase;
type Ev = Record<string, unknown>;

type Extra = { flavor: string; fields: Fields }[];
const enc = encodeURIComponent;

function mk(base: string, fields: Fields, more: { extra?: Extra; acl?: unknown[]; scheduling?: Ev; files?: (typeof VIDEO)[] } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

async function get(base: string, id: string, query = '', version?: ApiVersion): Promise<Ev> {
  return (await call(base, `/api/events/${id}${query}`, { version })).body as Ev;
}

async function putSchedule(base: string, id: string, scheduling: Ev): Promise<number> {
  return (await call(base, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify(scheduling) }) })).status;
}

const D = (day: number, h: string) => `2030-01-${String(day).padStart(2, '0')}T${h}:00Z`;

async function published(base: string, id: string): Promise<void> {
  await until(async () => (await get(base, id)).processing_state === 'SUCCEEDED' && ((await call(base, `/api/events/${id}/publications`)).body as Ev[]).length > 0);
}

async function putMeta(base: string, id: string, type: string, fields: { id: string; value: unknown }[]): Promise<number> {
  const body = form({ metadata: JSON.stringify(fields) });
  return (await call(base, `/api/events/${id}/metadata?type=${enc(type)}`, { method: 'PUT', body })).status;
}

async function metaFields(base: string, id: string, type: string): Promise<Record<string, unknown>> {
  const r = await call(base, `/api/events/${id}/metadata?type=${enc(type)}`);
  return Object.fromEntries((r.body as Ev[]).map((f) => [f.id, f.value]));
}


async function titles(base: string, query: string, version?: ApiVersion): Promise<unknown> {
  const r = await call(base, `/api/events${query}`, { version });
  return r.status === 200 ? (r.body as Ev[]).map((e) => e.title) : r.status;
}

const CASES: Case[] = [
  {
    mutant: 'numbers-offset-int32',
    run: async (b) => {
      for (const t of ['a', 'b', 'c']) await mk(b, { title: t });
      return [await titles(b, '?sort=title:ASC&limit=2&offset=1'), await titles(b, '?sort=title:ASC&limit=2&offset=4294967297')];
    },
    expected: [['b', 'c'], []],
    wrong: [['b', 'c'], ['b', 'c']],
  },
  {
    mutant: 'states-published-previews-string',
    run: async (b) => {
      const plain = await mk(b, { title: 'plain' });
      const pub = await mk(b, { title: 'published' }, { files: [VIDEO] });
      await published(b, pub);
      return [typeof (await get(b, plain)).has_previews, typeof (await get(b, pub)).has_previews];
    },
    expected: ['boolean', 'boolean'],
    wrong: ['boolean', 'string'],
  },
  {
    mutant: 'composite-date-resets-time',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2031-05-12', startTime: '10:00:00Z' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'startDate', value: '2031-06-20' }]);
      const f = await metaFields(b, id, 'dublincore/episode');
      return [f.startDate, f.startTime];
    },
    expected: ['2031-06-20', '10:00:00Z'],
    wrong: ['2031-06-20', '00:00:00Z'],
  },
  {
    mutant: 'identity-id-filter-ignores-case',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      await mk(b, { title: 'B' });
      return [await titles(b, `?filter=identifier:${id}`), await titles(b, `?filter=identifier:${id.toUpperCase()}`)];
    },
    expected: [['A'], []],
    wrong: [['A'], ['A']],
  },
  {
    mutant: 'single-only-list-media',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      const list = (await call(b, `/api/events/${id}/publications`)).body as Ev[];
      return list.map((p) => ['media', 'attachments', 'metadata'].filter((m) => m in p));
    },
    expected: [[]],
    wrong: [['media']],
  },
  {
    mutant: 'multivalue-contributors-first-only',
    run: async (b) => {
      await mk(b, { title: 'A', contributor: ['Carla', 'Dmitri'] });
      await mk(b, { title: 'B', contributor: ['Erin'] });
      return [await titles(b, '?filter=contributors:Carla'), await titles(b, '?filter=contributors:Dmitri')];
    },
    expected: [['A'], ['A']],
    wrong: [['A'], []],
  },
  {
    mutant: 'derived-technical-start-cached',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: { agent_id: 'ag', start: D(3, '10:00'), end: D(3, '11:00') } });
      const before = (await get(b, id, '', '1.3.0')).start;
      await putSchedule(b, id, { agent_id: 'ag', start: D(3, '15:00'), end: D(3, '16:00') });
      return [before, (await get(b, id, '', '1.3.0')).start];
    },
    expected: ['2030-01-03T10:00:00Z', '2030-01-03T15:00:00Z'],
    wrong: ['2030-01-03T10:00:00Z', '2030-01-03T10:00:00Z'],
  },
  {
    mutant: 'occurrences-delete-series',
    run: async (b) => {
      const r = await create(b, { fields: { title: 'R' }, scheduling: { agent_id: 'ag', start: D(3, '10:00'), end: D(5, '18:00'), duration: 3_600_000, rrule: 'FREQ=DAILY;BYHOUR=10;BYMINUTE=0' } });
      const ids = (r.body as Ev[]).map((o) => o.identifier as string);
      await call(b, `/api/events/${ids[1]}`, { method: 'DELETE' });
      return Promise.all(ids.map(async (id) => (await call(b, `/api/events/${id}`)).status));
    },
    expected: [200, 404, 200],
    wrong: [404, 404, 404],
  },
  {
    mutant: 'mixed-scheduling-from-previous',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: { agent_id: 'ag', start: D(3, '10:00'), end: D(3, '11:00') } });
      await mk(b, { title: 'B' });
      const list = (await call(b, '/api/events?withscheduling=true&sort=title:ASC')).body as Ev[];
      return list.map((e) => (e.scheduling as Ev | null)?.agent_id ?? null);
    },
    expected: ['ag', null],
    wrong: ['ag', 'ag'],
  },
  {
    mutant: 'distinct-created-from-start',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2031-05-12', startTime: '10:00:00Z' });
      const ev = await get(b, id);
      return [ev.start, ev.created === '2031-05-12T10:00:00Z'];
    },
    expected: ['2031-05-12T10:00:00Z', false],
    wrong: ['2031-05-12T10:00:00Z', true],
  },
  {
    mutant: 'unknown-episode-delete-403-first',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const del = async (event: string) => (await call(b, `/api/events/${event}/metadata?type=${enc('dublincore/episode')}`, { method: 'DELETE' })).status;
      return [await del(id), await del('no-such-event')];
    },
    expected: [403, 404],
    wrong: [403, 403],
  },
];

describeDeviations('mutants, one per blind-spot class of suites/DISCRIMINATING-DATA.md', Object.keys(BLIND_SPOT_MUTANTS), CASES, 1);
