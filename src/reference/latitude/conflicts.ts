import type { App } from '../app.js';
import type { ConflictRules } from '../conflicts.js';

/**
 * Latitude choices of the conflict check (spec § Errors: "409 | Scheduling conflict on creation, update or
 * scheduling update. The body is an array of conflict entries (start, end, title)."): whether recordings that only
 * touch conflict, and whether the body lists every conflict or the first one found.
 */
export function conflictRules(app: App): ConflictRules {
  return { touching: app.lat('conflict-touching') === 'conflict', firstOnly: app.lat('conflict-list') === 'first' };
}
