import { FormData } from 'undici';
import type { ApiVersion } from '../../../model/version.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { DATA_SEQUENCE_MUTANTS } from '../index.js';
import { call, catalogs, create, createId, form, sleep, until, VIDEO, type Fields } from '../../testkit.js';

/**
 * Each mutant that shows only with particular data, sequences or versions (DATA_SEQUENCE_MUTANTS in ../index.ts) deviates from the spec where the correct reference
 * server does not: the same HTTP exchange runs against a clean server, which must give `expected` (what the spec asks
 * for), and against the mutant, which must give `wrong`.
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

async function titles(base: string, query = '', version?: ApiVersion): Promise<string[]> {
  return ((await call(base, `/api/events${query}`, { version })).body as Ev[]).map((e) => e.title as string);
}

async function acl(base: string, id: string): Promise<string[]> {
  return ((await call(base, `/api/events/${id}/acl`)).body as Ev[]).map((e) => `${e.allow}:${e.action}:${e.role}`).sort();
}

async function published(base: string, id: string): Promise<void> {
  await until(async () => (await get(base, id)).processing_state === 'SUCCEEDED');
}

const H = (h: string) => `2030-01-01T${h}:00Z`;
const D = (day: number, h: string) => `2030-01-${String(day).padStart(2, '0')}T${h}:00Z`;

const CASES: Case[] = [
  {
    mutant: 'textfilter-like-wildcards',
    run: async (b) => {
      // Letters outside 0-9a-f: the identifiers (UUIDs, searched too) cannot match the patterns.
      await mk(b, { title: 'xyz' });
      await mk(b, { title: 'x_z' });
      await mk(b, { title: 'zoo% sale' });
      await mk(b, { title: 'zoology' });
      return [await titles(b, '?filter=textFilter:x_z'), await titles(b, `?filter=textFilter:${enc('zoo%')}`), await titles(b, '?filter=textFilter:xy')];
    },
    expected: [['x_z'], ['zoo% sale'], ['xyz']],
    wrong: [['xyz', 'x_z'], ['zoo% sale', 'zoology'], ['xyz']],
  },
  {
    mutant: 'oldest-offset-index-when-filtered',
    run: async (b) => {
      for (const title of ['A', 'B', 'C', 'D']) await mk(b, { title, location: 'R' });
      await mk(b, { title: 'X', location: 'Elsewhere' });
      return [
        await titles(b, '?filter=location:R&sort=title:ASC&limit=2&offset=1', '1.0.0'),
        await titles(b, '?sort=title:ASC&limit=2&offset=1', '1.0.0'),
        await titles(b, '?filter=location:R&sort=title:ASC&limit=2&offset=1', '1.1.0'),
      ];
    },
    expected: [['C', 'D'], ['C', 'D'], ['B', 'C']],
    wrong: [['B', 'C'], ['C', 'D'], ['B', 'C']],
  },
  {
    mutant: 'sort-start-date-2038',
    run: async (b) => {
      await mk(b, { title: 'Late', startDate: '2038-06-01', startTime: '10:00:00Z' });
      await mk(b, { title: 'Early', startDate: '2037-06-01', startTime: '10:00:00Z' });
      await mk(b, { title: 'Earliest', startDate: '2031-06-01', startTime: '10:00:00Z' });
      return [await titles(b, '?sort=start_date:ASC'), await titles(b, '?sort=start_date:DESC')];
    },
    expected: [['Earliest', 'Early', 'Late'], ['Late', 'Early', 'Earliest']],
    wrong: [['Late', 'Earliest', 'Early'], ['Early', 'Earliest', 'Late']],
  },
  {
    mutant: 'acl-add-over-deny-noop',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [{ allow: false, action: 'read', role: 'ROLE_X' }, { allow: true, action: 'write', role: 'ROLE_ADMIN' }] });
      const other = await mk(b, { title: 'B' }, { acl: [{ allow: true, action: 'write', role: 'ROLE_ADMIN' }] });
      const add = (e: string) => call(b, `/api/events/${e}/acl/read`, { method: 'POST', body: form({ role: 'ROLE_X' }) });
      await add(id);
      await add(other);
      return [(await acl(b, id)).filter((e) => e.endsWith(':read:ROLE_X')).some((e) => e.startsWith('true:')), await acl(b, other)];
    },
    expected: [true, ['true:read:ROLE_X', 'true:write:ROLE_ADMIN']],
    wrong: [false, ['true:read:ROLE_X', 'true:write:ROLE_ADMIN']],
  },
  {
    mutant: 'allow-conflict-skips-validation',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: { agent_id: 'ag', start: H('10:00'), end: H('11:00') } });
      const put = async (more: Record<string, string>) =>
        (await call(b, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify({ agent_id: 'ag', start: H('12:00'), end: H('11:30') }), ...more }) })).status;
      const plain = await put({});
      const allowed = await put({ allowConflict: 'true' });
      return [plain, allowed, (await call(b, `/api/events/${id}/scheduling`)).body.start];
    },
    expected: [400, 400, H('10:00')],
    wrong: [400, 204, H('12:00')],
  },
  {
    mutant: 'rrule-count-ignored',
    run: async (b) => {
      const r = await create(b, { fields: { title: 'R' }, scheduling: { agent_id: 'ag', start: D(1, '10:00'), end: D(5, '10:00'), duration: 3_600_000, rrule: 'FREQ=DAILY;COUNT=2' } });
      return [r.status, Array.isArray(r.body) ? r.body.length : r.body];
    },
    expected: [200, 2],
    wrong: [200, 5],
  },
  {
    mutant: 'delete-running-resurrects',
    opts: { processingDelayMs: 300 },
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      const deleted = (await call(b, `/api/events/${id}`, { method: 'DELETE' })).status;
      const right = (await call(b, `/api/events/${id}`)).status;
      await sleep(600);
      return [deleted, right, (await call(b, `/api/events/${id}`)).status, (await titles(b)).length];
    },
    expected: [204, 404, 404, 0],
    wrong: [204, 404, 200, 1],
  },
  {
    mutant: 'metadata-put-extra-field-to-episode',
    run: async (b) => {
      const id = await mk(b, { title: 'A', license: 'ALLRIGHTS' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }] });
      await call(b, `/api/events/${id}/metadata?type=${enc('license/episode')}`, { method: 'PUT', body: form({ metadata: JSON.stringify([{ id: 'license', value: 'CC-BY' }]) }) });
      const value = async (type: string) => ((await call(b, `/api/events/${id}/metadata?type=${type}`)).body as Ev[]).find((f) => f.id === 'license')?.value;
      return [await value(enc('license/episode')), await value(EPISODE), (await get(b, id)).license];
    },
    expected: ['CC-BY', 'ALLRIGHTS', 'ALLRIGHTS'],
    wrong: ['CC-BY', 'CC-BY', 'CC-BY'],
  },
  {
    mutant: 'update-acl-ignored-with-metadata',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_A' }] });
      const fd = new FormData();
      fd.append('metadata', catalogs({ title: 'B' }));
      fd.append('acl', JSON.stringify([{ allow: true, action: 'read', role: 'ROLE_B' }]));
      const status = (await call(b, `/api/events/${id}`, { method: 'POST', body: fd })).status;
      return [status, (await get(b, id)).title, await acl(b, id)];
    },
    expected: [204, 'B', ['true:read:ROLE_B']],
    wrong: [204, 'B', ['true:read:ROLE_A']],
  },
  {
    mutant: 'get-withpublications-hidden-while-running',
    opts: { processingDelayMs: 300 },
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      const before = ((await get(b, id, '?withpublications=true')).publications as Ev[]).length;
      const fd = new FormData();
      fd.append('presentation', new Blob([new Uint8Array(VIDEO.bytes)], { type: VIDEO.type }), 'slides.mp4');
      await call(b, `/api/events/${id}`, { method: 'POST', body: fd });
      const during = await get(b, id, '?withpublications=true');
      const listed = ((await call(b, `/api/events/${id}/publications`)).body as Ev[]).length;
      return [before, during.processing_state, (during.publications as Ev[]).length, listed];
    },
    expected: [1, 'RUNNING', 1, 1],
    wrong: [1, 'RUNNING', 0, 1],
  },
];

describeDeviations('mutants that show only with particular data, sequences or versions', Object.keys(DATA_SEQUENCE_MUTANTS), CASES, 10);
