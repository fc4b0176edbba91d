/** Names of the actions of the addendum's endpoints (implemented in src/engine/actions/versions.ts). */
export const ACTIONS_VERSIONS: readonly string[] = [
  /**
   * GET /api/version with Accept: application/json; value {path, defaultPath, listed, default}, or below
   * `requiredFrom` an Unavailable "not offered" when the server answers 404.
   */
  'read-versions',
  /**
   * GET /api/events/{id}/media (read again after processing when empty); value {path}, or below `requiredFrom` an
   * Unavailable "not offered" when the server answers 404 for the existing event `id`.
   */
  'read-media',
];
