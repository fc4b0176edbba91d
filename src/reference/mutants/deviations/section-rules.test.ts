import { FormData } from 'undici';
import type { ApiVersion } from '../../../model/version.js';
import type { RefUser } from '../../index.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { SECTION_RULE_MUTANTS } from '../index.js';
import { call, catalogs, create, createId, form, sleep, until, VIDEO, type Fields, type Res } from '../../testkit.js';

/**
 * Each mutant of SECTION_RULE_MUTANTS (../index.ts: spec sections across every family) deviates from the spec where the
 * correct reference server does not: the same HTTP exchange runs against a clean server, which must give `expected`
 * (what the spec asks for), and against the mutant, which must give `wrong`.
 */

type Case = DeviationCase;

type Ev = Record<string, unknown>;
const enc = encodeURIComponent;

function mk(base: string, fields: Fields, more: { scheduling?: Ev; extra?: { flavor: string; fields: Fields }[]; acl?: unknown[]; files?: (typeof VIDEO)[]; auth?: [string, string] } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

async function titles(base: string, query: string, version?: ApiVersion, auth?: [string, string]): Promise<unknown> {
  const r = await call(base, `/api/events${query}`, { version, auth });
  return r.status === 200 ? (r.body as Ev[]).map((e) => e.title) : r.status;
}

async function get(base: string, id: string, version?: ApiVersion): Promise<Ev> {
  return (await call(base, `/api/events/${id}`, { version })).body as Ev;
}

async function update(base: string, id: string, fields?: Fields, scheduling?: Ev): Promise<{ status: number; body: unknown }> {
  const fd = new FormData();
  if (fields) fd.append('metadata', catalogs(fields));
  if (scheduling) fd.append('scheduling', JSON.stringify(scheduling));
  return call(base, `/api/events/${id}`, { method: 'POST', body: fd });
}

/** POST /api/events with metadata {title} and a scheduling part; status and body. */
async function schedule(base: string, title: string, scheduling: Ev): Promise<Res> {
  return create(base, { fields: { title }, scheduling });
}

async function putMeta(base: string, id: string, type: string, fields: { id: string; value: unknown }[], auth?: [string, string]): Promise<number> {
  const body = form({ metadata: JSON.stringify(fields) });
  return (await call(base, `/api/events/${id}/metadata?type=${enc(type)}`, { method: 'PUT', body, auth })).status;
}

async function metaValue(base: string, id: string, type: string, field: string): Promise<unknown> {
  const r = await call(base, `/api/events/${id}/metadata?type=${enc(type)}`);
  return (r.body as Ev[]).find((f) => f.id === field)?.value;
}

async function aclOf(base: string, id: string): Promise<Ev[]> {
  return (await call(base, `/api/events/${id}/acl`)).body as Ev[];
}

async function putAcl(base: string, id: string, acl: unknown[]): Promise<number> {
  return (await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: JSON.stringify(acl) }) })).status;
}

async function putSchedule(base: string, id: string, scheduling: Ev, extra: Record<string, string> = {}): Promise<number> {
  return (await call(base, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify(scheduling), ...extra }) })).status;
}

async function published(base: string, id: string): Promise<void> {
  await until(async () => (await get(base, id)).processing_state === 'SUCCEEDED');
}

const sched = (agent: string, start: string, end: string) => ({ agent_id: agent, start, end });
const H = (h: string) => `2030-01-01T${h}:00Z`;
const EXTRA = [{ flavor: 'license/episode', fields: { license: 'CC0' } }];
const USERS: RefUser[] = [
  { name: 'admin', password: 'pw', roles: ['ROLE_ADMIN'] },
  { name: 'alice', password: 'pw', roles: ['ROLE_A'] },
];
const as = (name: string): [string, string] => [name, 'pw'];
const rrule = (rule: string, start: string, end: string) => ({ agent_id: 'ag', start, end, duration: 3_600_000, rrule: rule });
const count = (r: { status: number; body: unknown }) => (r.status === 200 && Array.isArray(r.body) ? r.body.length : r.status);

