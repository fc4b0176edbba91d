/** Names of the actions of the publications family (implemented in src/engine/actions/publications.ts). */
export const ACTIONS_PUBLICATIONS: readonly string[] = [
  /**
   * Polls the publication list and publication_status of event `id` until a publication shows, within
   * --processing-timeout; value {published, reason?, publication, listed} (hand it to the published-* checks).
   */
  'await-media-published',
  /**
   * Waits for event `id` to be published, DELETEs it, then polls GET until 404 within max(--settle-ms,
   * --processing-timeout); value {published, reason?, deleteStatus, gone, waitedMs, publicationsLeft, identifier, skip}.
   * With `create: <title>` instead of `id`, it first creates that event with media (a step `versions:` range limits
   * the versions where that is done; when the create fails, `skip` says why).
   */
  'delete-published',
];
