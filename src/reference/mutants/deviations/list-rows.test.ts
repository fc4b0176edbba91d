import { LIST_ROW_MUTANTS } from '../list-rows.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { VIDEO } from '../../testkit.js';
import { acl, aclText, get, mk, published, rows, titles, type Ev } from './http.js';

/** List rows that do not match their events: each mutant against a clean server (see deviation-cases.ts). */

const CASES: DeviationCase[] = [
  {
    mutant: 'list-row-publications-from-previous-row',
    opts: { processingDelayMs: 20 },
    run: async (b) => {
      const a = await mk(b, { title: 'A' }, { files: [VIDEO] });
      const bare = await mk(b, { title: 'B' });
      await published(b, a);
      const listed = (await rows(b, '?sort=title:ASC&withpublications=true')).map((r) => (r.publications as Ev[]).length);
      return [listed, ((await get(b, bare, '?withpublications=true')).publications as Ev[]).length];
    },
    expected: [[1, 0], 0],
    wrong: [[1, 1], 0],
  },
  {
    mutant: 'list-row-extra-catalog-from-previous-row',
    run: async (b) => {
      await mk(b, { title: 'A' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }] });
      await mk(b, { title: 'B' });
      return (await rows(b, '?sort=title:ASC&withmetadata=true')).map((r) => (r.metadata as Ev[]).map((c) => c.flavor).sort());
    },
    expected: [['dublincore/episode', 'license/episode'], ['dublincore/episode']],
    wrong: [['dublincore/episode', 'license/episode'], ['dublincore/episode', 'license/episode']],
  },
  {
    mutant: 'list-row-acl-deny-shown-allow',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [{ allow: false, action: 'read', role: 'ROLE_X' }, { allow: true, action: 'write', role: 'ROLE_ADMIN' }] });
      return [aclText((await rows(b, '?withacl=true'))[0].acl), aclText((await get(b, id, '?withacl=true')).acl), await acl(b, id)];
    },
    expected: [['false:read:ROLE_X', 'true:write:ROLE_ADMIN'], ['false:read:ROLE_X', 'true:write:ROLE_ADMIN'], ['false:read:ROLE_X', 'true:write:ROLE_ADMIN']],
    wrong: [['true:read:ROLE_X', 'true:write:ROLE_ADMIN'], ['false:read:ROLE_X', 'true:write:ROLE_ADMIN'], ['false:read:ROLE_X', 'true:write:ROLE_ADMIN']],
  },
  {
    mutant: 'list-page-ties-reversed-after-first',
    run: async (b) => {
      for (let i = 0; i < 4; i++) await mk(b, { title: 'T' });
      await mk(b, { title: 'U' });
      const page = async (offset: number) => (await rows(b, `?sort=title:ASC&limit=2&offset=${offset}`, '1.6.0')).map((r) => r.identifier as string);
      const ids = [...(await page(0)), ...(await page(2))];
      return [ids.length, new Set(ids).size, (await page(4)).length];
    },
    expected: [4, 4, 1],
    wrong: [4, 2, 1],
  },
  {
    mutant: 'sort-presenter-row-per-presenter',
    run: async (b) => {
      await mk(b, { title: 'A', creator: ['Bob', 'Zed'] });
      await mk(b, { title: 'B', creator: ['Carl'] });
      return [await titles(b, '?sort=presenter:ASC'), await titles(b, '?sort=presenter:DESC')];
    },
    expected: [['A', 'B'], ['B', 'A']],
    wrong: [['A', 'B', 'A'], ['A', 'B', 'A']],
  },
  {
    mutant: 'sort-series-name-collapses-series',
    run: async (b) => {
      await mk(b, { title: 'A', isPartOf: 'series-1' });
      await mk(b, { title: 'B', isPartOf: 'series-1' });
      await mk(b, { title: 'C' });
      // Which of A and B survives depends on how ties are broken (identifiers are random): count rows instead.
      return [(await titles(b, '?sort=series_name:ASC')).length, (await titles(b, '?sort=title:ASC'))];
    },
    expected: [3, ['A', 'B', 'C']],
    wrong: [2, ['A', 'B', 'C']],
  },
  {
    mutant: 'list-withacl-row-per-read-entry',
    run: async (b) => {
      await mk(b, { title: 'A' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_A' }, { allow: true, action: 'read', role: 'ROLE_B' }, { allow: true, action: 'write', role: 'ROLE_ADMIN' }] });
      await mk(b, { title: 'B' }, { acl: [{ allow: true, action: 'read', role: 'ROLE_A' }, { allow: true, action: 'write', role: 'ROLE_ADMIN' }] });
      return [await titles(b, '?sort=title:ASC&withacl=true'), await titles(b, '?sort=title:ASC')];
    },
    expected: [['A', 'B'], ['A', 'B']],
    wrong: [['A', 'A', 'B'], ['A', 'B']],
  },
  {
    mutant: 'list-row-title-from-state-group-head',
    // Both events still processing while the lists are read: one state group, whatever the machine's speed.
    opts: { processingDelayMs: 60_000 },
    run: async (b) => {
      await mk(b, { title: 'A' });
      await mk(b, { title: 'B' });
      const states = (await rows(b, '?sort=title:ASC')).map((r) => r.processing_state);
      // Both events in one state: one group. Ties in the state fall in any order: count the distinct titles.
      return [states[0] === states[1], new Set(await titles(b, '?sort=workflow_state:ASC')).size, await titles(b, '?sort=title:ASC')];
    },
    expected: [true, 2, ['A', 'B']],
    wrong: [true, 1, ['A', 'B']],
  },
];

describeFamilyDeviations('planted bugs of list rows', LIST_ROW_MUTANTS, CASES);
