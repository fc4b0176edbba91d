import type { ApiVersion } from '../../../model/version.js';
import type { RefUser } from '../../index.js';
import { describeDeviations, type DeviationCase } from '../deviation-cases.js';
import { READ_BACK_MUTANTS } from '../index.js';
import { call, createId, form, sleep, type Fields } from '../../testkit.js';

/**
 * Each mutant of what is read back after writes (READ_BACK_MUTANTS in ../index.ts) deviates from the spec where
 * the correct reference server does not: the same HTTP exchange runs against a clean server, which must give
 * `expected` (what the spec asks for), and against the mutant, which must give `wrong`.
 */

type Case = DeviationCase;
type Ev = Record<string, unknown>;
type Auth = [string, string];
const enc = encodeURIComponent;

const USERS: RefUser[] = [
  { name: 'admin', password: 'pw', roles: ['ROLE_ADMIN'] },
  { name: 'alice', password: 'pw', roles: ['ROLE_A'] },
  { name: 'bob', password: 'pw', roles: ['ROLE_X', 'ROLE_B'] },
];
const as = (name: string): Auth => [name, 'pw'];
const ADMIN = as('admin');
const READ_A = { allow: true, action: 'read', role: 'ROLE_A' };
const WRITE_A = { allow: true, action: 'write', role: 'ROLE_A' };
const EXTRA = [{ flavor: 'license/episode', fields: { license: 'CC0' } }];

function mk(base: string, fields: Fields, more: { extra?: { flavor: string; fields: Fields }[]; acl?: unknown[]; auth?: Auth } = {}): Promise<string> {
  return createId(base, { fields, ...more });
}

async function list(base: string, query: string, version?: ApiVersion, auth?: Auth): Promise<Ev[] | number> {
  const r = await call(base, `/api/events${query}`, { version, auth });
  return r.status === 200 ? (r.body as Ev[]) : r.status;
}

async function titles(base: string, query: string, version?: ApiVersion, auth?: Auth): Promise<unknown> {
  const l = await list(base, query, version, auth);
  return typeof l === 'number' ? l : l.map((e) => e.title);
}

async function aclOf(base: string, id: string): Promise<string[]> {
  return ((await call(base, `/api/events/${id}/acl`)).body as Ev[]).map((e) => `${e.action}:${e.role}`);
}

async function putAcl(base: string, id: string, acl: unknown[], auth?: Auth): Promise<number> {
  return (await call(base, `/api/events/${id}/acl`, { method: 'PUT', body: form({ acl: JSON.stringify(acl) }), auth })).status;
}

async function addAce(base: string, id: string, action: string, role: string): Promise<number> {
  return (await call(base, `/api/events/${id}/acl/${enc(action)}`, { method: 'POST', body: form({ role }) })).status;
}

async function putMeta(base: string, id: string, type: string, fields: { id: string; value: unknown }[], auth?: Auth): Promise<number> {
  const body = form({ metadata: JSON.stringify(fields) });
  return (await call(base, `/api/events/${id}/metadata?type=${enc(type)}`, { method: 'PUT', body, auth })).status;
}

async function metaFields(base: string, id: string, type: string): Promise<Record<string, unknown>> {
  const r = await call(base, `/api/events/${id}/metadata?type=${enc(type)}`);
  return Object.fromEntries((r.body as Ev[]).map((f) => [f.id, f.value]));
}

async function catalogsOf(base: string, id: string, version?: ApiVersion): Promise<Ev[]> {
  return (await call(base, `/api/events/${id}/metadata`, { version })).body as Ev[];
}

async function repeat<T>(n: number, fn: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}

const latin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

