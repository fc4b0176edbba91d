import { expect } from 'vitest';
import { FormData } from 'undici';
import type { ApiVersion } from '../../../model/version.js';
import type { RefUser } from '../../index.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { call, catalogs, createId, form, sleep, until, VIDEO, type Fields } from '../../testkit.js';
import { LATE_MS } from '../mutant-state.js';
import { SPEC_ACL_MUTANTS } from '../acl.js';
import { SPEC_EVENT_MUTANTS } from '../events.js';
import { SPEC_FILTER_MUTANTS } from '../list-filter.js';
import { SPEC_PAGING_MUTANTS } from '../list-paging.js';
import { SPEC_METADATA_MUTANTS } from '../metadata.js';
import { SPEC_PUBLICATION_MUTANTS } from '../publications.js';
import { SPEC_SCHEDULING_MUTANTS } from '../scheduling.js';
import { SPEC_SORT_MUTANTS } from '../sort.js';

/**
 * Each mutant of the SPEC_* groups (written from the spec alone) deviates from the spec where the correct
 * reference server does not: the same HTTP exchange runs against a clean server, which must give `expected` (what
 * the spec asks for), and against the mutant, which must not (and gives `wrong`). This proves each planted bug is
 * real, independently of evconf's checks.
 */

type Case = DeviationCase;

type Ev = Record<string, unknown>;
const enc = encodeURIComponent;

async function mk(base: string, fields: Fields, more: { scheduling?: Ev; extra?: { flavor: string; fields: Fields }[]; acl?: unknown[]; files?: (typeof VIDEO)[] } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

/** Titles of GET /api/events<query>, or the status when it is not 200. */
async function titles(base: string, query: string, version?: ApiVersion): Promise<unknown> {
  const r = await call(base, `/api/events${query}`, { version });
  return r.status === 200 ? (r.body as Ev[]).map((e) => e.title) : r.status;
}

async function update(base: string, id: string, fields: Fields): Promise<number> {
  const fd = new FormData();
  fd.append('metadata', catalogs(fields));
  return (await call(base, `/api/events/${id}`, { method: 'POST', body: fd })).status;
}

async function putMeta(base: string, id: string, type: string, fields: { id: string; value: unknown }[]): Promise<number> {
  const body = form({ metadata: JSON.stringify(fields) });
  return (await call(base, `/api/events/${id}/metadata?type=${enc(type)}`, { method: 'PUT', body })).status;
}

async function metaValue(base: string, id: string, type: string, field: string): Promise<unknown> {
  const r = await call(base, `/api/events/${id}/metadata?type=${enc(type)}`);
  return (r.body as Ev[]).find((f) => f.id === field)?.value;
}

async function acl(base: string, id: string): Promise<unknown> {
  return (await call(base, `/api/events/${id}/acl`)).body;
}

async function addAce(base: string, id: string, action: string, role: string): Promise<number> {
  return (await call(base, `/api/events/${id}/acl/${action}`, { method: 'POST', body: form({ role }) })).status;
}

async function putSchedule(base: string, id: string, scheduling: Ev, extra: Record<string, string> = {}, version?: ApiVersion): Promise<number> {
  return (await call(base, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify(scheduling), ...extra }), version })).status;
}

async function published(base: string, id: string): Promise<void> {
  await until(async () => ((await call(base, `/api/events/${id}`)).body as Ev).processing_state === 'SUCCEEDED');
}

const sched = (agent: string, start: string, end: string) => ({ agent_id: agent, start, end });
const H = (h: string) => `2030-01-01T${h}:00:00Z`;
const EXTRA = [{ flavor: 'license/episode', fields: { license: 'CC0' } }];
const RUNNING = { processingDelayMs: 60_000 };
const USERS: RefUser[] = [
  { name: 'admin', password: 'pw', roles: ['ROLE_ADMIN'] },
  { name: 'alice', password: 'pw', roles: ['ROLE_A'] },
  { name: 'bob', password: 'pw', roles: ['ROLE_B'] },
];
const as = (name: string): [string, string] => [name, 'pw'];
const NAMES_OLD = ['presenters', 'contributors', 'start_time'];
const NAMES_NEW = ['presenter', 'contributor', 'start'];
const has = (o: Ev, keys: string[]) => keys.filter((k) => k in o);

