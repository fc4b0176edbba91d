import type { QuoteKey } from './spec-quotes.js';
import { versionAtLeast } from './versions.js';

/**
 * What the spec lets a client send to each endpoint (spec § Endpoints; the addendum specs/events-api-1.7-1.11.md
 * for 1.7.0 to 1.11.0), as one table: each endpoint, part, parameter and filter with the versions it exists in and
 * the sentence that says so. Three kinds of version range (addendum, "Two terms are used throughout"):
 * - `since`: the requested version (the Accept header's) from which the spec has it;
 * - `serverSince`: a server-release feature, there on every server whose server version is that or newer,
 *   whatever version a request asks for (POST /track from 1.9.0, its tags part from 1.11.0);
 * - `describedSince` (endpoints) and `ignoredFrom` (parameters): below the version that describes it, a server
 *   may offer it or accepts and ignores it; the double answers and notes it as advice, never refuses.
 * Versions are compared by their numbers (versions.ts): 1.10.0 is newer than 1.9.0.
 */

export type QueryType = 'boolean' | 'integer' | 'filter' | 'sort' | 'flavor';
export type BodyType = 'acl' | 'catalogs' | 'values' | 'processing' | 'scheduling-create' | 'scheduling-update' | 'file' | 'string' | 'boolean' | 'boolean-text' | 'flavor';

export interface ParamSpec<T> {
  name: string;
  type: T;
  quote: QuoteKey;
  /** Requested version from which the spec has it. */
  since?: string;
  /** Server version from which servers have it (a server-release feature); below, servers ignore it. */
  serverSince?: string;
  /** Below `since` but from this requested version, servers accept and ignore it (advice, not a departure). */
  ignoredFrom?: string;
  required?: boolean;
  /** May be sent more than once (POST /track: "Every part named track becomes one new track"). */
  repeatable?: boolean;
}

export interface RouteSpec {
  method: string;
  /** Path segments; ':p' is a path parameter. */
  pattern: string[];
  /** Requested version from which the spec has the endpoint. */
  since?: string;
  sinceQuote?: QuoteKey;
  /** Server version from which servers have the endpoint (server release), whatever version a request asks for. */
  serverSince?: string;
  serverQuote?: QuoteKey;
  /** The spec of the requested version describes the endpoint from this version; below, servers may offer it (advice). */
  describedSince?: string;
  describedQuote?: QuoteKey;
  query: readonly ParamSpec<QueryType>[];
  /** The sentence naming this endpoint's query parameters (quoted for an unknown one). */
  queryQuote: QuoteKey;
  body: 'multipart' | 'form' | 'none';
  params: readonly ParamSpec<BodyType>[];
  /** The sentence saying how this endpoint's body is encoded (quoted for a body of another encoding). */
  bodyQuote: QuoteKey;
  /** The sentence or table naming this endpoint's body parameters (quoted for an unknown one); default bodyQuote. */
  paramsQuote?: QuoteKey;
  /** Parts with other names are ignored by the spec's server (advice, not a departure). */
  otherPartsIgnored?: boolean;
}

const flag = (name: string, quote: QuoteKey = 'flags', since?: string): ParamSpec<QueryType> =>
  ({ name, type: 'boolean', quote, ...(since ? { since } : {}) });
/** includeInternalPublication: 1.11.0 and above; from 1.7.0 below that "accepted and ignored" (addendum). */
const includeInternal = (quote: QuoteKey): ParamSpec<QueryType> => ({ name: 'includeInternalPublication', type: 'boolean', quote, since: '1.11.0', ignoredFrom: '1.7.0' });
const FLAGS = [flag('sign'), flag('withacl'), flag('withmetadata'), flag('withpublications'), flag('withscheduling', 'withscheduling', '1.1.0')];

const EVENT_PARTS = (create: boolean): ParamSpec<BodyType>[] => [
  { name: 'acl', type: 'acl', quote: 'partAcl' },
  { name: 'metadata', type: 'catalogs', quote: 'partMetadata' },
  { name: 'presenter', type: 'file', quote: 'partPresenter' },
  { name: 'presentation', type: 'file', quote: 'partPresentation' },
  { name: 'audio', type: 'file', quote: 'partAudio' },
  { name: 'processing', type: 'processing', quote: 'partProcessing' },
  { name: 'scheduling', type: create ? 'scheduling-create' : 'scheduling-update', quote: 'partScheduling', since: '1.1.0' },
];

const TYPE_PARAM = (required: boolean): ParamSpec<QueryType> => ({ name: 'type', type: 'flavor', quote: 'metadataType', required });
const NO_BODY = { body: 'none', params: [], bodyQuote: 'formParams' } as const;

