import { FormData } from 'undici';
import { PARTIAL_WRITE_MUTANTS } from '../partial-writes.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { call, catalogs as catalogsPart, form } from '../../testkit.js';
import { catalog, catalogs, EPISODE, get, H, mk, putMetadata } from './http.js';

/** Partial writes: each mutant against a clean server (see deviation-cases.ts). */

async function update(base: string, id: string, parts: Record<string, string>): Promise<number> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(parts)) fd.append(k, v);
  return (await call(base, `/api/events/${id}`, { method: 'POST', body: fd })).status;
}

const CASES: DeviationCase[] = [
  {
    mutant: 'update-scheduling-duration-without-start-ignored',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: { agent_id: 'ag', start: H('10:00'), end: H('11:00') } });
      const status = await update(b, id, { scheduling: JSON.stringify({ duration: 7_200_000 }) });
      const s = (await call(b, `/api/events/${id}/scheduling`)).body;
      return [status, s.start, s.end];
    },
    expected: [204, H('10:00'), H('12:00')],
    wrong: [204, H('10:00'), H('11:00')],
  },
  {
    mutant: 'update-acl-part-drops-extra-catalogs',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }] });
      const status = await update(b, id, { acl: JSON.stringify([{ allow: true, action: 'read', role: 'ROLE_B' }, { allow: true, action: 'write', role: 'ROLE_ADMIN' }]) });
      return [status, Object.keys(await catalogs(b, id)).sort()];
    },
    expected: [204, ['dublincore/episode', 'license/episode']],
    wrong: [204, ['dublincore/episode']],
  },
  {
    mutant: 'update-metadata-unsent-start-reset',
    run: async (b) => {
      const id = await mk(b, { title: 'A', startDate: '2031-02-03', startTime: '10:00:00Z' });
      const status = await update(b, id, { metadata: catalogsPart({ title: 'B' }) });
      const c = await catalog(b, id, EPISODE);
      return [status, c.title, c.startDate === '2031-02-03', (await get(b, id, '', '1.6.0')).start === '2031-02-03T10:00:00Z'];
    },
    expected: [204, 'B', true, true],
    wrong: [204, 'B', false, false],
  },
  {
    mutant: 'metadata-put-empty-list-kept',
    run: async (b) => {
      const id = await mk(b, { title: 'A', subjects: ['x', 'y'], description: 'd' });
      const status = await putMetadata(b, id, EPISODE, [{ id: 'subjects', value: [] }, { id: 'description', value: '' }]);
      const e = await get(b, id);
      return [status, e.subjects, e.description];
    },
    expected: [204, [], ''],
    wrong: [204, ['x', 'y'], ''],
  },
  {
    mutant: 'scheduling-put-end-only-moves-start',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { scheduling: { agent_id: 'ag', start: H('10:00'), end: H('11:00') } });
      const put = async (s: Record<string, string>) => (await call(b, `/api/events/${id}/scheduling`, { method: 'PUT', body: form({ scheduling: JSON.stringify({ agent_id: 'ag', ...s }) }) })).status;
      const status = await put({ end: H('11:30') });
      const s = (await call(b, `/api/events/${id}/scheduling`)).body;
      return [status, s.start, s.end];
    },
    expected: [204, H('10:00'), H('11:30')],
    wrong: [204, H('10:30'), H('11:30')],
  },
];

describeFamilyDeviations('planted bugs of partial writes', PARTIAL_WRITE_MUTANTS, CASES);