const SORT: Case[] = [
  {
    mutant: 'sort-title-by-series-title',
    run: async (b) => {
      for (const [title, isPartOf] of [['A', 'S3'], ['B', 'S1'], ['C', 'S2']]) await mk(b, { title, isPartOf });
      return titles(b, '?sort=title:ASC');
    },
    expected: ['A', 'B', 'C'],
    wrong: ['B', 'C', 'A'],
  },
  {
    mutant: 'sort-presenter-by-contributor',
    run: async (b) => {
      await mk(b, { title: 'A', creator: ['Ann'], contributor: ['Zed'] });
      await mk(b, { title: 'B', creator: ['Bob'], contributor: ['Amy'] });
      return titles(b, '?sort=presenter:ASC');
    },
    expected: ['A', 'B'],
    wrong: ['B', 'A'],
  },
  {
    mutant: 'sort-start-date-by-created',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-01-02', startTime: '10:00:00Z' });
      await mk(b, { title: 'B', startDate: '2030-01-01', startTime: '10:00:00Z' });
      return titles(b, '?sort=start_date:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-end-date-by-start',
    run: async (b) => {
      await mk(b, { title: 'A', startDate: '2030-01-01', startTime: '10:00:00Z', duration: '05:00:00' });
      await mk(b, { title: 'B', startDate: '2030-01-01', startTime: '11:00:00Z', duration: '01:00:00' });
      return titles(b, '?sort=end_date:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-workflow-state-by-title',
    opts: RUNNING,
    run: async (b) => {
      await mk(b, { title: 'A' }); // RUNNING
      await mk(b, { title: 'B' }, { scheduling: sched('agent-1', H('10'), H('11')) }); // INSTANTIATED
      return titles(b, '?sort=workflow_state:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-series-name-by-title',
    run: async (b) => {
      await mk(b, { title: 'A', isPartOf: 'S2' });
      await mk(b, { title: 'B', isPartOf: 'S1' });
      return titles(b, '?sort=series_name:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-location-by-agent',
    run: async (b) => {
      await mk(b, { title: 'A', location: 'Alpha' }, { scheduling: sched('z-agent', H('10'), H('11')) });
      await mk(b, { title: 'B', location: 'Beta' }, { scheduling: sched('a-agent', H('10'), H('11')) });
      return titles(b, '?sort=location:ASC');
    },
    expected: ['A', 'B'],
    wrong: ['B', 'A'],
  },
  {
    mutant: 'sort-last-criterion-only',
    run: async (b) => {
      await mk(b, { title: 'B', location: 'L1' });
      await mk(b, { title: 'A', location: 'L2' });
      return titles(b, '?sort=location:ASC,title:ASC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-first-criterion-only',
    run: async (b) => {
      await mk(b, { title: 'B', location: 'L' });
      await mk(b, { title: 'A', location: 'L' });
      return titles(b, '?sort=location:ASC,title:ASC');
    },
    expected: ['A', 'B'],
    wrong: ['B', 'A'],
  },
  {
    mutant: 'sort-later-desc-ignored',
    run: async (b) => {
      await mk(b, { title: 'A', location: 'L' });
      await mk(b, { title: 'B', location: 'L' });
      return titles(b, '?sort=location:ASC,title:DESC');
    },
    expected: ['B', 'A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'sort-flaky',
    run: async (b) => {
      for (const title of ['C', 'A', 'B']) await mk(b, { title });
      return [await titles(b, '?sort=title:ASC'), await titles(b, '?sort=title:ASC')];
    },
    expected: [['A', 'B', 'C'], ['A', 'B', 'C']],
    wrong: [['A', 'B', 'C'], ['C', 'A', 'B']],
  },
  {
    mutant: 'sort-title-stale-after-update',
    run: async (b) => {
      const a = await mk(b, { title: 'A' });
      await mk(b, { title: 'B' });
      await update(b, a, { title: 'C' });
      return titles(b, '?sort=title:ASC');
    },
    expected: ['B', 'C'],
    wrong: ['C', 'B'],
  },
];

const FILTER: Case[] = [
  {
    mutant: 'filter-license-as-rightsholder',
    run: async (b) => {
      await mk(b, { title: 'E1', license: 'CC-BY', rightsHolder: 'X' });
      await mk(b, { title: 'E2', license: 'ALL', rightsHolder: 'CC-BY' });
      return titles(b, '?filter=license:CC-BY');
    },
    expected: ['E1'],
    wrong: ['E2'],
  },
  {
    mutant: 'filter-rightsholder-as-license',
    run: async (b) => {
      await mk(b, { title: 'E1', license: 'CC-BY', rightsHolder: 'X' });
      await mk(b, { title: 'E2', license: 'ALL', rightsHolder: 'CC-BY' });
      return titles(b, '?filter=rightsholder:CC-BY');
    },
    expected: ['E2'],
    wrong: ['E1'],
  },
  {
    mutant: 'filter-description-as-title',
    run: async (b) => {
      await mk(b, { title: 'foo', description: 'bar' });
      await mk(b, { title: 'bar' });
      return titles(b, '?filter=description:bar');
    },
    expected: ['foo'],
    wrong: ['bar'],
  },
  {
    mutant: 'filter-agent-id-as-location',
    run: async (b) => {
      await mk(b, { title: 'E1', location: 'Hall' }, { scheduling: sched('room-a', H('10'), H('11')) });
      await mk(b, { title: 'E2', location: 'room-a' });
      return titles(b, '?filter=agent_id:room-a');
    },
    expected: ['E1'],
    wrong: ['E2'],
  },
  {
    mutant: 'filter-technical-start-as-start',
    run: async (b) => {
      await mk(b, { title: 'E1', startDate: '2031-05-05' }, { scheduling: sched('a', H('10'), H('11')) });
      return titles(b, `?filter=technical_start:${H('00')}/2030-01-02T00:00:00Z`);
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-contributors-as-presenters',
    run: async (b) => {
      await mk(b, { title: 'E1', contributor: ['Ann'] });
      await mk(b, { title: 'E2', creator: ['Ann'] });
      return titles(b, '?filter=contributors:Ann');
    },
    expected: ['E1'],
    wrong: ['E2'],
  },
  {
    mutant: 'filter-series-name-as-identifier',
    run: async (b) => {
      await mk(b, { title: 'E1', isPartOf: 'S1' });
      return titles(b, `?filter=series_name:${enc('Series S1')}`);
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-source-any-field',
    run: async (b) => {
      await mk(b, { title: 'Src', source: 'tape' });
      await mk(b, { title: 'tape' });
      return titles(b, '?filter=source:tape');
    },
    expected: ['Src'],
    wrong: ['Src', 'tape'],
  },
  {
    mutant: 'filter-created-as-start',
    run: async (b) => {
      const id = await mk(b, { title: 'E1', startDate: '2030-01-01' });
      const created = ((await call(b, `/api/events/${id}`)).body as Ev).created as string;
      return titles(b, `?filter=created:${enc(created)}`);
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-status-as-processing-state',
    opts: RUNNING,
    run: async (b) => {
      const id = await mk(b, { title: 'E1' });
      const status = ((await call(b, `/api/events/${id}`)).body as Ev).status as string;
      return titles(b, `?filter=status:${enc(status)}`);
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-start-open-ended',
    run: async (b) => {
      await mk(b, { title: 'E1', startDate: '2030-01-01', startTime: '10:00:00Z' });
      await mk(b, { title: 'E2', startDate: '2030-06-01', startTime: '10:00:00Z' });
      return titles(b, '?filter=start:2029-12-31T00:00:00Z/2030-01-02T00:00:00Z');
    },
    expected: ['E1'],
    wrong: ['E1', 'E2'],
  },
  {
    mutant: 'filter-is-part-of-by-name',
    run: async (b) => {
      await mk(b, { title: 'E1', isPartOf: 'S1' });
      return titles(b, '?filter=is_part_of:S1');
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-series-by-name',
    run: async (b) => {
      await mk(b, { title: 'E1', isPartOf: 'S1' });
      return titles(b, '?filter=series:S1', '1.0.0');
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-language-empty-matches',
    run: async (b) => {
      await mk(b, { title: 'E1', language: 'de' });
      await mk(b, { title: 'E2' });
      return titles(b, '?filter=language:de');
    },
    expected: ['E1'],
    wrong: ['E1', 'E2'],
  },
  {
    mutant: 'filter-location-latin1',
    run: async (b) => {
      await mk(b, { title: 'E1', location: 'Zürich' });
      await mk(b, { title: 'E2', location: 'Zurich' });
      return titles(b, `?filter=location:${enc('Zürich')}`);
    },
    expected: ['E1'],
    wrong: [],
  },
  {
    mutant: 'filter-textfilter-title-only',
    run: async (b) => {
      await mk(b, { title: 'T1', location: 'Obscura' });
      return titles(b, '?filter=textFilter:obscura');
    },
    expected: ['T1'],
    wrong: [],
  },
  {
    mutant: 'filter-title-stale-after-update',
    run: async (b) => {
      const id = await mk(b, { title: 'Old' });
      await update(b, id, { title: 'New' });
      return titles(b, '?filter=title:New');
    },
    expected: ['New'],
    wrong: [],
  },
  {
    mutant: 'filter-identifier-last-only',
    run: async (b) => {
      const one = await mk(b, { title: 'E1' });
      const two = await mk(b, { title: 'E2' });
      return titles(b, `?filter=identifier:${one},identifier:${two}`);
    },
    expected: ['E1', 'E2'],
    wrong: ['E2'],
  },
  {
    mutant: 'filter-or-late',
    run: async (b) => {
      await mk(b, { title: 'A' });
      await mk(b, { title: 'B' });
      return titles(b, '?filter=title:A,title:B', '1.5.0');
    },
    expected: ['A', 'B'],
    wrong: [],
  },
  {
    mutant: 'filter-flaky',
    run: async (b) => {
      await mk(b, { title: 'X', location: 'LX' });
      await mk(b, { title: 'Y', location: 'LY' });
      return [await titles(b, '?filter=location:LX'), await titles(b, '?filter=location:LX')];
    },
    expected: [['X'], ['X']],
    wrong: [['X'], ['X', 'Y']],
  },
];

const PAGING: Case[] = [
  {
    mutant: 'offset-page-from-one',
    run: async (b) => {
      for (const title of ['A', 'B', 'C']) await mk(b, { title });
      return titles(b, '?sort=title:ASC&limit=1&offset=1', '1.0.0');
    },
    expected: ['B'],
    wrong: ['A'],
  },
  {
    mutant: 'offset-index-from-one',
    run: async (b) => {
      for (const title of ['A', 'B', 'C']) await mk(b, { title });
      return titles(b, '?sort=title:ASC&limit=1&offset=1');
    },
    expected: ['B'],
    wrong: ['A'],
  },
  {
    mutant: 'limit-ignored-with-offset',
    run: async (b) => {
      for (const title of ['A', 'B', 'C']) await mk(b, { title });
      return titles(b, '?sort=title:ASC&limit=1&offset=1');
    },
    expected: ['B'],
    wrong: ['B', 'C'],
  },
  {
    mutant: 'limit-one-unlimited',
    run: async (b) => {
      for (const title of ['A', 'B', 'C']) await mk(b, { title });
      return titles(b, '?sort=title:ASC&limit=1');
    },
    expected: ['A'],
    wrong: ['A', 'B', 'C'],
  },
];

const EVENTS: Case[] = [
  {
    mutant: 'get-both-names-oldest',
    run: async (b) => has((await call(b, `/api/events/${await mk(b, { title: 'E' })}`, { version: '1.0.0' })).body as Ev, NAMES_NEW),
    expected: [],
    wrong: NAMES_NEW,
  },
  {
    mutant: 'list-both-names-oldest',
    run: async (b) => {
      await mk(b, { title: 'E' });
      return has(((await call(b, '/api/events', { version: '1.0.0' })).body as Ev[])[0], NAMES_NEW);
    },
    expected: [],
    wrong: NAMES_NEW,
  },
  {
    mutant: 'get-both-names-current',
    run: async (b) => has((await call(b, `/api/events/${await mk(b, { title: 'E' })}`)).body as Ev, NAMES_OLD),
    expected: [],
    wrong: NAMES_OLD,
  },
  {
    mutant: 'list-both-names-current',
    run: async (b) => {
      await mk(b, { title: 'E' });
      return has(((await call(b, '/api/events', { version: '1.1.0' })).body as Ev[])[0], NAMES_OLD);
    },
    expected: [],
    wrong: NAMES_OLD,
  },
  {
    mutant: 'start-bibliographic-late',
    run: async (b) => {
      const id = await mk(b, { title: 'E', startDate: '2031-05-05' }, { scheduling: sched('a', H('10'), H('11')) });
      return ((await call(b, `/api/events/${id}`, { version: '1.4.0' })).body as Ev).start;
    },
    expected: '2031-05-05T10:00:00Z',
    wrong: H('10'),
  },
  {
    mutant: 'start-bibliographic-early',
    run: async (b) => {
      const id = await mk(b, { title: 'E', startDate: '2031-05-05' }, { scheduling: sched('a', H('10'), H('11')) });
      return ((await call(b, `/api/events/${id}`, { version: '1.3.0' })).body as Ev).start;
    },
    expected: H('10'),
    wrong: '2031-05-05T10:00:00Z',
  },
  {
    mutant: 'delete-202-early',
    run: async (b) => {
      const id = await mk(b, { title: 'E' });
      return [(await call(b, `/api/events/${id}`, { method: 'DELETE', version: '1.5.0' })).status, (await call(b, `/api/events/${id}`)).status];
    },
    expected: [204, 404],
    wrong: [202, 404],
  },
  {
    mutant: 'update-reverts-earlier',
    run: async (b) => {
      const id = await mk(b, { title: 'T', description: 'D' });
      await update(b, id, { title: 'T2' });
      await update(b, id, { description: 'D2' });
      const e = (await call(b, `/api/events/${id}`)).body as Ev;
      return [e.title, e.description];
    },
    expected: ['T2', 'D2'],
    wrong: ['T', 'D2'],
  },
  {
    mutant: 'update-drops-other-catalogs',
    run: async (b) => {
      const id = await mk(b, { title: 'T' }, { extra: EXTRA });
      await update(b, id, { title: 'T2' });
      return ((await call(b, `/api/events/${id}/metadata`)).body as Ev[]).map((c) => c.flavor);
    },
    expected: ['dublincore/episode', 'license/episode'],
    wrong: ['dublincore/episode'],
  },
  {
    mutant: 'update-latin1',
    run: async (b) => {
      const id = await mk(b, { title: 'T' });
      await update(b, id, { title: 'Zürich' });
      return ((await call(b, `/api/events/${id}`)).body as Ev).title;
    },
    expected: 'Zürich',
    wrong: 'ZÃ¼rich',
  },
  {
    mutant: 'create-location-previous',
    run: async (b) => {
      const out: boolean[] = [];
      for (const title of ['A', 'B']) {
        const r = await call(b, '/api/events', { method: 'POST', body: (() => { const fd = new FormData(); fd.append('metadata', catalogs({ title })); return fd; })() });
        out.push(r.headers.get('location') === `${b}/api/events/${r.body.identifier}`);
      }
      return out;
    },
    expected: [true, true],
    wrong: [true, false],
  },
  {
    mutant: 'list-withacl-first-event',
    run: async (b) => {
      await mk(b, { title: 'E1' }, { acl: [{ action: 'read', role: 'A' }] });
      await mk(b, { title: 'E2' }, { acl: [{ action: 'read', role: 'B' }] });
      const list = (await call(b, '/api/events?withacl=true&sort=title:ASC')).body as Ev[];
      return list.map((e) => (e.acl as Ev[]).map((x) => x.role));
    },
    expected: [['A'], ['B']],
    wrong: [['A'], ['A']],
  },
  {
    mutant: 'get-withmetadata-stale',
    run: async (b) => {
      const id = await mk(b, { title: 'T' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T2' }]);
      const cats = ((await call(b, `/api/events/${id}?withmetadata=true`)).body as Ev).metadata as Ev[];
      const episode = cats.find((c) => c.flavor === 'dublincore/episode')!.fields as Ev[];
      return episode.find((f) => f.id === 'title')?.value;
    },
    expected: 'T2',
    wrong: 'T',
  },
  {
    mutant: 'delete-list-stale',
    opts: RUNNING, // no processing write between the two lists
    run: async (b) => {
      const one = await mk(b, { title: 'E1' });
      await mk(b, { title: 'E2' });
      await titles(b, '?sort=title:ASC');
      await call(b, `/api/events/${one}`, { method: 'DELETE' });
      return [await titles(b, '?sort=title:ASC'), (await call(b, `/api/events/${one}`)).status];
    },
    expected: [['E2'], 404],
    wrong: [['E1', 'E2'], 404],
  },
  {
    mutant: 'get-id-prefix',
    run: async (b) => (await call(b, `/api/events/${(await mk(b, { title: 'E' })).slice(0, 8)}`)).status,
    expected: 404,
    wrong: 200,
  },
  {
    mutant: 'publication-status-empty',
    run: async (b) => {
      const id = await mk(b, { title: 'P' }, { files: [VIDEO] });
      await published(b, id);
      return [((await call(b, `/api/events/${id}`)).body as Ev).publication_status, ((await call(b, '/api/events')).body as Ev[])[0].publication_status];
    },
    expected: [['engage-player', 'internal'], ['engage-player', 'internal']],
    wrong: [[], []],
  },
];

const ACL: Case[] = [
  {
    mutant: 'acl-third-add-lost',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [] });
      for (const role of ['R1', 'R2', 'R3']) await addAce(b, id, 'read', role);
      return ((await acl(b, id)) as Ev[]).map((e) => e.role);
    },
    expected: ['R1', 'R2', 'R3'],
    wrong: ['R1', 'R2'],
  },
  {
    mutant: 'acl-added-not-removable',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [{ action: 'read', role: 'R' }] });
      await addAce(b, id, 'write', 'W');
      return (await call(b, `/api/events/${id}/acl/write/W`, { method: 'DELETE' })).status;
    },
    expected: 204,
    wrong: 404,
  },
  {
    mutant: 'acl-add-replaces-role',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [{ action: 'read', role: 'R' }] });
      await addAce(b, id, 'write', 'R');
      return ((await acl(b, id)) as Ev[]).map((e) => `${e.action}/${e.role}`);
    },
    expected: ['read/R', 'write/R'],
    wrong: ['write/R'],
  },
  {
    mutant: 'acl-remove-whole-role',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [{ action: 'read', role: 'R' }, { action: 'write', role: 'R' }] });
      await call(b, `/api/events/${id}/acl/read/R`, { method: 'DELETE' });
      return ((await acl(b, id)) as Ev[]).map((e) => `${e.action}/${e.role}`);
    },
    expected: ['write/R'],
    wrong: [],
  },
  {
    mutant: 'acl-put-deny-as-allow',
    run: async (b) => {
      const id = await mk(b, { title: 'E' });
      await call(b, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: JSON.stringify([{ allow: false, action: 'write', role: 'R' }]) }) });
      return acl(b, id);
    },
    expected: [{ allow: false, action: 'write', role: 'R' }],
    wrong: [{ allow: true, action: 'write', role: 'R' }],
  },
  {
    mutant: 'acl-put-truncated-10',
    run: async (b) => {
      const id = await mk(b, { title: 'E' });
      const entries = Array.from({ length: 12 }, (_, i) => ({ allow: true, action: 'read', role: `R${i}` }));
      await call(b, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: JSON.stringify(entries) }) });
      return ((await acl(b, id)) as Ev[]).length;
    },
    expected: 12,
    wrong: 10,
  },
  {
    mutant: 'acl-read-flaky',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [{ action: 'read', role: 'A' }] });
      await call(b, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: JSON.stringify([{ action: 'read', role: 'B' }]) }) });
      return [await acl(b, id), await acl(b, id)].map((l) => (l as Ev[]).map((e) => e.role));
    },
    expected: [['B'], ['B']],
    wrong: [['B'], ['A']],
  },
  {
    mutant: 'auth-deny-grants-read',
    opts: { users: USERS },
    run: async (b) => {
      const id = await createId(b, { fields: { title: 'E' }, acl: [{ allow: false, action: 'read', role: 'ROLE_A' }], auth: as('admin') });
      return (await call(b, `/api/events/${id}`, { auth: as('alice') })).status;
    },
    expected: 404,
    wrong: 200,
  },
  {
    mutant: 'auth-list-cache-shared',
    opts: { users: USERS, ...RUNNING }, // no processing write between the two lists
    run: async (b) => {
      await createId(b, { fields: { title: 'E' }, acl: [{ action: 'read', role: 'ROLE_A' }], auth: as('admin') });
      const list = async (who: string) => ((await call(b, '/api/events?sort=title:ASC', { auth: as(who) })).body as Ev[]).map((e) => e.title);
      return [await list('alice'), await list('bob')];
    },
    expected: [['E'], []],
    wrong: [['E'], ['E']],
  },
];

