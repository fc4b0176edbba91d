import type { EventSpec } from '../../core/event-form.js';
import { createdVars, createEvent, waitVisible } from '../create.js';
import { needing, schedulingNeeds, type Action, type ActionDef } from './types.js';
import { LIST_ACTIONS } from './list.js';
import { EVENTS_ACTIONS } from './events.js';
import { ACL_ACTIONS } from './acl.js';
import { METADATA_ACTIONS } from './metadata.js';
import { PUBLICATIONS_ACTIONS } from './publications.js';
import { SCHEDULING_ACTIONS } from './scheduling.js';
import { AUTH_ACTIONS } from './auth.js';
import { SORT_ACTIONS } from './sort.js';
import { EVENT_START_ACTIONS } from './event-start.js';
import { UPDATE_WITH_MEDIA_ACTIONS } from './update-with-media.js';
import { START_AND_SINGLES_ACTIONS } from './start-and-singles.js';
import { DELETE_WHILE_PROCESSING_ACTIONS } from './delete-while-processing.js';
import { VERSIONS_ACTIONS } from './versions.js';
import { ACL_WHILE_PROCESSING_ACTIONS } from './acl-while-processing.js';

export type { Action, ActionDef, ActionOutcome } from './types.js';

/** spec § POST /api/events: create one event (or several with rrule) with the standard multipart body. */
const createEventAction: Action = async (env, params) => {
  const { scheduling, acl, media, ...fields } = params;
  const spec: EventSpec = {
    fields: fields as EventSpec['fields'],
    ...(scheduling ? { scheduling: scheduling as Record<string, unknown> } : {}),
    ...(acl ? { acl: acl as EventSpec['acl'] } : {}),
    ...(media ? { media: true } : {}),
  };
  const out = await createEvent(env, spec);
  // Later steps write to the event: wait until it is readable (ARCHITECTURE.md, principle 7), as for given events.
  await Promise.all(out.identifiers.map((id) => waitVisible(env, id, spec)));
  return { exchanges: [out.exchange], value: { body: out.body, ...createdVars(env, out) } };
};

const CREATE_EVENT: ActionDef = {
  name: 'create-event',
  doc: 'POST /api/events with the standard multipart body built from `with` (fields, scheduling, acl, media).',
  // With `scheduling` it schedules on the scenario's agent.
  run: needing(schedulingNeeds, createEventAction),
};

function byName(defs: readonly ActionDef[]): ReadonlyMap<string, ActionDef> {
  const out = new Map<string, ActionDef>();
  for (const d of defs) {
    if (out.has(d.name)) throw new Error(`action "${d.name}" is declared twice`);
    out.set(d.name, d);
  }
  return out;
}

/**
 * Every action a scenario step may name (`action:`), by name: the one place actions are declared. The scenario
 * loader validates step names against its keys.
 */
export const ACTIONS: ReadonlyMap<string, ActionDef> = byName([
  CREATE_EVENT,
  ...LIST_ACTIONS, ...EVENTS_ACTIONS, ...ACL_ACTIONS, ...METADATA_ACTIONS, ...PUBLICATIONS_ACTIONS, ...SCHEDULING_ACTIONS,
  ...AUTH_ACTIONS, ...SORT_ACTIONS, ...EVENT_START_ACTIONS,
  ...UPDATE_WITH_MEDIA_ACTIONS,
  ...START_AND_SINGLES_ACTIONS,
  ...DELETE_WHILE_PROCESSING_ACTIONS,
  ...VERSIONS_ACTIONS,
  ...ACL_WHILE_PROCESSING_ACTIONS,
]);

/** The implementation of the action `name` (a name the loader accepted). */
export function actionNamed(name: string): Action {
  const def = ACTIONS.get(name);
  if (!def) throw new Error(`unknown action "${name}"`);
  return def.run;
}
