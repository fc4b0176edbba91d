import { SECOND_CATALOG_MUTANTS } from '../second-catalog.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { call, catalogs as catalogsPart } from '../../testkit.js';
import { FormData } from 'undici';
import { catalog, catalogs, LICENSE, mk, putMetadata } from './http.js';

/** Writes through a second catalog, read back: each mutant against a clean server (see deviation-cases.ts). */

const CASES: DeviationCase[] = [
  {
    mutant: 'update-extra-catalog-unsent-fields-cleared',
    run: async (b) => {
      const id = await mk(b, { title: 'A', description: 'kept' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0', holder: 'Me' } }] });
      const fd = new FormData();
      fd.append('metadata', catalogsPart({ title: 'B' }, [{ flavor: 'license/episode', fields: { license: 'CC-BY' } }]));
      const status = (await call(b, `/api/events/${id}`, { method: 'POST', body: fd })).status;
      return [status, await catalog(b, id, LICENSE), (await catalogs(b, id))['dublincore/episode'].description];
    },
    expected: [204, { license: 'CC-BY', holder: 'Me' }, 'kept'],
    wrong: [204, { license: 'CC-BY' }, 'kept'],
  },
  {
    mutant: 'extra-catalog-list-value-joined',
    run: async (b) => {
      const id = await mk(b, { title: 'A', subjects: ['x', 'y'] }, { extra: [{ flavor: 'license/episode', fields: { tags: ['a', 'b'] } }] });
      return [(await catalog(b, id, LICENSE)).tags, (await catalogs(b, id))['license/episode'].tags, (await catalog(b, id, 'dublincore%2Fepisode')).subjects];
    },
    expected: [['a', 'b'], ['a', 'b'], ['x', 'y']],
    wrong: ['a,b', ['a', 'b'], ['x', 'y']],
  },
  {
    mutant: 'metadata-catalogs-extra-stale-after-put',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }] });
      const status = await putMetadata(b, id, LICENSE, [{ id: 'license', value: 'CC-BY' }]);
      return [status, (await catalogs(b, id))['license/episode'].license, (await catalog(b, id, LICENSE)).license];
    },
    expected: [204, 'CC-BY', 'CC-BY'],
    wrong: [204, 'CC0', 'CC-BY'],
  },
  {
    mutant: 'metadata-put-second-extra-into-first',
    run: async (b) => {
      const id = await mk(b, { title: 'A' }, { extra: [{ flavor: 'license/episode', fields: { license: 'CC0' } }, { flavor: 'custom/episode', fields: { note: 'a' } }] });
      const status = await putMetadata(b, id, encodeURIComponent('custom/episode'), [{ id: 'note', value: 'b' }]);
      return [status, await catalog(b, id, encodeURIComponent('custom/episode')), await catalog(b, id, LICENSE)];
    },
    expected: [204, { note: 'b' }, { license: 'CC0' }],
    wrong: [204, { note: 'a' }, { license: 'CC0', note: 'b' }],
  },
];

describeFamilyDeviations('planted bugs of second catalogs', SECOND_CATALOG_MUTANTS, CASES);
