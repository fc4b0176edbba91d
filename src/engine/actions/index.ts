import type { EventSpec } from '../../core/event-form.js';
import { createdVars, createEvent, waitVisible } from '../create.js';
import { needing, schedulingNeeds, type Action } from './types.js';
import { IMPL_LIST } from './list.js';
import { IMPL_EVENTS } from './events.js';
import { IMPL_ACL } from './acl.js';
import { IMPL_METADATA } from './metadata.js';
import { IMPL_PUBLICATIONS } from './publications.js';
import { IMPL_SCHEDULING } from './scheduling.js';
import { IMPL_AUTH } from './auth.js';
import { IMPL_SORT } from './sort.js';
import { IMPL_EVENT_START } from './event-start.js';
import { IMPL_UPDATE_WITH_MEDIA } from './update-with-media.js';
import { IMPL_START_AND_SINGLES } from './start-and-singles.js';
import { IMPL_DELETE_WHILE_PROCESSING } from './delete-while-processing.js';
import { IMPL_VERSIONS } from './versions.js';
import { IMPL_ACL_WHILE_PROCESSING } from './acl-while-processing.js';

export type { Action, ActionOutcome } from './types.js';

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
  for (const id of out.identifiers) await waitVisible(env, id, spec);
  return { exchanges: [out.exchange], value: { body: out.body, ...createdVars(env, out) } };
};

/** Implementations of every action named in src/scenario/actions-catalog.ts. */
export const ACTION_IMPLS: Record<string, Action> = {
  // With `scheduling` it schedules on the scenario's agent.
  'create-event': needing(schedulingNeeds, createEventAction),
  ...IMPL_LIST, ...IMPL_EVENTS, ...IMPL_ACL, ...IMPL_METADATA, ...IMPL_PUBLICATIONS, ...IMPL_SCHEDULING, ...IMPL_AUTH, ...IMPL_SORT, ...IMPL_EVENT_START,
  ...IMPL_UPDATE_WITH_MEDIA,
  ...IMPL_START_AND_SINGLES,
  ...IMPL_DELETE_WHILE_PROCESSING,
  ...IMPL_VERSIONS,
  ...IMPL_ACL_WHILE_PROCESSING,
};
