import { DEPARTURE_KINDS, type Departure, type DepartureKind, type SubjectKind } from './departure.js';
import type { ExampleRequest } from './example.js';
import { RECORDED_ONLY } from './stateful.js';
import { compareVersions } from './versions.js';

/**
 * The client report's grouping: one problem per kind and subject (what departed: the part `acls`,
 * the query parameter `includeInternalPublication`, the filter `is_part_of` …), split into groups by endpoint,
 * API version and spec sentence, each with its count and one full example request.
 */

export interface GroupEntry {
  /** The endpoint as the spec names it: `POST /api/events/{event_id}`. */
  endpoint: string;
  /** The negotiated API version, or `unsupported` when the request asked only for versions not served. */
  version: string;
  count: number;
  /** The spec sentence the requests of this group break. */
  spec: string;
  /** Whether --strict answers these requests 400 (false: recorded only, see stateful.ts). */
  refused: boolean;
  /** The first request of this group, its departure, and a curl line that sends it again. */
  example: { where: string; message: string; mark?: string; request: ExampleRequest; curl: string };
}

export interface ProblemEntry {
  /** Stable anchor: `p1`, `p2` … in report order. */
  id: string;
  kind: DepartureKind;
  title: string;
  about: SubjectKind;
  subject: string;
  /** How many departures (one request may depart several times: five flags written True). */
  count: number;
  /** How many requests carried it. */
  requests: number;
  /** For a cause several parameters or parts share (`booleans written True/False`): their names, first seen first. */
  names?: string[];
  /** Advice (ADVISORY_KINDS): answered, never refused; listed under the report's `advice`. */
  advisory?: true;
  /** One line for the headline: `unknown-parameter · part acls · 3× · POST /api/events/{event_id} · 1.1.0, 1.6.0`. */
  line: string;
  endpoints: string[];
  versions: string[];
  groups: GroupEntry[];
}

interface Pending extends Omit<ProblemEntry, 'id' | 'line' | 'endpoints' | 'versions'> {
  order: number;
  lastRequest: number;
}

export class ProblemTable {
  private readonly byKey = new Map<string, Pending>();

  /** `idPrefix`: `p` for the departures, `n` for the advisory notes (anchors stay distinct in one page). */
  constructor(private readonly strict: boolean, private readonly idPrefix = 'p') {}

  /** One departure of request number `serial` (the record's count of requests so far). */
  add(d: Departure, endpoint: string, version: string, request: ExampleRequest, curl: string, serial = 0): void {
    const key = JSON.stringify([d.kind, d.about, d.subject]);
    let p = this.byKey.get(key);
    if (!p) {
      p = { kind: d.kind, title: DEPARTURE_KINDS[d.kind], about: d.about, subject: d.subject, count: 0, requests: 0, groups: [], order: this.byKey.size, lastRequest: -1, ...(d.advisory ? { advisory: true as const } : {}) };
      this.byKey.set(key, p);
    }
    p.count++;
    if (p.lastRequest !== serial || serial === 0) p.requests++;
    p.lastRequest = serial;
    if (d.param !== undefined) {
      p.names ??= [];
      if (!p.names.includes(d.param)) p.names.push(d.param);
    }
    let g = p.groups.find((x) => x.endpoint === endpoint && x.version === version && x.spec === d.spec);
    if (!g) {
      const example = { where: d.where, message: d.message, ...(d.mark !== undefined ? { mark: d.mark } : {}), request, curl };
      g = { endpoint, version, count: 0, spec: d.spec, refused: this.strict && !RECORDED_ONLY.has(d.kind) && !d.advisory, example };
      p.groups.push(g);
    }
    g.count++;
  }

  /** Most frequent first (ties: first seen first). */
  entries(): ProblemEntry[] {
    const sorted = [...this.byKey.values()].sort((a, b) => b.count - a.count || a.order - b.order);
    return sorted.map(({ order: _order, lastRequest: _last, ...p }, i) => {
      const endpoints = [...new Set(p.groups.map((g) => g.endpoint))];
      // Numeric order (1.2.0 < 1.10.0), never text.
      const versions = [...new Set(p.groups.map((g) => g.version))].sort(compareVersions);
      // An endpoint problem names its endpoint already.
      const where = p.about === 'endpoint' && endpoints.length === 1 && endpoints[0] === p.subject ? '' : ` · ${endpoints.join(', ')}`;
      const names = p.names ? ` (${p.names.join(', ')})` : '';
      const inRequests = p.requests !== p.count ? ` in ${p.requests} requests` : '';
      const line = `${p.kind} · ${p.about} ${p.subject}${names} · ${p.count}×${inRequests}${where} · ${versions.join(', ')}`;
      return structuredClone({ id: `${this.idPrefix}${i + 1}`, ...p, line, endpoints, versions });
    });
  }
}

/** "7 distinct departures in 43 of 187 requests" (or that there were none), and the advisory notes if any. */
export function headline(distinct: number, departing: number, requests: number, notes = 0): string {
  const advice = notes === 0 ? '' : `; ${notes} advisory note${notes === 1 ? '' : 's'} (answered, not refused)`;
  if (distinct === 0) return `No departures from the spec in ${requests} requests${advice || '.'}`;
  return `${distinct} distinct departure${distinct === 1 ? '' : 's'} in ${departing} of ${requests} requests${advice}`;
}
