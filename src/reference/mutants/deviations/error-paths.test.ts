import { ERROR_PATH_MUTANTS } from '../error-paths.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { call } from '../../testkit.js';
import { mk } from './http.js';

/** Error paths that a flag changes: each mutant against a clean server (see deviation-cases.ts). */

const UNKNOWN = 'no-such-event-4f1c';

const CASES: DeviationCase[] = [
  {
    mutant: 'get-unknown-withacl-200',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const status = async (path: string) => (await call(b, path)).status;
      return [await status(`/api/events/${UNKNOWN}?withacl=true`), await status(`/api/events/${UNKNOWN}`), await status(`/api/events/${UNKNOWN}?withmetadata=true`), await status(`/api/events/${id}?withacl=true`)];
    },
    expected: [404, 404, 404, 200],
    wrong: [200, 404, 404, 200],
  },
  {
    mutant: 'publications-unknown-event-signed-200',
    run: async (b) => {
      const id = await mk(b, { title: 'A' });
      const status = async (path: string) => (await call(b, path)).status;
      return [await status(`/api/events/${UNKNOWN}/publications?sign=true`), await status(`/api/events/${UNKNOWN}/publications`), await status(`/api/events/${id}/publications?sign=true`)];
    },
    expected: [404, 404, 200],
    wrong: [200, 404, 200],
  },
];

describeFamilyDeviations('planted bugs of error paths that a flag changes', ERROR_PATH_MUTANTS, CASES);