const LIST: Case[] = [
  {
    mutant: 'filter-and-third-dropped',
    run: async (b) => {
      await mk(b, { title: 'A', location: 'R1', language: 'de', source: 's1' });
      await mk(b, { title: 'B', location: 'R1', language: 'de', source: 's2' });
      return titles(b, '?filter=location:R1,language:de,source:s1');
    },
    expected: ['A'],
    wrong: ['A', 'B'],
  },
  {
    mutant: 'filter-textfilter-ascii-fold',
    run: async (b) => {
      await mk(b, { title: 'Über Alles' });
      await mk(b, { title: 'Other' });
      return titles(b, `?filter=${enc('textFilter:Über')}`);
    },
    expected: ['Über Alles'],
    wrong: [],
  },
  {
    mutant: 'filter-series-rejected-new',
    run: async (b) => {
      await mk(b, { title: 'A', isPartOf: 'S1' });
      await mk(b, { title: 'B' });
      return [await titles(b, '?filter=series:S1', '1.0.0'), await titles(b, '?filter=series:S1', '1.6.0')];
    },
    expected: [['A'], ['A']],
    wrong: [['A'], 400],
  },
  {
    mutant: 'sort-cache-ignores-direction',
    run: async (b) => {
      for (const t of ['B', 'A', 'C']) await mk(b, { title: t });
      // Their processing (20 ms, then publication) writes: let it end first, so the pair meets no write.
      await sleep(300);
      // A write landing between the two reads (e.g. a processing step on a busy machine) empties the cache: the
      // pair is asked again (a few times) until two reads in a row met no write; the clean server answers alike.
      let pair: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        pair = [await titles(b, '?sort=title:ASC'), await titles(b, '?sort=title:DESC')];
        if (JSON.stringify(pair[0]) === JSON.stringify(pair[1])) break;
        await sleep(50);
      }
      return pair;
    },
    expected: [['A', 'B', 'C'], ['C', 'B', 'A']],
    wrong: [['A', 'B', 'C'], ['A', 'B', 'C']],
  },
  {
    mutant: 'sort-first-direction-for-all',
    run: async (b) => {
      await mk(b, { title: 'T', location: 'L2' });
      await mk(b, { title: 'T', location: 'L1' });
      await mk(b, { title: 'U', location: 'L0' });
      const l = await list(b, '?sort=title:DESC,location:ASC');
      return typeof l === 'number' ? l : l.map((e) => e.location);
    },
    expected: ['L0', 'L1', 'L2'],
    wrong: ['L0', 'L2', 'L1'],
  },
  {
    mutant: 'sort-desc-later-pages-ascending',
    run: async (b) => {
      for (const t of ['A', 'B', 'C', 'D']) await mk(b, { title: t });
      return [await titles(b, '?sort=title:DESC&limit=2&offset=0'), await titles(b, '?sort=title:DESC&limit=2&offset=2')];
    },
    expected: [['D', 'C'], ['B', 'A']],
    wrong: [['D', 'C'], ['C', 'D']],
  },
  {
    mutant: 'limit-int32-wrap',
    run: async (b) => {
      for (const t of ['A', 'B', 'C']) await mk(b, { title: t });
      return [await titles(b, '?limit=2'), await titles(b, '?limit=4294967297')];
    },
    expected: [['A', 'B'], ['A', 'B', 'C']],
    wrong: [['A', 'B'], ['A']],
  },
  {
    mutant: 'offset-counts-unreadable',
    opts: { users: USERS },
    run: async (b) => {
      for (const t of ['E1', 'H1', 'E2', 'H2', 'E3']) await mk(b, { title: t }, { acl: t.startsWith('E') ? [READ_A] : [], auth: ADMIN });
      return [await titles(b, '?limit=2&offset=0', '1.6.0', as('alice')), await titles(b, '?limit=2&offset=2', '1.6.0', as('alice'))];
    },
    expected: [['E1', 'E2'], ['E3']],
    wrong: [['E1', 'E2'], ['E2', 'E3']],
  },
  {
    mutant: 'auth-list-stale-acl',
    opts: { users: USERS },
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [READ_A], auth: ADMIN });
      await putAcl(b, id, [], ADMIN);
      return repeat(6, () => titles(b, '', undefined, as('alice')));
    },
    expected: [[], [], [], [], [], []],
    wrong: [[], [], ['E'], ['E'], [], []],
  },
];