const LIST: Case[] = [
  {
    mutant: 'filter-identifier-prefix',
    run: async (b) => titles(b, `?filter=identifier:${(await mk(b, { title: 'A' })).slice(0, 8)}`),
    expected: [],
    wrong: ['A'],
  },
  {
    mutant: 'filter-is-part-of-prefix',
    run: async (b) => {
      await mk(b, { title: 'A', isPartOf: 'S1' });
      await mk(b, { title: 'B', isPartOf: 'S10' });
      return titles(b, '?filter=is_part_of:S1');
    },
    expected: ['A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'filter-plus-as-space',
    run: async (b) => {
      await mk(b, { title: 'C++' });
      return titles(b, `?filter=${enc('title:C++')}`);
    },
    expected: ['C++'],
    wrong: [],
  },
  {
    mutant: 'filter-value-colon-cut',
    run: async (b) => {
      await mk(b, { title: 'A', location: 'Room: 1' });
      await mk(b, { title: 'B', location: 'Room' });
      return titles(b, `?filter=${enc('location:Room: 1')}`);
    },
    expected: ['A'],
    wrong: ['B'],
  },
  {
    mutant: 'filter-subject-astral-dropped',
    run: async (b) => {
      await mk(b, { title: 'A', subjects: ['🎵 Music'] });
      await mk(b, { title: 'B', subjects: ['Music'] });
      return titles(b, `?filter=${enc('subject:🎵 Music')}`);
    },
    expected: ['A'],
    wrong: ['B'],
  },
  {
    mutant: 'filter-textfilter-stale-after-update',
    run: async (b) => {
      const id = await mk(b, { title: 'A', description: 'old' });
      await update(b, id, { description: 'zebra' });
      return titles(b, '?filter=textFilter:zebra');
    },
    expected: ['A'],
    wrong: [],
  },
  {
    mutant: 'filter-or-first-keyword-only',
    run: async (b) => {
      await mk(b, { title: 'A', location: 'L1', language: 'en' });
      await mk(b, { title: 'B', location: 'L2', language: 'de' });
      await mk(b, { title: 'C', location: 'L1', language: 'fr' });
      return titles(b, '?sort=title:ASC&filter=location:L1,location:L2,language:en,language:de', '1.5.0');
    },
    expected: ['A', 'B'],
    wrong: [],
  },
  {
    mutant: 'filter-start-end-day-only',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-01-02', startTime: '10:00:00Z' });
      return titles(b, `?filter=${enc('start:2030-01-01T00:00:00Z/2030-01-02T12:00:00Z')}`);
    },
    expected: ['A'],
    wrong: [],
  },
  {
    mutant: 'filter-technical-start-offset-ignored',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-01-01', startTime: '10:00:00Z' });
      return titles(b, `?filter=${enc('technical_start:2030-01-01T11:30:00+02:00/2030-01-01T12:30:00+02:00')}`);
    },
    expected: ['A'],
    wrong: [],
  },
  {
    mutant: 'sort-start-date-day-only',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-01-01', startTime: '15:00:00Z' });
      await mk(b, { title: 'B', startDate: '2030-01-01', startTime: '09:00:00Z' });
      return titles(b, '?sort=start_date:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-location-stale-after-update',
    run: async (b) => {
      const a = await mk(b, { title: 'A', location: 'R1' });
      await mk(b, { title: 'B', location: 'R2' });
      await putMeta(b, a, 'dublincore/episode', [{ id: 'location', value: 'R3' }]);
      return titles(b, '?sort=location:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
];

async function fourByLocation(b: string): Promise<void> {
  for (const [title, location] of [['A', 'X'], ['B', 'Y'], ['C', 'X'], ['D', 'X']]) await mk(b, { title, location });
}

async function make(b: string, list: string[], version?: ApiVersion): Promise<void> {
  for (const title of list) await createId(b, { fields: { title }, version });
}

const PAGING: Case[] = [
  {
    mutant: 'offset-before-filter',
    run: async (b) => {
      await fourByLocation(b);
      return titles(b, '?filter=location:X&sort=title:ASC&offset=2&limit=2');
    },
    expected: ['D'],
    wrong: ['C', 'D'],
  },
  {
    mutant: 'limit-before-sort',
    run: async (b) => {
      await make(b, ['C', 'A', 'B']);
      return titles(b, '?sort=title:ASC&limit=2');
    },
    expected: ['A', 'B'],
    wrong: ['A', 'C'],
  },
  {
    mutant: 'offset-page-overlap',
    run: async (b) => {
      await make(b, ['A', 'B', 'C', 'D'], '1.0.0');
      return titles(b, '?sort=title:ASC&limit=2&offset=1', '1.0.0');
    },
    expected: ['C', 'D'],
    wrong: ['B', 'C'],
  },
  {
    mutant: 'offset-past-end-last-page',
    run: async (b) => {
      await make(b, ['A', 'B', 'C']);
      return titles(b, '?sort=title:ASC&limit=2&offset=3');
    },
    expected: [],
    wrong: ['B', 'C'],
  },
  {
    mutant: 'list-flags-last-wins',
    run: async (b) => {
      await mk(b, { title: 'A' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_A' }] });
      const item = ((await call(b, '/api/events?withacl=true&withmetadata=true')).body as Ev[])[0];
      return ['acl' in item, 'metadata' in item];
    },
    expected: [true, true],
    wrong: [false, true],
  },
  {
    mutant: 'list-withmetadata-episode-only',
    run: async (b) => {
      await mk(b, { title: 'A' }, { extra: EXTRA });
      const item = ((await call(b, '/api/events?withmetadata=true')).body as Ev[])[0];
      return (item.metadata as Ev[]).map((c) => c.flavor);
    },
    expected: ['dublincore/episode', 'license/episode'],
    wrong: ['dublincore/episode'],
  },
];

const NAMES_OLD = ['presenters', 'contributors', 'start_time'];

const VERSIONS: Case[] = [
  {
    mutant: 'list-oldest-names-1.1.0',
    run: async (b) => {
      await mk(b, { title: 'A' });
      const item = ((await call(b, '/api/events', { version: '1.1.0' })).body as Ev[])[0];
      return NAMES_OLD.filter((k) => k in item);
    },
    expected: [],
    wrong: NAMES_OLD,
  },
  {
    mutant: 'offset-page-in-1.1.0',
    run: async (b) => {
      await make(b, ['A', 'B', 'C']);
      return titles(b, '?sort=title:ASC&limit=2&offset=1', '1.1.0');
    },
    expected: ['B', 'C'],
    wrong: ['C'],
  },
  {
    mutant: 'list-start-technical',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-02-01', startTime: '09:00:00Z' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      return ((await call(b, '/api/events', { version: '1.4.0' })).body as Ev[])[0].start;
    },
    expected: '2030-02-01T09:00:00Z',
    wrong: '2030-01-01T10:00:00Z',
  },
  {
    mutant: 'scheduling-endpoint-late',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      return (await call(b, `/api/events/${id}/scheduling`, { version: '1.1.0' })).status;
    },
    expected: 200,
    wrong: 404,
  },
];

const EVENTS: Case[] = [
  {
    mutant: 'create-location-missing-scheduled',
    run: async (b) => {
      const r = await schedule(b, 'A', sched('ag', H('10:00'), H('11:00')));
      return [r.status, r.headers.get('location') === `${b}/api/events/${(r.body as Ev).identifier as string}`];
    },
    expected: [201, true],
    wrong: [201, false],
  },
  {
    mutant: 'create-presenters-first-only',
    run: async (b) => (await get(b, await mk(b, { title: 'A', creator: ['P1', 'P2'] }))).presenter,
    expected: ['P1', 'P2'],
    wrong: ['P1'],
  },
  {
    mutant: 'update-unsent-fields-cleared',
    run: async (b) => {
      const id = await mk(b, { title: 'A', description: 'D' });
      await update(b, id, { title: 'B' });
      const e = await get(b, id);
      return [e.title, e.description];
    },
    expected: ['B', 'D'],
    wrong: ['B', ''],
  },
  {
    mutant: 'update-touches-created',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const before = (await get(b, id)).created;
      await sleep(1100);
      await update(b, id, { title: 'B' });
      return (await get(b, id)).created === before;
    },
    expected: true,
    wrong: false,
  },
];

const SCHEDULING: Case[] = [
  {
    mutant: 'rrule-until-exclusive',
    run: async (b) => count(await schedule(b, 'R', rrule('FREQ=DAILY;UNTIL=20300103T100000Z', H('10:00'), '2030-01-03T10:00:00Z'))),
    expected: 3,
    wrong: 2,
  },
  {
    mutant: 'rrule-byday-first-only',
    run: async (b) => count(await schedule(b, 'R', rrule('FREQ=WEEKLY;BYDAY=MO,WE', '2030-01-07T10:00:00Z', '2030-01-13T11:00:00Z'))),
    expected: 2,
    wrong: 1,
  },
  {
    mutant: 'rrule-month-end',
    run: async (b) => count(await schedule(b, 'R', rrule('FREQ=DAILY', '2030-01-30T10:00:00Z', '2030-02-02T10:00:00Z'))),
    expected: 4,
    wrong: 2,
  },
  {
    mutant: 'conflict-deleted-event',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await call(b, `/api/events/${id}`, { method: 'DELETE' });
      return (await schedule(b, 'B', sched('ag', H('10:00'), H('11:00')))).status;
    },
    expected: 201,
    wrong: 409,
  },
  {
    mutant: 'conflict-old-slot',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await putSchedule(b, id, { start: H('14:00'), end: H('15:00') });
      return (await schedule(b, 'B', sched('ag', H('10:00'), H('11:00')))).status;
    },
    expected: 201,
    wrong: 409,
  },
  {
    mutant: 'conflict-any-agent',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag1', H('10:00'), H('11:00')) });
      return (await schedule(b, 'B', sched('ag2', H('10:30'), H('11:30')))).status;
    },
    expected: 201,
    wrong: 409,
  },
  {
    mutant: 'update-schedule-self-conflict',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      return (await update(b, id, undefined, { start: H('10:30'), end: H('11:30') })).status;
    },
    expected: 204,
    wrong: 409,
  },
  {
    mutant: 'scheduling-put-self-conflict',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      return putSchedule(b, id, { start: H('10:30'), end: H('11:30') });
    },
    expected: 204,
    wrong: 409,
  },
  {
    mutant: 'create-conflict-no-title',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      const r = await schedule(b, 'B', sched('ag', H('10:30'), H('11:30')));
      return [r.status, (r.body as Ev[]).map((c) => c.title)];
    },
    expected: [409, ['A']],
    wrong: [409, [undefined]],
  },
  {
    mutant: 'update-conflict-body-object',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      const id = await mk(b, { title: 'B' }, { scheduling: sched('ag', H('12:00'), H('13:00')) });
      const r = await update(b, id, undefined, { start: H('10:30'), end: H('11:30') });
      return [r.status, Array.isArray(r.body)];
    },
    expected: [409, true],
    wrong: [409, false],
  },
  {
    mutant: 'scheduling-get-unscheduled-200',
    run: async (b) => (await call(b, `/api/events/${await mk(b, { title: 'A' })}/scheduling`)).status,
    expected: 204,
    wrong: 200,
  },
  {
    mutant: 'scheduling-put-duration-old-start',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      await putSchedule(b, id, { start: H('10:30'), duration: 7_200_000 });
      return ((await call(b, `/api/events/${id}/scheduling`)).body as Ev).end;
    },
    expected: H('12:30'),
    wrong: H('12:00'),
  },
  {
    mutant: 'allow-conflict-false-honoured',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10:00'), H('11:00')) });
      const id = await mk(b, { title: 'B' }, { scheduling: sched('ag', H('12:00'), H('13:00')) });
      return putSchedule(b, id, { start: H('10:30'), end: H('11:30') }, { allowConflict: 'false' });
    },
    expected: 409,
    wrong: 204,
  },
];

