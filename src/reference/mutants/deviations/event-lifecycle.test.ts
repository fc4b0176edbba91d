import { FormData } from 'undici';
import type { ApiVersion } from '../../../model/version.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { EVENT_LIFECYCLE_MUTANTS } from '../index.js';
import { call, catalogs, create, createId, form, sleep, until, VIDEO, type Fields } from '../../testkit.js';

/**
 * Each mutant of the event lifecycle (EVENT_LIFECYCLE_MUTANTS in ../index.ts) deviates from the spec where
 * the correct reference server does not: the same HTTP exchange runs against a clean server, which must give
 * `expected` (what the spec asks for), and against the mutant, which must give `wrong`.
 */

type Case = DeviationCase;
type Ev = Record<string, unknown>;
type Extra = { flavor: string; fields: Fields }[];
const enc = encodeURIComponent;

function mk(base: string, fields: Fields, more: { scheduling?: Ev; extra?: Extra; files?: (typeof VIDEO)[] } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

async function get(base: string, id: string, query = '', version?: ApiVersion): Promise<Ev> {
  return (await call(base, `/api/events/${id}${query}`, { version })).body as Ev;
}

async function update(base: string, id: string, fields?: Fields, scheduling?: Ev, extra: Extra = []): Promise<{ status: number; body: unknown }> {
  const fd = new FormData();
  if (fields) fd.append('metadata', catalogs(fields, extra));
  if (scheduling) fd.append('scheduling', JSON.stringify(scheduling));
  return call(base, `/api/events/${id}`, { method: 'POST', body: fd });
}

async function putSchedule(base: string, id: string, scheduling: Ev): Promise<number> {
  return (await call(base, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify(scheduling) }) })).status;
}

async function scheduling(base: string, id: string): Promise<Ev> {
  return (await call(base, `/api/events/${id}/scheduling`)).body as Ev;
}

async function published(base: string, id: string): Promise<void> {
  await until(async () => (await get(base, id)).processing_state === 'SUCCEEDED');
}

async function firstPublication(base: string, id: string, query = ''): Promise<{ status: number; body: Ev }> {
  await published(base, id);
  const pid = ((await call(base, `/api/events/${id}/publications`)).body as Ev[])[0].id as string;
  const r = await call(base, `/api/events/${id}/publications/${pid}${query}`);
  return { status: r.status, body: r.body as Ev };
}

const sched = (agent: string, start: string, end: string, more: Ev = {}) => ({ agent_id: agent, start, end, ...more });
const H = (h: string) => `2030-01-01T${h}:00Z`;
const D = (day: number, h: string) => `2030-01-${String(day).padStart(2, '0')}T${h}:00Z`;
const rrule = (rule: string, start: string, end: string) => ({ agent_id: 'ag', start, end, duration: 3_600_000, rrule: rule });
const AUDIO = { part: 'audio', bytes: Buffer.from('not really audio'), type: 'audio/mpeg', name: 'talk.mp3' };
const EXTRA = [{ flavor: 'license/episode', fields: { license: 'CC0' } }];

/** POST /api/events with an rrule schedule: the identifiers created (or the status when not 200). */
async function occurrences(base: string, s: Ev, fields: Fields = { title: 'R' }): Promise<string[] | number> {
  const r = await create(base, { fields, scheduling: s });
  return r.status === 200 && Array.isArray(r.body) ? (r.body as Ev[]).map((o) => o.identifier as string) : r.status;
}

const count = (ids: string[] | number) => (Array.isArray(ids) ? ids.length : ids);

const PUBLICATIONS: Case[] = [
  {
    mutant: 'publication-track-size-string',
    run: async (b) => typeof ((await firstPublication(b, await mk(b, { title: 'A' }, { files: [VIDEO] }))).body.media as Ev[])[0].size,
    expected: 'number',
    wrong: 'string',
  },
  {
    mutant: 'publication-has-video-omitted',
    run: async (b) => {
      const track = ((await firstPublication(b, await mk(b, { title: 'A' }, { files: [AUDIO] }))).body.media as Ev[])[0];
      return 'has_video' in track ? track.has_video : 'missing';
    },
    expected: false,
    wrong: 'missing',
  },
  {
    mutant: 'publications-list-full-when-signed',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      return Object.keys(((await call(b, `/api/events/${id}/publications?sign=true`)).body as Ev[])[0]).sort();
    },
    expected: ['channel', 'id', 'mediatype', 'url'],
    wrong: ['attachments', 'channel', 'id', 'media', 'mediatype', 'metadata', 'url'],
  },
  {
    mutant: 'publication-sign-404',
    run: async (b) => (await firstPublication(b, await mk(b, { title: 'A' }, { files: [VIDEO] }), '?sign=true')).status,
    expected: 200,
    wrong: 404,
  },
  {
    mutant: 'publication-status-oldest-empty',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      return ((await get(b, id, '', '1.0.0')).publication_status as unknown[]).length;
    },
    // The engage publication and the internal one (publication_status names every channel).
    expected: 2,
    wrong: 0,
  },
  {
    mutant: 'update-drops-publications',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      await update(b, id, { title: 'B' });
      return ((await call(b, `/api/events/${id}/publications`)).body as Ev[]).length;
    },
    expected: 1,
    wrong: 0,
  },
];

