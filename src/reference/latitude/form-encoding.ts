import type { Ctx } from '../app.js';
import type { Form } from '../form.js';
import { readKnownForm } from './unknown-input.js';
import { HttpError } from '../types.js';

/**
 * Latitude form-encoding (spec § What the service does, Conventions: "The other write operations (PUT, and POST on
 * the ACL action path) send form parameters."): which encoding of form parameters the server reads is not said. With
 * `multipart-only` the PUT and ACL-action endpoints read multipart/form-data only (as the POST endpoints must) and
 * answer 415 to an application/x-www-form-urlencoded body.
 */
export async function readParams(ctx: Ctx): Promise<Form> {
  const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
  if (ctx.app.lat('form-encoding') === 'multipart-only' && type.startsWith('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'form parameters are read from multipart/form-data only');
  }
  return readKnownForm(ctx);
}
