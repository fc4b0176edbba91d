/** The name of the action that deletes an event while its processing runs (implemented in src/engine/actions/delete-while-processing.ts). */
export const ACTIONS_DELETE_WHILE_PROCESSING: readonly string[] = [
  /**
   * Creates two events with media at once (`title`, and a witness), DELETEs the first right after its 201 (while its
   * processing most likely runs), waits until it reads 404, then until the witness's processing is over (about when
   * the deleted event's would have ended). Value {id, witness, deleteStatus, witnessState}; Unavailable (a skip) when
   * the server refused a create or the DELETE, or the event never read 404 within --settle-ms (spec § DELETE
   * /api/events/{event_id}: "Deletes the event.").
   */
  'delete-while-processing',
];