const VERSIONS: Case[] = [
  {
    mutant: 'list-unset-strings-null',
    run: async (b) => {
      await mk(b, { title: 'A', language: 'de' });
      const l = (await list(b, '', '1.2.0')) as Ev[];
      return [l[0].language, l[0].license, l[0].source];
    },
    expected: ['de', '', ''],
    wrong: ['de', null, null],
  },
  {
    mutant: 'oldest-list-no-has-previews',
    run: async (b) => {
      await mk(b, { title: 'A' });
      return [typeof ((await list(b, '', '1.0.0')) as Ev[])[0].has_previews, typeof ((await list(b, '', '1.1.0')) as Ev[])[0].has_previews];
    },
    expected: ['boolean', 'boolean'],
    wrong: ['undefined', 'boolean'],
  },
  {
    mutant: 'get-1.1.0-no-status-series',
    run: async (b) => {
      const id = await mk(b, { title: 'A', isPartOf: 'S1' });
      const o = (await call(b, `/api/events/${id}`, { version: '1.1.0' })).body as Ev;
      return ['status' in o, 'series' in o];
    },
    expected: [true, true],
    wrong: [false, false],
  },
];

const ACL: Case[] = [
  {
    mutant: 'acl-put-empty-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A] });
      return [await putAcl(b, id, []), await aclOf(b, id)];
    },
    expected: [204, []],
    wrong: [204, ['read:ROLE_A']],
  },
  {
    mutant: 'acl-add-onto-created',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A] });
      await putAcl(b, id, [{ allow: true, action: 'write', role: 'ROLE_B' }]);
      await addAce(b, id, 'read', 'ROLE_C');
      return aclOf(b, id);
    },
    expected: ['write:ROLE_B', 'read:ROLE_C'],
    wrong: ['read:ROLE_A', 'read:ROLE_C'],
  },
  {
    mutant: 'acl-add-role-latin1',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      await addAce(b, id, 'read', 'ROLE_GRÜN');
      return aclOf(b, id);
    },
    expected: ['read:ROLE_GRÜN'],
    wrong: [`read:${latin1('ROLE_GRÜN')}`],
  },
  {
    mutant: 'acl-remove-raw-role',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A, { allow: true, action: 'read', role: 'ROLE_GRÜN' }] });
      const status = (await call(b, `/api/events/${id}/acl/read/${enc('ROLE_GRÜN')}`, { method: 'DELETE' })).status;
      return [status, await aclOf(b, id)];
    },
    expected: [204, ['read:ROLE_A']],
    wrong: [204, ['read:ROLE_A', 'read:ROLE_GRÜN']],
  },
  {
    mutant: 'acl-read-stale-third',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [READ_A] });
      await addAce(b, id, 'write', 'ROLE_A');
      return repeat(4, async () => (await aclOf(b, id)).length);
    },
    expected: [2, 2, 2, 2],
    wrong: [2, 2, 1, 2],
  },
  {
    mutant: 'auth-second-role-ignored',
    opts: { users: USERS },
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_B' }], auth: ADMIN });
      return [await titles(b, '', undefined, as('bob')), (await call(b, `/api/events/${id}`, { auth: as('bob') })).status];
    },
    expected: [['E'], 200],
    wrong: [['E'], 404],
  },
  {
    mutant: 'auth-write-cached-after-revoke',
    opts: { users: USERS },
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [READ_A, WRITE_A], auth: ADMIN });
      const first = await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'X' }], as('alice'));
      const revoke = (await call(b, `/api/events/${id}/acl/write/ROLE_A`, { method: 'DELETE', auth: ADMIN })).status;
      const second = await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'Y' }], as('alice'));
      return [first, revoke, second];
    },
    expected: [204, 204, 403],
    wrong: [204, 204, 204],
  },
  {
    mutant: 'auth-metadata-get-unchecked',
    opts: { users: USERS },
    run: async (b) => {
      const id = await mk(b, { title: 'E' }, { acl: [], auth: ADMIN });
      const r = await call(b, `/api/events/${id}/metadata`, { auth: as('alice') });
      const t = await call(b, `/api/events/${id}/metadata?type=${enc('dublincore/episode')}`, { auth: as('alice') });
      return [r.status, t.status];
    },
    expected: [404, 404],
    wrong: [200, 200],
  },
];

