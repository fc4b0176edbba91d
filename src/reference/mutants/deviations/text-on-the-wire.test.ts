import { TEXT_ON_THE_WIRE_MUTANTS } from '../text-on-the-wire.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { call, form } from '../../testkit.js';
import { acl, catalog, EPISODE, get, mk, putMetadata, titles, type Ev } from './http.js';

/** Text on the wire, wrong in one place only: each mutant against a clean server (see deviation-cases.ts). */

const ADMIN = { allow: true, action: 'write', role: 'ROLE_ADMIN' };
const DECOMPOSED = 'Cafe\u0301 cre\u0300me';

const CASES: DeviationCase[] = [
  {
    mutant: 'acl-add-role-plus-as-space',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [ADMIN, { allow: true, action: 'read', role: 'ROLE_C++' }] });
      // URLSearchParams sends the "+" as %2B: the decoded role is ROLE_A+B.
      const status = (await call(b, `/api/events/${id}/acl/read`, { method: 'POST', body: form({ role: 'ROLE_A+B' }) })).status;
      return [status, await acl(b, id)];
    },
    expected: [204, ['true:read:ROLE_A+B', 'true:read:ROLE_C++', 'true:write:ROLE_ADMIN']],
    wrong: [204, ['true:read:ROLE_A B', 'true:read:ROLE_C++', 'true:write:ROLE_ADMIN']],
  },
  {
    mutant: 'acl-remove-role-decoded-twice',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { acl: [ADMIN, { allow: true, action: 'read', role: 'ROLE_100%41' }, { allow: true, action: 'read', role: 'ROLE_PLAIN' }] });
      const del = async (role: string) => (await call(b, `/api/events/${id}/acl/read/${encodeURIComponent(role)}`, { method: 'DELETE' })).status;
      return [await del('ROLE_100%41'), await del('ROLE_PLAIN'), await acl(b, id)];
    },
    expected: [204, 204, ['true:write:ROLE_ADMIN']],
    wrong: [204, 204, ['true:read:ROLE_100%41', 'true:write:ROLE_ADMIN']],
  },
  {
    mutant: 'filter-title-value-decoded-twice',
    run: async (b) => {
      await mk(b, { title: '50%41 off' });
      await mk(b, { title: '50A off' });
      await mk(b, { title: 'plain' });
      const q = (t: string) => titles(b, `?filter=${encodeURIComponent(`title:${t}`)}`, '1.6.0');
      return [await q('50%41 off'), await q('plain')];
    },
    expected: [['50%41 off'], ['plain']],
    wrong: [['50A off'], ['plain']],
  },
  {
    mutant: 'list-row-title-composed',
    run: async (b) => {
      const id = await mk(b, { title: DECOMPOSED });
      return [await titles(b), (await get(b, id)).title, (await catalog(b, id, EPISODE)).title];
    },
    expected: [[DECOMPOSED], DECOMPOSED, DECOMPOSED],
    wrong: [[DECOMPOSED.normalize('NFC')], DECOMPOSED, DECOMPOSED],
  },
  {
    mutant: 'metadata-put-plus-as-space',
    run: async (b) => {
      const id = await mk(b, { title: 'A+B', subjects: ['x+y'] });
      const created = (await get(b, id)).title;
      const status = await putMetadata(b, id, EPISODE, [{ id: 'title', value: 'C++ basics' }]);
      const e = await get(b, id);
      return [created, status, e.title, e.subjects];
    },
    expected: ['A+B', 204, 'C++ basics', ['x+y']],
    wrong: ['A+B', 204, 'C   basics', ['x+y']],
  },
  {
    mutant: 'get-withmetadata-astral-replaced',
    run: async (b) => {
      const id = await mk(b, { title: 'Notes \u{1D11E} music' });
      const e = await get(b, id, '?withmetadata=true');
      const shown = ((e.metadata as Ev[]).find((c) => c.flavor === 'dublincore/episode')?.fields as Ev[]).find((f) => f.id === 'title')?.value;
      return [shown, e.title, (await catalog(b, id, EPISODE)).title];
    },
    expected: ['Notes \u{1D11E} music', 'Notes \u{1D11E} music', 'Notes \u{1D11E} music'],
    wrong: ['Notes \uFFFD music', 'Notes \u{1D11E} music', 'Notes \u{1D11E} music'],
  },
];

describeFamilyDeviations('planted bugs of text on the wire', TEXT_ON_THE_WIRE_MUTANTS, CASES);