const METADATA: Case[] = [
  {
    mutant: 'metadata-get-type-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { extra: EXTRA });
      return ((await call(b, `/api/events/${id}/metadata?type=license/episode`)).body as Ev[]).map((f) => f.id).includes('title');
    },
    expected: false,
    wrong: true,
  },
  {
    mutant: 'metadata-put-type-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { extra: EXTRA });
      await putMeta(b, id, 'license/episode', [{ id: 'license', value: 'MIT' }]);
      return [await metaValue(b, id, 'license/episode', 'license'), await metaValue(b, id, 'dublincore/episode', 'license')];
    },
    expected: ['MIT', ''],
    wrong: ['CC0', 'MIT'],
  },
  {
    mutant: 'metadata-delete-type-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { extra: EXTRA });
      return (await call(b, `/api/events/${id}/metadata?type=license/episode`, { method: 'DELETE' })).status;
    },
    expected: 204,
    wrong: 403,
  },
  {
    mutant: 'metadata-put-reverts-earlier',
    run: async (b) => {
      const id = await mk(b, { title: 'T', description: 'D' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T2' }]);
      await putMeta(b, id, 'dublincore/episode', [{ id: 'description', value: 'D2' }]);
      return [await metaValue(b, id, 'dublincore/episode', 'title'), await metaValue(b, id, 'dublincore/episode', 'description')];
    },
    expected: ['T2', 'D2'],
    wrong: ['T', 'D2'],
  },
  {
    mutant: 'metadata-read-flaky',
    run: async (b) => {
      const id = await mk(b, { title: 'T' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T2' }]);
      return [await metaValue(b, id, 'dublincore/episode', 'title'), await metaValue(b, id, 'dublincore/episode', 'title')];
    },
    expected: ['T2', 'T2'],
    wrong: ['T2', 'T'],
  },
  {
    mutant: 'metadata-put-latin1',
    run: async (b) => {
      const id = await mk(b, { title: 'T' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'Zürich' }]);
      return metaValue(b, id, 'dublincore/episode', 'title');
    },
    expected: 'Zürich',
    wrong: 'ZÃ¼rich',
  },
  {
    mutant: 'metadata-put-first-field-only',
    run: async (b) => {
      const id = await mk(b, { title: 'T', description: 'D' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T2' }, { id: 'description', value: 'D2' }]);
      return [await metaValue(b, id, 'dublincore/episode', 'title'), await metaValue(b, id, 'dublincore/episode', 'description')];
    },
    expected: ['T2', 'D2'],
    wrong: ['T2', 'D'],
  },
  {
    mutant: 'metadata-put-list-first-value',
    run: async (b) => {
      const id = await mk(b, { title: 'T' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'subjects', value: ['a', 'b'] }]);
      return metaValue(b, id, 'dublincore/episode', 'subjects');
    },
    expected: ['a', 'b'],
    wrong: ['a'],
  },
  {
    mutant: 'metadata-400-lands-late',
    run: async (b) => {
      const id = await mk(b, { title: 'T' });
      const status = await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T2' }, { id: 'no-such-field', value: 'x' }]);
      const now = await metaValue(b, id, 'dublincore/episode', 'title');
      await sleep(LATE_MS + 300);
      return [status, now, await metaValue(b, id, 'dublincore/episode', 'title')];
    },
    expected: [400, 'T', 'T'],
    wrong: [400, 'T', 'T2'],
  },
];

const PUBLICATIONS: Case[] = [
  {
    mutant: 'publications-unpublished-500',
    run: async (b) => {
      const id = await mk(b, { title: 'E' });
      const r = await call(b, `/api/events/${id}/publications`);
      return [r.status, r.body];
    },
    expected: [200, []],
    wrong: [500, expect.anything()],
  },
  {
    mutant: 'publication-by-event-id',
    run: async (b) => {
      const id = await mk(b, { title: 'P' }, { files: [VIDEO] });
      await published(b, id);
      return (await call(b, `/api/events/${id}/publications/${id}`)).status;
    },
    expected: 404,
    wrong: 200,
  },
];

const SCHEDULING: Case[] = [
  {
    mutant: 'create-409-lands-late',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10'), H('11')) });
      const fd = new FormData();
      fd.append('metadata', catalogs({ title: 'B' }));
      fd.append('scheduling', JSON.stringify(sched('ag', '2030-01-01T10:30:00Z', '2030-01-01T11:30:00Z')));
      const status = (await call(b, '/api/events', { method: 'POST', body: fd })).status;
      await sleep(LATE_MS + 300);
      return [status, await titles(b, '?sort=title:ASC')];
    },
    expected: [409, ['A']],
    wrong: [409, ['A', 'B']],
  },
  {
    mutant: 'scheduling-409-lands-late',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10'), H('11')) });
      const id = await mk(b, { title: 'B' }, { scheduling: sched('ag', H('12'), H('13')) });
      const status = await putSchedule(b, id, { start: '2030-01-01T10:30:00Z', end: '2030-01-01T11:30:00Z' });
      await sleep(LATE_MS + 300);
      return [status, ((await call(b, `/api/events/${id}/scheduling`)).body as Ev).start];
    },
    expected: [409, H('12')],
    wrong: [409, '2030-01-01T10:30:00Z'],
  },
  {
    mutant: 'scheduling-put-agent-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: sched('a1', H('10'), H('11')) });
      await putSchedule(b, id, { agent_id: 'a2' });
      return ((await call(b, `/api/events/${id}/scheduling`)).body as Ev).agent_id;
    },
    expected: 'a2',
    wrong: 'a1',
  },
  {
    mutant: 'conflict-next-recording-only',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10'), H('11')) });
      await mk(b, { title: 'A2' }, { scheduling: sched('ag', H('14'), H('15')) });
      const fd = new FormData();
      fd.append('metadata', catalogs({ title: 'C' }));
      fd.append('scheduling', JSON.stringify(sched('ag', '2030-01-01T14:30:00Z', '2030-01-01T15:30:00Z')));
      return (await call(b, '/api/events', { method: 'POST', body: fd })).status;
    },
    expected: 409,
    wrong: 201,
  },
  {
    mutant: 'allow-conflict-late',
    run: async (b) => {
      await mk(b, { title: 'A' }, { scheduling: sched('ag', H('10'), H('11')) });
      const id = await mk(b, { title: 'B' }, { scheduling: sched('ag', H('12'), H('13')) });
      return putSchedule(b, id, { start: '2030-01-01T10:30:00Z', end: '2030-01-01T11:30:00Z' }, { allowConflict: 'true' }, '1.2.0');
    },
    expected: 204,
    wrong: 409,
  },
];

const CASES: Case[] = [...SORT, ...FILTER, ...PAGING, ...EVENTS, ...ACL, ...METADATA, ...PUBLICATIONS, ...SCHEDULING];

const GROUP = Object.keys({
  ...SPEC_SORT_MUTANTS, ...SPEC_FILTER_MUTANTS, ...SPEC_PAGING_MUTANTS, ...SPEC_EVENT_MUTANTS, ...SPEC_ACL_MUTANTS,
  ...SPEC_METADATA_MUTANTS, ...SPEC_PUBLICATION_MUTANTS, ...SPEC_SCHEDULING_MUTANTS,
});

describeDeviations('mutants written from the spec alone (the SPEC_* groups)', GROUP, CASES, 40);