const roles = (acl: Ev[]) => acl.map((e) => `${e.action as string}:${e.role as string}`);
const READ_A = { allow: true, action: 'read', role: 'ROLE_A' };

const ACL: Case[] = [
  {
    mutant: 'acl-put-second-merges',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A] });
      await putAcl(b, id, [{ allow: true, action: 'read', role: 'ROLE_B' }]);
      await putAcl(b, id, [{ allow: true, action: 'write', role: 'ROLE_C' }]);
      return roles(await aclOf(b, id));
    },
    expected: ['write:ROLE_C'],
    wrong: ['read:ROLE_B', 'write:ROLE_C'],
  },
  {
    mutant: 'acl-add-shared-default',
    run: async (b) => {
      const a = await mk(b, { title: 'A' }, { acl: [READ_A] });
      const other = await mk(b, { title: 'B' }, { acl: [READ_A] });
      await call(b, `/api/events/${a}/acl/write`, { method: 'POST', body: form({ role: 'ROLE_X' }) });
      return roles(await aclOf(b, other));
    },
    expected: ['read:ROLE_A'],
    wrong: ['read:ROLE_A', 'write:ROLE_X'],
  },
  {
    mutant: 'acl-remove-role-dot',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_TEAM.A' }] });
      await call(b, `/api/events/${id}/acl/read/ROLE_TEAM.A`, { method: 'DELETE' });
      return roles(await aclOf(b, id));
    },
    expected: [],
    wrong: ['read:ROLE_TEAM.A'],
  },
  {
    mutant: 'acl-remove-role-prefix',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A, { allow: true, action: 'read', role: 'ROLE_AB' }] });
      await call(b, `/api/events/${id}/acl/read/ROLE_A`, { method: 'DELETE' });
      return roles(await aclOf(b, id));
    },
    expected: ['read:ROLE_AB'],
    wrong: [],
  },
  {
    mutant: 'auth-list-role-prefix',
    opts: { users: USERS },
    run: async (b) => {
      await mk(b, { title: 'E' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_AB' }], auth: as('admin') });
      return titles(b, '', undefined, as('alice'));
    },
    expected: [],
    wrong: ['E'],
  },
  {
    mutant: 'auth-list-deny-grants',
    opts: { users: USERS },
    run: async (b) => {
      await mk(b, { title: 'E' }, { acl: [{ allow: false, action: 'read', role: 'ROLE_A' }], auth: as('admin') });
      return titles(b, '', undefined, as('alice'));
    },
    expected: [],
    wrong: ['E'],
  },
  {
    mutant: 'auth-metadata-put-read-only',
    opts: { users: USERS },
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [READ_A], auth: as('admin') });
      return putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'X' }], as('alice'));
    },
    expected: 403,
    wrong: 204,
  },
  {
    mutant: 'auth-acl-remove-read-only',
    opts: { users: USERS },
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [READ_A], auth: as('admin') });
      return (await call(b, `/api/events/${id}/acl/read/ROLE_A`, { method: 'DELETE', auth: as('alice') })).status;
    },
    expected: 403,
    wrong: 204,
  },
];

