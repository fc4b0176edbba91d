import type { MultipartPart } from '../../http/index.js';
import { mediaPart } from '../../core/media.js';
import type { Action, ActionDef } from './types.js';

/** The action update-with-media. */

/**
 * update-with-media {id}: POST /api/events/{id} with a media track and processing instructions (spec § POST
 * /api/events/{event_id}: "The multipart parts are the same as for creation"), so a server that processes uploaded
 * media processes the event again. Whether it accepts a track on update is the server's; the value says what it
 * answered ({status}), and what is read afterwards must hold either way.
 */
const updateWithMedia: Action = async (env, params) => {
  if (typeof params.id !== 'string') throw new Error('action parameter "id" must be a string');
  const parts: MultipartPart[] = [
    { name: 'processing', value: JSON.stringify({ workflow: env.config.workflow, configuration: {} }) },
    mediaPart(env.caps?.media ?? undefined),
  ];
  const ex = await env.clients.admin.send({ method: 'POST', path: `/api/events/${encodeURIComponent(params.id)}`, multipart: parts });
  return { exchanges: [ex], value: { status: ex.response?.status ?? null } };
};

/** The action update-with-media. */
export const UPDATE_WITH_MEDIA_ACTIONS: readonly ActionDef[] = [
  {
    name: 'update-with-media',
    doc: 'POST /api/events/{id} carrying a media track (the shipped file, in the part the probe found the server to take) and the processing part of a create: spec § POST /api/events/{event_id}, "The multipart parts are the same as for creation (acl, metadata, presenter, presentation, audio, processing …)". Value {status}.',
    run: updateWithMedia,
  },
];
