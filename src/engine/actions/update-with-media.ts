import type { MultipartPart } from '../../http/index.js';
import { mediaPart } from '../../core/media.js';
import type { Action } from './types.js';

/** The action update-with-media (its name is listed in src/scenario/actions/update-with-media.ts). */

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

export const IMPL_UPDATE_WITH_MEDIA: Record<string, Action> = { 'update-with-media': updateWithMedia };