const STATES: Case[] = [
  {
    mutant: 'state-scheduled-after-put',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await putSchedule(b, id, { start: H('12:00'), end: H('13:00') });
      return (await get(b, id)).processing_state;
    },
    expected: 'INSTANTIATED',
    wrong: 'SCHEDULED',
  },
  {
    mutant: 'state-queued-behind-other',
    opts: { processingDelayMs: 3000 },
    run: async (b) => {
      await mk(b, { title: 'A' }, { files: [VIDEO] });
      const second = await mk(b, { title: 'B' }, { files: [VIDEO] });
      return (await get(b, second)).processing_state;
    },
    expected: 'RUNNING',
    wrong: 'QUEUED',
  },
];

const CREATE: Case[] = [
  {
    mutant: 'create-latin1-with-media',
    run: async (b) => (await get(b, await mk(b, { title: 'Zürich' }, { files: [VIDEO] }))).title,
    expected: 'Zürich',
    wrong: 'ZÃ¼rich',
  },
  {
    mutant: 'rrule-later-occurrences-bare',
    run: async (b) => {
      const ids = await occurrences(b, rrule('FREQ=DAILY', D(7, '10:00'), D(8, '12:00')), { title: 'R', description: 'D' });
      if (!Array.isArray(ids)) return ids;
      return Promise.all(ids.map(async (id) => (await get(b, id)).description));
    },
    expected: ['D', 'D'],
    wrong: ['D', ''],
  },
  {
    mutant: 'rrule-interval-ignored',
    run: async (b) => count(await occurrences(b, rrule('FREQ=DAILY;INTERVAL=2', D(7, '10:00'), D(11, '12:00')))),
    expected: 3,
    wrong: 5,
  },
  {
    mutant: 'rrule-start-excluded',
    run: async (b) => count(await occurrences(b, rrule('FREQ=DAILY', D(7, '10:00'), D(9, '12:00')))),
    expected: 3,
    wrong: 2,
  },
  {
    mutant: 'rrule-end-time-of-day',
    run: async (b) => {
      const ids = await occurrences(b, rrule('FREQ=DAILY', D(7, '10:00'), D(9, '12:00')));
      return Array.isArray(ids) ? (await scheduling(b, ids[0])).end : ids;
    },
    expected: D(7, '11:00'),
    wrong: D(7, '12:00'),
  },
  {
    mutant: 'rrule-conflict-first-occurrence-only',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', D(8, '10:30'), D(8, '11:00')) });
      return count(await occurrences(b, rrule('FREQ=DAILY', D(7, '10:00'), D(9, '12:00'))));
    },
    expected: 409,
    wrong: 3,
  },
];

const UPDATE: Case[] = [
  {
    mutant: 'update-extra-catalogs-ignored-with-episode',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: EXTRA });
      await update(b, id, { title: 'B' }, undefined, [{ flavor: 'license/episode', fields: { license: 'MIT' } }]);
      const fields = (await call(b, `/api/events/${id}/metadata?type=${enc('license/episode')}`)).body as Ev[];
      return fields.find((f) => f.id === 'license')?.value;
    },
    expected: 'MIT',
    wrong: 'CC0',
  },
  {
    mutant: 'update-subjects-appended',
    run: async (b) => {
      const id = await mk(b, { title: 'A', subjects: ['Alpha'] });
      await update(b, id, { subjects: ['Beta'] });
      return (await get(b, id)).subjects;
    },
    expected: ['Beta'],
    wrong: ['Alpha', 'Beta'],
  },
  {
    mutant: 'update-409-metadata-applied',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      const id = await mk(b, { title: 'B' }, { scheduling: sched('ag', H('12:00'), H('13:00')) });
      const r = await update(b, id, { title: 'B2' }, { start: H('10:30'), end: H('11:30') });
      return [r.status, (await get(b, id)).title];
    },
    expected: [409, 'B'],
    wrong: [409, 'B2'],
  },
  {
    mutant: 'update-deleted-204',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      await call(b, `/api/events/${id}`, { method: 'DELETE' });
      return (await update(b, id, { title: 'B' })).status;
    },
    expected: 404,
    wrong: 204,
  },
  {
    mutant: 'update-schedule-inputs-dropped',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00'), { inputs: ['default'] }) });
      await update(b, id, undefined, { start: H('09:00') });
      return (await scheduling(b, id)).inputs;
    },
    expected: ['default'],
    wrong: undefined,
  },
];