export const ROUTE_SPECS: RouteSpec[] = [
  {
    method: 'GET', pattern: ['api', 'events'], queryQuote: 'listParams', ...NO_BODY,
    query: [
      { name: 'filter', type: 'filter', quote: 'filter' }, { name: 'sort', type: 'sort', quote: 'sort' },
      { name: 'limit', type: 'integer', quote: 'limit' }, { name: 'offset', type: 'integer', quote: 'offset' }, ...FLAGS,
      includeInternal('includeInternal'),
    ],
  },
  { method: 'POST', pattern: ['api', 'events'], query: [], queryQuote: 'multipart', body: 'multipart', params: EVENT_PARTS(true), bodyQuote: 'multipart', paramsQuote: 'createParts' },
  { method: 'GET', pattern: ['api', 'events', ':p'], query: [...FLAGS, includeInternal('includeInternal')], queryQuote: 'eventQuery', ...NO_BODY },
  { method: 'POST', pattern: ['api', 'events', ':p'], query: [], queryQuote: 'updateParts', body: 'multipart', params: EVENT_PARTS(false), bodyQuote: 'updateParts' },
  { method: 'DELETE', pattern: ['api', 'events', ':p'], query: [], queryQuote: 'deleteEvent', ...NO_BODY },
  { method: 'GET', pattern: ['api', 'events', ':p', 'acl'], query: [], queryQuote: 'noInputAcl', ...NO_BODY },
  {
    method: 'PUT', pattern: ['api', 'events', ':p', 'acl'], query: [], queryQuote: 'putAcl', body: 'form', bodyQuote: 'putAcl',
    params: [{ name: 'acl', type: 'acl', quote: 'putAcl', required: true }],
  },
  {
    method: 'POST', pattern: ['api', 'events', ':p', 'acl', ':p'], query: [], queryQuote: 'postAce', body: 'form', bodyQuote: 'postAce',
    params: [{ name: 'role', type: 'string', quote: 'postAce', required: true }],
  },
  { method: 'DELETE', pattern: ['api', 'events', ':p', 'acl', ':p', ':p'], query: [], queryQuote: 'deleteAce', ...NO_BODY },
  { method: 'GET', pattern: ['api', 'events', ':p', 'metadata'], query: [TYPE_PARAM(false)], queryQuote: 'metadataType', ...NO_BODY },
  {
    method: 'PUT', pattern: ['api', 'events', ':p', 'metadata'], query: [TYPE_PARAM(true)], queryQuote: 'metadataType', body: 'form', bodyQuote: 'putMetadata',
    params: [{ name: 'metadata', type: 'values', quote: 'putMetadata', required: true }],
  },
  { method: 'DELETE', pattern: ['api', 'events', ':p', 'metadata'], query: [TYPE_PARAM(true)], queryQuote: 'deleteMetadata', ...NO_BODY },
  { method: 'GET', pattern: ['api', 'events', ':p', 'publications'], query: [flag('sign', 'pubSign'), includeInternal('includeInternalPubs')], queryQuote: 'pubSign', ...NO_BODY },
  { method: 'GET', pattern: ['api', 'events', ':p', 'publications', ':p'], query: [flag('sign', 'pubSign')], queryQuote: 'pubSign', ...NO_BODY },
  { method: 'GET', pattern: ['api', 'events', ':p', 'scheduling'], since: '1.1.0', sinceQuote: 'schedulingSince', query: [], queryQuote: 'noInputScheduling', ...NO_BODY },
  {
    method: 'PUT', pattern: ['api', 'events', ':p', 'scheduling'], since: '1.1.0', sinceQuote: 'schedulingSince', query: [], queryQuote: 'putScheduling',
    body: 'form', bodyQuote: 'putScheduling',
    params: [
      { name: 'scheduling', type: 'scheduling-update', quote: 'putScheduling', required: true },
      { name: 'allowConflict', type: 'boolean', quote: 'allowConflict', since: '1.2.0' },
    ],
  },
  // GET /media: in every version (addendum § GET /api/events/{event_id}/media), left out of the spec of 1.0.0-1.6.0.
  { method: 'GET', pattern: ['api', 'events', ':p', 'media'], describedSince: '1.7.0', describedQuote: 'mediaLeftOut', query: [], queryQuote: 'mediaNoQuery', ...NO_BODY },
  // POST /track: a server-release feature from server version 1.9.0 (Opencast 13.0); tags from 1.11.0 (16.0).
  {
    method: 'POST', pattern: ['api', 'events', ':p', 'track'], serverSince: '1.9.0', serverQuote: 'trackServer', query: [], queryQuote: 'trackMultipart',
    body: 'multipart', bodyQuote: 'trackMultipart', paramsQuote: 'trackOtherParts', otherPartsIgnored: true,
    params: [
      { name: 'flavor', type: 'flavor', quote: 'trackFlavor' },
      { name: 'overwriteExisting', type: 'boolean-text', quote: 'trackOverwrite' },
      { name: 'track', type: 'file', quote: 'trackFile', repeatable: true },
      { name: 'tags', type: 'string', quote: 'trackTags', serverSince: '1.11.0' },
    ],
  },
];

