/** The name of the action update-with-media (implemented in src/engine/actions/update-with-media.ts). */
export const ACTIONS_UPDATE_WITH_MEDIA: readonly string[] = [
  /**
   * POST /api/events/{id} carrying a media track (the shipped file, in the part the probe found the server to take)
   * and the processing part of a create: spec § POST /api/events/{event_id}, "The multipart parts are the same as for
   * creation (acl, metadata, presenter, presentation, audio, processing …)". Value {status}.
   */
  'update-with-media',
];
