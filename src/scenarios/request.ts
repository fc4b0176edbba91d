import type { RequestTemplate } from '../model/index.js';
import type { HttpClient, RequestSpec } from '../http/index.js';
import { interpolate } from './vars.js';
import type { VersionEnv } from '../core/version-env.js';

/** Resolves a scenario's request template into a request and the client (identity) that sends it. */
export function buildRequest(t: RequestTemplate, vars: Record<string, unknown>, env: VersionEnv): { spec: RequestSpec; client: HttpClient } | { skip: string } {
  const r = interpolate(t, vars);
  // A placeholder that resolved to "" would send another resource's path (`/api/events//acl`, `/api/events/` = the
  // list): that is no evidence about the rule, so the step is skipped with the reason. (An event a create action
  // did not make is no longer "" but Unavailable, src/scenarios/create.ts createdVars; this stays for any other value.)
  if (emptySegment(r.path) && !emptySegment(t.path)) return { skip: `the request path ${r.path} has an empty identifier: an event an earlier step of this scenario needed was not created` };
  const spec: RequestSpec = { method: r.method, path: r.path };
  if (r.query) spec.query = r.query;
  if (r.form) spec.form = r.form;
  if (r.headers) spec.headers = r.headers;
  if (r.multipart) spec.multipart = Object.entries(r.multipart).map(([name, value]) => ({ name, value }));
  const as = r.as ?? 'admin';
  if (as === 'user') {
    if (!env.clients.user) return { skip: 'no non-administrative credentials given (--user-auth)' };
    return { spec, client: env.clients.user };
  }
  return { spec, client: as === 'none' ? env.clients.none : env.clients.admin };
}

/** A path with an empty segment ("//") or a trailing "/" after the first segment. */
function emptySegment(path: string): boolean {
  const p = path.split('?')[0];
  return p.includes('//') || (p.length > 1 && p.endsWith('/'));
}
