import type { ApiVersion } from '../../model/version.js';
import type { QuoteKey } from './spec-quotes.js';

/**
 * What the spec lets a client send to each endpoint (spec § Endpoints), as data: query parameters, the body's
 * encoding and its parameters, each with the version it appears in and the sentence that says so.
 */

export type QueryType = 'boolean' | 'integer' | 'filter' | 'sort' | 'flavor';
export type BodyType = 'acl' | 'catalogs' | 'values' | 'processing' | 'scheduling-create' | 'scheduling-update' | 'file' | 'string' | 'boolean';

export interface ParamSpec<T> {
  name: string;
  type: T;
  quote: QuoteKey;
  since?: ApiVersion;
  required?: boolean;
}

export interface RouteSpec {
  method: string;
  /** Path segments; ':p' is a path parameter. */
  pattern: string[];
  since?: ApiVersion;
  sinceQuote?: QuoteKey;
  query: readonly ParamSpec<QueryType>[];
  /** The sentence naming this endpoint's query parameters (quoted for an unknown one). */
  queryQuote: QuoteKey;
  body: 'multipart' | 'form' | 'none';
  params: readonly ParamSpec<BodyType>[];
  /** The sentence naming this endpoint's body parameters (quoted for an unknown one). */
  bodyQuote: QuoteKey;
}

const flag = (name: string, quote: QuoteKey = 'flags', since?: ApiVersion): ParamSpec<QueryType> =>
  ({ name, type: 'boolean', quote, ...(since ? { since } : {}) });
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
    method: 'GET', pattern: ['api', 'events'], queryQuote: 'flags', ...NO_BODY,
    query: [
      { name: 'filter', type: 'filter', quote: 'filter' }, { name: 'sort', type: 'sort', quote: 'sort' },
      { name: 'limit', type: 'integer', quote: 'limit' }, { name: 'offset', type: 'integer', quote: 'offset' }, ...FLAGS,
    ],
  },
  { method: 'POST', pattern: ['api', 'events'], query: [], queryQuote: 'multipart', body: 'multipart', params: EVENT_PARTS(true), bodyQuote: 'multipart' },
  { method: 'GET', pattern: ['api', 'events', ':p'], query: FLAGS, queryQuote: 'eventQuery', ...NO_BODY },
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
  { method: 'GET', pattern: ['api', 'events', ':p', 'publications'], query: [flag('sign', 'pubSign')], queryQuote: 'pubSign', ...NO_BODY },
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
];

/** Filters (spec § GET /api/events, Filters table) and the version each appears in. */
export const FILTER_SINCE: Record<string, ApiVersion> = {
  contributors: '1.0.0', location: '1.0.0', series: '1.0.0', subject: '1.0.0', textFilter: '1.0.0',
  identifier: '1.1.0', title: '1.1.0', description: '1.1.0', series_name: '1.1.0', language: '1.1.0', created: '1.1.0',
  license: '1.1.0', rightsholder: '1.1.0', status: '1.1.0', is_part_of: '1.1.0', source: '1.1.0', agent_id: '1.1.0',
  start: '1.1.0', technical_start: '1.1.0',
};

/** Filters whose value has the form <datetime>/<datetime>. */
export const RANGE_FILTERS: Record<string, QuoteKey> = { start: 'filterStart', technical_start: 'filterTechnicalStart' };

/** Sort criteria (spec § GET /api/events, "Sort criteria: …"). */
export const SORT_NAMES = new Set(['title', 'presenter', 'start_date', 'end_date', 'review_status', 'workflow_state', 'scheduling_status', 'series_name', 'location']);

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
