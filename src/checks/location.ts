import type { CheckDef } from './types.js';
import { isVerdict, responseOrFail } from './evidence.js';

/**
 * spec § POST /api/events: "The Location header holds {base_url}/api/events/<event_id>."
 * Accepts an absolute or relative URL whose path ends with /api/events/<id> (a real server may announce
 * its configured external URL, which can differ from the address evconf used). With `id` empty (the create body
 * named no identifier) only the form /api/events/<one segment> is checked here: that the segment names the event
 * is then shown by a GET of it (suites/events/create.yaml), never by comparing the header with itself.
 */
export const locationCheck: CheckDef = {
  name: 'location',
  doc: 'the Location header points at {base_url}/api/events/<id>, where id is `id`',
  params: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'string' } },
  },
  run(ctx, p) {
    const r = responseOrFail(ctx);
    if (isVerdict(r)) return r;
    const id = p.id as string;
    const want = `/api/events/${id}`;
    const loc = r.headers['location'];
    if (!loc) return { pass: false, message: 'no Location header', expected: `{base_url}${id ? want : '/api/events/<event_id>'}`, actual: null };
    if (!id) {
      let form: string;
      try {
        form = decodeURIComponent(new URL(loc, ctx.baseUrl).pathname);
      } catch {
        return { pass: false, message: `Location "${loc}" is not a URL`, expected: '{base_url}/api/events/<event_id>', actual: loc };
      }
      const ok = /\/api\/events\/[^/]+$/.test(form);
      return {
        pass: ok,
        message: ok
          ? `Location ${loc} has the form {base_url}/api/events/<event_id> (the body named no identifier: that it names the event is checked by reading it)`
          : `Location "${loc}" does not have the form {base_url}/api/events/<event_id>`,
        expected: '{base_url}/api/events/<event_id>',
        actual: loc,
      };
    }
    let path: string;
    try {
      path = new URL(loc, ctx.baseUrl).pathname;
    } catch {
      return { pass: false, message: `Location "${loc}" is not a URL`, expected: `{base_url}${want}`, actual: loc };
    }
    const pass = decodeURIComponent(path).endsWith(want);
    return { pass, message: pass ? `Location ${loc}` : `Location "${loc}" does not end with ${want}`, expected: `{base_url}${want}`, actual: loc };
  },
};