const METADATA: Case[] = [
  {
    mutant: 'metadata-all-stale',
    run: async (b) => {
      const id = await mk(b, { title: 'T0' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T1' }]);
      return repeat(6, async () => ((await catalogsOf(b, id))[0].fields as Ev[]).find((f) => f.id === 'title')?.value);
    },
    expected: ['T1', 'T1', 'T1', 'T1', 'T1', 'T1'],
    wrong: ['T0', 'T1', 'T1', 'T1', 'T1', 'T0'],
  },
  {
    mutant: 'metadata-type-cache-by-flavor',
    run: async (b) => {
      const a = await mk(b, { title: 'A' }, { extra: EXTRA });
      const c = await mk(b, { title: 'B' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC-BY' } }] });
      return [(await metaFields(b, a, 'license/episode')).license, (await metaFields(b, c, 'license/episode')).license];
    },
    expected: ['CC0', 'CC-BY'],
    wrong: ['CC0', 'CC0'],
  },
  {
    mutant: 'metadata-put-last-field-dropped',
    run: async (b) => {
      const id = await mk(b, { title: 'T', description: 'D' });
      await putMeta(b, id, 'dublincore/episode', [{ id: 'title', value: 'T2' }, { id: 'description', value: 'D2' }]);
      const f = await metaFields(b, id, 'dublincore/episode');
      return [f.title, f.description];
    },
    expected: ['T2', 'D2'],
    wrong: ['T2', 'D'],
  },
  {
    mutant: 'metadata-delete-first-extra',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: [...EXTRA, { flavor: 'custom/notes', fields: { note: 'n' } }] });
      const status = (await call(b, `/api/events/${id}/metadata?type=${enc('custom/notes')}`, { method: 'DELETE' })).status;
      return [status, (await catalogsOf(b, id)).map((c) => c.flavor)];
    },
    expected: [204, ['dublincore/episode', 'license/episode']],
    wrong: [204, ['dublincore/episode', 'custom/notes']],
  },
  {
    mutant: 'metadata-extra-no-label',
    run: async (b) => (await catalogsOf(b, await mk(b, { title: 'A' }, { extra: EXTRA }))).map((c) => typeof c.label),
    expected: ['string', 'string'],
    wrong: ['string', 'undefined'],
  },
  {
    mutant: 'metadata-put-extra-second-clears',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: [{ flavor: 'custom/notes', fields: { a: '1', b: '2' } }] });
      await putMeta(b, id, 'custom/notes', [{ id: 'a', value: 'x' }]);
      const once = await metaFields(b, id, 'custom/notes');
      await putMeta(b, id, 'custom/notes', [{ id: 'a', value: 'y' }]);
      return [once, await metaFields(b, id, 'custom/notes')];
    },
    expected: [{ a: 'x', b: '2' }, { a: 'y', b: '2' }],
    wrong: [{ a: 'x', b: '2' }, { a: 'y' }],
  },
  {
    mutant: 'oldest-metadata-no-readonly',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const all = (v: ApiVersion) => catalogsOf(b, id, v).then((c) => (c[0].fields as Ev[]).every((f) => typeof f.readOnly === 'boolean'));
      return [await all('1.0.0'), await all('1.1.0')];
    },
    expected: [true, true],
    wrong: [false, true],
  },
];

const CASES: Case[] = [...LIST, ...VERSIONS, ...ACL, ...METADATA];

describeDeviations('mutants of what is read back after writes', Object.keys(READ_BACK_MUTANTS), CASES, 25);
