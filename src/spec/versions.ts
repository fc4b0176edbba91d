import { API_VERSIONS, type ApiVersion, isApiVersion } from '../model/version.js';

/** Index of a version in the ordered list of versions the spec describes. */
export function versionIndex(v: ApiVersion): number {
  return API_VERSIONS.indexOf(v);
}

/** Whether `v` lies in the inclusive range [since, until] (until absent = newest). */
export function inRange(v: ApiVersion, since: ApiVersion, until?: ApiVersion): boolean {
  const i = versionIndex(v);
  return i >= versionIndex(since) && (until === undefined || i <= versionIndex(until));
}

/**
 * Parses a version range expression as used in scenario files: "all", "1.2.0",
 * ">=1.1.0", "<1.6.0", "<=1.5.0", ">1.0.0", or several space-separated terms (AND).
 * Returns the versions it selects, or an error message.
 */
export function parseVersionRange(expr: string): ApiVersion[] | { error: string } {
  const terms = expr.trim().split(/\s+/).filter(Boolean);
  if (terms.length === 0 || (terms.length === 1 && terms[0] === 'all')) return [...API_VERSIONS];
  let selected: ApiVersion[] = [...API_VERSIONS];
  for (const term of terms) {
    const m = /^(>=|<=|>|<|=)?(\d+\.\d+\.\d+)$/.exec(term);
    if (!m) return { error: `"${term}" is not a version range term (use e.g. ">=1.1.0", "<1.6.0", "1.2.0" or "all")` };
    const [, op = '=', ver] = m;
    if (!isApiVersion(ver)) return { error: `"${ver}" is not an API version of the spec (${API_VERSIONS.join(', ')})` };
    const k = versionIndex(ver);
    selected = selected.filter((v) => {
      const i = versionIndex(v);
      return op === '>=' ? i >= k : op === '<=' ? i <= k : op === '>' ? i > k : op === '<' ? i < k : i === k;
    });
  }
  return selected;
}

/** Parses the --api-version flag: one version or "all". */
export function parseApiVersionFlag(value: string): ApiVersion[] | { error: string } {
  if (value === 'all') return [...API_VERSIONS];
  const list = value.split(',').map((s) => s.trim());
  for (const v of list) {
    if (!isApiVersion(v)) return { error: `unknown API version "${v}"; use one of ${API_VERSIONS.join(', ')} or "all"` };
  }
  return list as ApiVersion[];
}
