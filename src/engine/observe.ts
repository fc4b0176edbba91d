import type { CheckContext } from '../checks/types.js';
import type { ScenarioEnv } from './env.js';

/**
 * Observers record behaviour the spec leaves "not shown" (design §1.2): information, never a failure.
 * Each returns the value seen, or undefined when there is nothing to say.
 */
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
  /** spec § DELETE: 202 or 204 (which one a server chooses for an unpublished event). */
  'delete-status': (ctx) => (ctx.exchange?.response ? String(ctx.exchange.response.status) : undefined),
};


export const OBSERVER_TOPICS = Object.keys(OBSERVERS);

export function recordObservations(topics: string[], ctx: CheckContext, env: ScenarioEnv): void {
  for (const topic of topics) {
    const value = OBSERVERS[topic]?.(ctx);
    const ex = ctx.exchange;
    if (value !== undefined) {
      env.observe({ topic, apiVersion: env.version, value, ...(ex ? { context: `${ex.request.method} ${new URL(ex.request.url).pathname}` } : {}) });
    }
  }
}
