import { API_VERSIONS, compareVersions, DEFAULT_API_VERSION, type ApiVersion, type Exchange } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';

/**
 * Version discovery (addendum specs/events-api-1.7-1.11.md § GET /api/version and GET /api/version/default, § Version
 * information objects): what the server lists, read once before the run from GET /api/version (asked with Accept:
 * application/json, "not versioned"), falling back to GET /api/version/default for the default alone.
 */
export interface Discovery {
  /** The versions listed that evconf knows, in numeric order; undefined when the server lists none (no endpoint). */
  listed?: ApiVersion[];
  /** Every listed entry as the server wrote it ("v1.0.0", ...). */
  raw?: string[];
  /** The default (server version) the server names, as written ("v1.11.0"). */
  default?: string;
}

const versionOf = (s: string) => s.trim().replace(/^v/i, '');

/** The discovery a GET /api/version (and, when it has no list, a GET /api/version/default) exchange shows. */
export function readDiscovery(list: Exchange, def?: Exchange): Discovery {
  const out: Discovery = {};
  const body = list.response?.status === 200 ? parseJsonBody(list) : undefined;
  const value = (body?.ok ? body.value : null) as { versions?: unknown; default?: unknown } | null;
  if (value && Array.isArray(value.versions) && value.versions.length > 0) {
    out.raw = value.versions.map(String);
    const named = new Set(out.raw.map(versionOf));
    out.listed = API_VERSIONS.filter((v) => named.has(v));
  }
  if (value && typeof value.default === 'string') out.default = value.default;
  if (out.default === undefined && def?.response?.status === 200) {
    const d = parseJsonBody(def);
    const dv = (d.ok ? d.value : null) as { default?: unknown } | null;
    if (dv && typeof dv.default === 'string') out.default = dv.default;
  }
  // A server that names only its default (no list): the addendum's versions are listed "from v1.0.0, no gaps", so
  // the default names them all.
  if (out.listed === undefined && out.default !== undefined) {
    const i = (API_VERSIONS as readonly string[]).indexOf(versionOf(out.default));
    if (i >= 0) out.listed = API_VERSIONS.slice(0, i + 1);
  }
  return out;
}

/**
 * The versions a run checks, from --api-version and what the server lists: no --api-version → the versions the server
 * lists (evconf's DEFAULT_API_VERSION, 1.6.0, where it lists none); `all` → every version the server lists, the others
 * "not offered" (every version evconf knows where it lists none); a given list → exactly that.
 */
export function resolveVersions(choice: 'default' | 'all' | undefined, given: readonly ApiVersion[], d: Discovery): { apiVersions: ApiVersion[]; notOffered: { apiVersion: ApiVersion; reason: string }[] } {
  if (choice === undefined) return { apiVersions: [...given], notOffered: [] };
  const listed = d.listed && d.listed.length > 0 ? d.listed : undefined;
  if (!listed) return { apiVersions: choice === 'all' ? [...API_VERSIONS] : [DEFAULT_API_VERSION], notOffered: [] };
  if (choice === 'default') return { apiVersions: [...listed], notOffered: [] };
  const shown = (d.raw ?? []).join(', ');
  return {
    apiVersions: [...listed],
    notOffered: API_VERSIONS.filter((v) => !listed.includes(v)).map((apiVersion) => ({ apiVersion, reason: `the server does not list v${apiVersion} (GET /api/version: ${shown || `default ${d.default ?? '?'}`})` })),
  };
}

/**
 * The server version a discovery shows (addendum § Versions covered: "Server version: the newest version a server
 * supports, which is also its default"): the highest version GET /api/version lists (numeric order), else the
 * default it names; 'unknown-newer' when that is newer than every version evconf knows; undefined when the server
 * names none. What the server-release rules (specs/rules.yaml serverSince/serverUntil) are judged by.
 */
export function serverVersionOf(d: Discovery): ApiVersion | 'unknown-newer' | undefined {
  const named = [...(d.raw ?? []), ...(d.default !== undefined ? [d.default] : [])].map(versionOf).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  if (named.length === 0) return undefined;
  const newest = named.reduce((a, b) => (compareVersions(a, b) >= 0 ? a : b));
  if ((API_VERSIONS as readonly string[]).includes(newest)) return newest as ApiVersion;
  return compareVersions(newest, API_VERSIONS[API_VERSIONS.length - 1]) > 0 ? 'unknown-newer' : undefined;
}
