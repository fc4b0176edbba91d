import { it } from 'vitest';
import { runProfileMutant } from './profile-mutants.js';
const NAMES = ['list-drops-created', 'get-legacy-names', 'list-filter-ignored-subject', 'metadata-put-ignores-values', 'update-conflict-ignored', 'spec-get-both-names-current',
  'spec-metadata-put-first-field-only', 'spec2-create-presenters-first-only', 'spec3b-list-unset-strings-null', 'spec4-scheduled-presenter-null', 'spec4-filter-subject-joined', 'spec3a-update-409-metadata-applied'];
it.concurrent.each(NAMES)('%s', async (n) => {
  const row = await runProfileMutant(n);
  console.log('ROW', JSON.stringify(row));
}, 600_000);