/**
 * The Filters table (spec § GET /api/events), row by row as the spec writes it; the version a filter appears in
 * and its deprecation are read from the row's Version column ("all", "1.1.0+", "From 1.1.0 use is_part_of instead").
 */
const FILTER_ROWS = [
  '| contributors | Contributors match. May occur multiple times. | all |',
  '| location | Location the event is scheduled in | all |',
  '| series | Series the event is part of, by series identifier | all. From 1.1.0 use is_part_of instead. |',
  '| subject | Subject the event is part of | all |',
  '| textFilter | Any metadata field matches the value | all |',
  '| identifier | Identifier matches. May occur multiple times. | 1.1.0+ |',
  '| title | Title matches | 1.1.0+ |',
  '| description | Description matches | 1.1.0+ |',
  '| series_name | Events of the series with this name | 1.1.0+ |',
  '| language | Language matches | 1.1.0+ |',
  '| created | Created matches | 1.1.0+ |',
  '| license | License matches | 1.1.0+ |',
  '| rightsholder | Rights holder matches | 1.1.0+ |',
  '| status | Status of the event | 1.1.0+ |',
  '| is_part_of | Series the event is part of, by series identifier | 1.1.0+ |',
  '| source | Source matches | 1.1.0+ |',
  '| agent_id | Capture agent identifier | 1.1.0+ |',
  '| start | Start date, value form <datetime>/<datetime> | 1.1.0+ |',
  '| technical_start | Technical start date, value form <datetime>/<datetime> | 1.1.0+ |',
];

export interface FilterSpec {
  since: string;
  /** The filter's row of the Filters table, quoted verbatim. */
  row: string;
  /** From this version the spec says to use another filter instead (advice). */
  deprecatedFrom?: string;
  insteadUse?: string;
}

export const FILTERS: Record<string, FilterSpec> = Object.fromEntries(FILTER_ROWS.map((row) => {
  const [name, , version] = row.split('|').slice(1, -1).map((c) => c.trim());
  const since = /^(\d+\.\d+\.\d+)\+$/.exec(version)?.[1] ?? '1.0.0';
  const dep = /From (\d+\.\d+\.\d+) use (\w+) instead/.exec(version);
  return [name, { since, row, ...(dep ? { deprecatedFrom: dep[1], insteadUse: dep[2] } : {}) }];
}));

/** Filters and the version each appears in (read from FILTERS). */
export const FILTER_SINCE: Record<string, string> = Object.fromEntries(Object.entries(FILTERS).map(([n, f]) => [n, f.since]));

/** Filters whose value has the form <datetime>/<datetime>. */
export const RANGE_FILTERS: Record<string, QuoteKey> = { start: 'filterStart', technical_start: 'filterTechnicalStart' };

/** Sort criteria (spec § GET /api/events, "Sort criteria: …"). */
export const SORT_NAMES = new Set(['title', 'presenter', 'start_date', 'end_date', 'review_status', 'workflow_state', 'scheduling_status', 'series_name', 'location']);

/** Whether a thing with this range exists for a request (requested version) on a server (server version). */
export function inRange(r: { since?: string; serverSince?: string }, version: string, serverVersion: string): boolean {
  return (r.since === undefined || versionAtLeast(version, r.since)) && (r.serverSince === undefined || versionAtLeast(serverVersion, r.serverSince));
}

function matches(pattern: string[], segs: string[]): boolean {
  return pattern.length === segs.length && pattern.every((p, i) => p === ':p' || p === segs[i]);
}

/** The spec's endpoint for a method and path; undefined = the spec has no such endpoint. */
export function routeSpecOf(method: string, pathname: string): RouteSpec | undefined {
  const segs = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (segs.some((s) => s === '')) return undefined;
  const m = method === 'HEAD' ? 'GET' : method;
  return ROUTE_SPECS.find((r) => r.method === m && matches(r.pattern, segs));
}

/** The spec's name of path parameter i of a path under /api/events (spec § Endpoints), by the segment before it. */
function paramName(segs: readonly string[], i: number): string | undefined {
  if (segs[0] !== 'api' || segs[1] !== 'events') return undefined;
  if (i === 2) return '{event_id}';
  if (segs[3] === 'acl') return i === 4 ? '{action}' : i === 5 ? '{role}' : undefined;
  if (segs[3] === 'publications' && i === 4) return '{publication_id}';
  return undefined;
}

/**
 * The endpoint a request went to, as the spec writes it: `DELETE /api/events/{event_id}/acl/{action}/{role}`.
 * For a path the spec does not have, its known parameter positions are named and the rest stays literal
 * (`GET /api/events/{event_id}/media`).
 */
export function endpointName(method: string, pathname: string): string {
  const segs = pathname.replace(/\/+$/, '').split('/').slice(1);
  const route = routeSpecOf(method, pathname);
  const shown = segs.map((s, i) => (route ? (route.pattern[i] === ':p' ? paramName(segs, i) ?? s : s) : paramName(segs, i) ?? s));
  return `${method === 'HEAD' ? 'GET' : method} /${shown.join('/')}`;
}
