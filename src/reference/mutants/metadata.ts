import { family } from './types.js';

/** Mutants of the metadata endpoints (spec § Metadata): GET/PUT/DELETE /api/events/{id}/metadata[?type=]. */
export const METADATA_MUTANTS = family({
  'metadata-get-status-201': { rule: 'metadata.get.status', description: 'GET /metadata (all catalogs) answers 201 instead of 200.' },
  'metadata-catalog-title-key': {
    rule: 'metadata.get.schema',
    description: 'Catalogs name themselves with the member title instead of label.',
  },
  'metadata-no-episode': {
    rule: 'metadata.get.episode',
    description: 'GET /metadata lists only the extra catalogs, without dublincore/episode.',
  },
  'metadata-unknown-200': { rule: 'metadata.get.404', description: 'GET /metadata of an unknown event answers 200 with [].' },
  'metadata-type-status-201': { rule: 'metadata.get-type.status', description: 'GET /metadata?type= answers 201 instead of 200.' },
  'metadata-type-whole-catalog': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type= answers the whole catalog object {label, flavor, fields} instead of its fields.',
  },
  'metadata-type-stale': {
    rule: 'metadata.get-type.values',
    description: 'GET /metadata?type= serves the fields cached at its first read of the event, never refreshed.',
  },
  'metadata-type-unknown-200': { rule: 'metadata.get-type.404', description: 'GET /metadata?type= of an unknown event answers 200 with [].' },
  'metadata-put-status-200': { rule: 'metadata.put.204', description: 'PUT /metadata answers 200 instead of 204.' },
  'metadata-put-ignores-values': { rule: 'metadata.put.applies', description: 'PUT /metadata answers 204 but changes nothing.' },
  'metadata-put-clears-unsent': {
    rule: 'metadata.put.unsent-unchanged',
    description: 'PUT /metadata rebuilds the catalog from the sent fields only: fields not sent are emptied.',
  },
  'metadata-put-bad-json-204': {
    rule: 'metadata.put.400',
    description: 'PUT /metadata treats a metadata parameter that is not JSON as an empty list and answers 204.',
  },
  'metadata-put-unknown-204': { rule: 'metadata.put.404', description: 'PUT /metadata of an unknown event answers 204.' },
  'metadata-delete-episode-allowed': {
    rule: 'metadata.delete.403',
    description: 'DELETE /metadata?type=dublincore/episode empties the episode catalog and answers 204.',
  },
  'metadata-delete-status-200': { rule: 'metadata.delete.204', description: 'DELETE /metadata?type= answers 200 instead of 204.' },
  'metadata-delete-keeps': { rule: 'metadata.delete.removes', description: 'DELETE /metadata?type= answers 204 but keeps the catalog.' },
  'metadata-delete-unknown-204': { rule: 'metadata.delete.404', description: 'DELETE /metadata?type= of an unknown event answers 204.' },
});
