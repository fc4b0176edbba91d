import type { CheckContext } from '../checks/types.js';
import type { VersionEnv } from '../core/version-env.js';

/**
 * Observers record behaviour the spec leaves "not shown" (ARCHITECTURE.md, principle 2): information, never a failure.
 * Each returns the value seen, or undefined when there is nothing to say.
 */
/** Members of the event object in any version (spec § Event and its oldest variant). */
const EVENT_MEMBERS = new Set([
  'identifier', 'creator', 'presenter', 'created', 'subjects', 'start', 'description', 'title', 'processing_state',
  'duration', 'archive_version', 'contributor', 'has_previews', 'location', 'publication_status', 'language',
  'rightsholder', 'license', 'is_part_of', 'series', 'source', 'status', 'presenters', 'contributors', 'start_time',
]);

const OBSERVERS: Record<string, (ctx: CheckContext) => string | undefined> = {
  /** spec § Errors: "Error response body format and error codes: not shown." */
  'error-body': (ctx) => {
    const r = ctx.exchange?.response;
    if (!r || r.status < 400) return undefined;
    const type = r.headers['content-type'] ?? 'no Content-Type';
    const kind = r.body.length === 0 ? 'empty body' : ctx.body.ok ? 'JSON body' : 'text body';
    return `${r.status}: ${type}, ${kind}`;
  },
  /** spec § Versioning: "How a client selects the version (path, header or parameter): not shown." */
  'content-type': (ctx) => ctx.exchange?.response?.headers['content-type'],
  /** spec § Authentication: "How a caller authenticates (scheme, credentials, headers): not shown." */
  'auth-scheme': (ctx) => {
    const r = ctx.exchange?.response;
    if (!r) return undefined;
    const challenge = r.headers['www-authenticate'];
    return `${r.status}${challenge ? `, WWW-Authenticate: ${challenge}` : ''}${r.headers.location ? `, Location: ${r.headers.location}` : ''}`;
  },
  /** spec § Access control list entry: "Default of allow when omitted: not shown." */
  'allow-default': (ctx) => {
    if (!ctx.body.ok || !Array.isArray(ctx.body.value)) return undefined;
    const allows = [...new Set(ctx.body.value.map((e) => JSON.stringify((e as { allow?: unknown })?.allow ?? 'missing')))];
    return `entries sent without allow read back with allow ${allows.join(', ')}`;
  },
  /** spec § Limits: "a maximum or default value of limit, and a default offset: not shown." */
  'limit-default': (ctx) => (ctx.body.ok && Array.isArray(ctx.body.value) ? `${ctx.body.value.length} events returned without limit/offset` : undefined),
  /** spec § States and transitions: "Transitions: not shown." */
  transitions: (ctx) => {
    const v = ctx.body.ok ? (ctx.body.value as { processing_state?: unknown } | null)?.processing_state : undefined;
    return typeof v === 'string' ? `processing_state ${JSON.stringify(v)}` : undefined;
  },
  /** spec § GET /api/events/{event_id}: "Names of the extra members that the with* flags add ...: not shown." */
  'with-members': (ctx) => {
    const v = ctx.body.ok ? ctx.body.value : undefined;
    const ev = Array.isArray(v) ? v[0] : v;
    if (!ev || typeof ev !== 'object') return undefined;
    const extra = Object.keys(ev).filter((k) => !EVENT_MEMBERS.has(k)).sort();
    return extra.length ? `members beyond the spec's event: ${extra.join(', ')}` : 'no extra members';
  },
  /** spec § Event: "Allowed values of the event field status ...: not shown." */
  'status-values': (ctx) => {
    const v = ctx.body.ok ? ctx.body.value : undefined;
    const list = Array.isArray(v) ? v : [v];
    const seen = [...new Set(list.map((e) => (e as { status?: unknown } | null)?.status).filter((x): x is string => typeof x === 'string'))];
    return seen.length ? `status ${seen.join(', ')}` : undefined;
  },
  /** spec § DELETE: 202 or 204 (which one a server chooses for an unpublished event). */
  'delete-status': (ctx) => (ctx.exchange?.response ? String(ctx.exchange.response.status) : undefined),
};


export const OBSERVER_TOPICS = Object.keys(OBSERVERS);

export function recordObservations(topics: string[], ctx: CheckContext, env: VersionEnv): void {
  for (const topic of topics) {
    const value = OBSERVERS[topic]?.(ctx);
    const ex = ctx.exchange;
    if (value !== undefined) {
      env.observe({ topic, apiVersion: env.version, value, ...(ex ? { context: `${ex.request.method} ${new URL(ex.request.url).pathname}` } : {}) });
    }
  }
}