const EP = 'dublincore/episode';

const METADATA: Case[] = [
  {
    mutant: 'metadata-third-put-lost',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      for (const t of ['B', 'C', 'D']) await putMeta(b, id, EP, [{ id: 'title', value: t }]);
      return metaValue(b, id, EP, 'title');
    },
    expected: 'D',
    wrong: 'C',
  },
  {
    mutant: 'metadata-put-comma-split',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      await putMeta(b, id, EP, [{ id: 'subjects', value: ['Art, Design'] }]);
      return metaValue(b, id, EP, 'subjects');
    },
    expected: ['Art, Design'],
    wrong: ['Art', 'Design'],
  },
  {
    mutant: 'metadata-put-empty-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'A', description: 'D' });
      await putMeta(b, id, EP, [{ id: 'description', value: '' }]);
      return metaValue(b, id, EP, 'description');
    },
    expected: '',
    wrong: 'D',
  },
  {
    mutant: 'metadata-delete-all-events',
    run: async (b) => {
      const a = await mk(b, { title: 'A' }, { extra: EXTRA });
      const other = await mk(b, { title: 'B' }, { extra: EXTRA });
      await call(b, `/api/events/${a}/metadata?type=${enc('license/episode')}`, { method: 'DELETE' });
      return (await call(b, `/api/events/${other}/metadata?type=${enc('license/episode')}`)).status;
    },
    expected: 200,
    wrong: 404,
  },
  {
    mutant: 'metadata-delete-episode-case',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const status = (await call(b, `/api/events/${id}/metadata?type=${enc('DublinCore/Episode')}`, { method: 'DELETE' })).status;
      return [status, (await get(b, id)).title];
    },
    expected: [404, 'A'],
    wrong: [204, ''],
  },
];

