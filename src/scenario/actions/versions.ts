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
  /**
   * Waits for event `id`'s processing to end, then finds out whether the server release has POST /track (the server
   * range of rule `rule` in specs/rules.yaml, judged by the server version discovery learns from GET /api/version;
   * a server naming none is asked); value {id, ...} with, for each key of `for` (a rule id), `id` where that rule's
   * server range holds this server, else an Unavailable "not offered"; or the whole value Unavailable "not offered".
   */
  'track-offered',
  /**
   * Reads GET /api/version; value {<key>: "X.Y.Z"} for each key of `for` (a rule id with a server range): a version
   * this server does not list (`send.<key>`, else the one just above its highest), or an Unavailable "not offered"
   * where that rule's server range leaves this server out.
   */
  'unlisted-version',
  /** POST /api/events/{id}/track with `flavor`, `overwriteExisting`, `tags` (each when given) and `files` track parts; value {status}. */
  'post-track',
  /** Creates an event with media and, while it shows an active workflow, sends POST /track; judged (value {id, status}) only where a read proves processing still ran after it (src/engine/while-processing.ts); "not offered" where the server range of rule `rule` does not hold this server. */
  'track-while-processing',
  /**
   * Waits for event `id` to be published and processed; value {id, named, publication}: whether publication_status
   * names "internal", and the id of the internal publication listed at 1.11.0 (or Unavailable).
   */
  'find-internal-publication',
];