const DELETE: Case[] = [
  {
    mutant: 'delete-tombstone-204',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const first = (await call(b, `/api/events/${id}`, { method: 'DELETE' })).status;
      return [first, (await call(b, `/api/events/${id}`, { method: 'DELETE' })).status];
    },
    expected: [204, 404],
    wrong: [204, 204],
  },
  {
    mutant: 'delete-scheduled-stays',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      const status = (await call(b, `/api/events/${id}`, { method: 'DELETE' })).status;
      return [status, (await call(b, `/api/events/${id}`)).status];
    },
    expected: [204, 404],
    wrong: [204, 200],
  },
  {
    mutant: 'delete-retracted-stays',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      const status = (await call(b, `/api/events/${id}`, { method: 'DELETE', version: '1.6.0' })).status;
      await sleep(300);
      return [status, (await call(b, `/api/events/${id}`, { version: '1.6.0' })).status];
    },
    expected: [202, 404],
    wrong: [202, 200],
  },
];

const SCHEDULING: Case[] = [
  {
    mutant: 'scheduling-put-inputs-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00'), { inputs: ['default'] }) });
      await putSchedule(b, id, { inputs: ['camera', 'screen'] });
      return (await scheduling(b, id)).inputs;
    },
    expected: ['camera', 'screen'],
    wrong: ['default'],
  },
  {
    mutant: 'scheduling-put-end-before-start',
    run: async (b) => putSchedule(b, await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) }), { end: H('09:00') }),
    expected: 400,
    wrong: 204,
  },
  {
    mutant: 'scheduling-put-conflict-old-agent',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag2', H('10:00'), H('11:00')) });
      const id = await mk(b, { title: 'B' }, { scheduling: sched('ag', H('12:00'), H('13:00')) });
      return putSchedule(b, id, { agent_id: 'ag2', start: H('10:30'), end: H('11:30') });
    },
    expected: 409,
    wrong: 204,
  },
  {
    mutant: 'scheduling-get-summer-shift',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', '2030-07-01T10:00:00Z', '2030-07-01T11:00:00Z') });
      const s = await scheduling(b, id);
      return [s.start, s.end];
    },
    expected: ['2030-07-01T10:00:00Z', '2030-07-01T11:00:00Z'],
    wrong: ['2030-07-01T09:00:00Z', '2030-07-01T10:00:00Z'],
  },
];

const FLAGS: Case[] = [
  {
    mutant: 'get-withpublications-signed-empty',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      return ((await get(b, id, '?withpublications=true&sign=true')).publications as unknown[]).length;
    },
    expected: 1,
    wrong: 0,
  },
  {
    mutant: 'list-withpublications-oldest-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      const item = ((await call(b, '/api/events?withpublications=true', { version: '1.0.0' })).body as Ev[])[0];
      return Array.isArray(item.publications) ? item.publications.length : 'missing';
    },
    expected: 1,
    wrong: 'missing',
  },
  {
    mutant: 'list-withscheduling-stale',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await putSchedule(b, id, { start: H('12:00'), end: H('13:00') });
      const item = ((await call(b, '/api/events?withscheduling=true')).body as Ev[])[0];
      return (item.scheduling as Ev).start;
    },
    expected: H('12:00'),
    wrong: H('10:00'),
  },
  {
    mutant: 'get-withmetadata-latin1',
    run: async (b) => {
      const cats = (await get(b, await mk(b, { title: 'Zürich' }), '?withmetadata=true')).metadata as Ev[];
      const episode = cats.find((c) => c.flavor === 'dublincore/episode')!;
      return (episode.fields as Ev[]).find((f) => f.id === 'title')?.value;
    },
    expected: 'Zürich',
    wrong: 'ZÃ¼rich',
  },
];

const CASES: Case[] = [...PUBLICATIONS, ...STATES, ...CREATE, ...UPDATE, ...DELETE, ...SCHEDULING, ...FLAGS];

describeDeviations('mutants of the event lifecycle', Object.keys(EVENT_LIFECYCLE_MUTANTS), CASES, 25);