const PUBLICATIONS: Case[] = [
  {
    mutant: 'publication-other-event',
    run: async (b) => {
      const a = await mk(b, { title: 'A' }, { files: [VIDEO] });
      const other = await mk(b, { title: 'B' }, { files: [VIDEO] });
      await published(b, a);
      await published(b, other);
      const pid = ((await call(b, `/api/events/${other}/publications`)).body as Ev[])[0].id as string;
      return (await call(b, `/api/events/${a}/publications/${pid}`)).status;
    },
    expected: 404,
    wrong: 200,
  },
  {
    mutant: 'publication-unknown-204',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { files: [VIDEO] });
      await published(b, id);
      return (await call(b, `/api/events/${id}/publications/no-such-publication`)).status;
    },
    expected: 404,
    wrong: 204,
  },
];

const SHAPE: Case[] = [
  {
    mutant: 'list-single-element-arrays-scalar',
    run: async (b) => {
      await mk(b, { title: 'A', creator: ['P'], subjects: ['S1', 'S2'] });
      const item = ((await call(b, '/api/events')).body as Ev[])[0];
      return [item.presenter, item.subjects];
    },
    expected: [['P'], ['S1', 'S2']],
    wrong: ['P', ['S1', 'S2']],
  },
  {
    mutant: 'list-empty-null',
    run: async (b) => {
      await mk(b, { title: 'A' });
      const r = await call(b, '/api/events?filter=location:nowhere');
      return [r.status, r.body];
    },
    expected: [200, []],
    wrong: [200, null],
  },
  {
    mutant: 'oldest-duration-string',
    run: async (b) => typeof (await get(b, await mk(b, { title: 'A', duration: '01:00:00' }), '1.0.0')).duration,
    expected: 'number',
    wrong: 'string',
  },
  {
    mutant: 'get-withacl-allow-only',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A, { allow: false, action: 'write', role: 'ROLE_A' }] });
      return roles((await call(b, `/api/events/${id}?withacl=true`)).body.acl as Ev[]);
    },
    expected: ['read:ROLE_A', 'write:ROLE_A'],
    wrong: ['read:ROLE_A'],
  },
  {
    mutant: 'metadata-get-deleted-cached',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      await call(b, `/api/events/${id}/metadata`);
      await call(b, `/api/events/${id}`, { method: 'DELETE' });
      return (await call(b, `/api/events/${id}/metadata`)).status;
    },
    expected: 404,
    wrong: 200,
  },
];

const MORE: Case[] = [
  {
    mutant: 'create-acl-deny-dropped',
    run: async (b) => roles(await aclOf(b, await mk(b, { title: 'A' }, { acl: [READ_A, { allow: false, action: 'write', role: 'ROLE_A' }] }))),
    expected: ['read:ROLE_A', 'write:ROLE_A'],
    wrong: ['read:ROLE_A'],
  },
  {
    mutant: 'rrule-end-optional',
    run: async (b) => (await schedule(b, 'R', { agent_id: 'ag', start: H('10:00'), duration: 3_600_000, rrule: 'FREQ=DAILY;COUNT=2' })).status,
    expected: 400,
    wrong: 200,
  },
];

const CASES: Case[] = [...LIST, ...PAGING, ...VERSIONS, ...EVENTS, ...SCHEDULING, ...ACL, ...METADATA, ...PUBLICATIONS, ...SHAPE, ...MORE];

describeDeviations('mutants of spec sections, across every family', Object.keys(SECTION_RULE_MUTANTS), CASES, 35);
