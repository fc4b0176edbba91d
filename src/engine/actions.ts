import type { Exchange } from '../model/index.js';
import type { EventSpec } from './event-form.js';
import { createEvent } from './create.js';
import type { ScenarioEnv } from './env.js';

/** What an action did: its exchanges (the last is what checks look at) and a value to check and save. */
export interface ActionOutcome {
  exchanges: Exchange[];
  value: unknown;
}

type Action = (env: ScenarioEnv, params: Record<string, unknown>) => Promise<ActionOutcome>;

/** Implementations of the actions named in src/scenario/actions-catalog.ts. */
export const ACTION_IMPLS: Record<string, Action> = {
  /** spec § POST /api/events: create one event (or several with rrule) with the standard multipart body. */
  async 'create-event'(env, params) {
    const { scheduling, acl, media, ...fields } = params;
    const spec: EventSpec = {
      fields: fields as EventSpec['fields'],
      ...(scheduling ? { scheduling: scheduling as Record<string, unknown> } : {}),
      ...(acl ? { acl: acl as EventSpec['acl'] } : {}),
      ...(media ? { media: true } : {}),
    };
    const out = await createEvent(env, spec);
    return { exchanges: [out.exchange], value: { body: out.body, identifiers: out.identifiers, identifier: out.identifiers[0] ?? '' } };
  },
};
