import { QUOTE, type QuoteKey } from './spec-quotes.js';

/** A way a request can leave the spec, with the one-line title the client report shows for it. */
export const DEPARTURE_KINDS = {
  'unsupported-version': 'asks for a version the server does not serve',
  'not-in-version': 'uses a part, parameter, filter or endpoint before the version that has it',
  'unknown-endpoint': 'method and path the spec does not have',
  'path-encoding': 'a path parameter sent without percent-encoding (a / or a space inside a role or action)',
  'unknown-parameter': 'unknown multipart part, form parameter or query parameter',
  'missing-parameter': 'a required parameter is absent',
  'body-encoding': 'body not encoded as the endpoint requires (multipart / form parameters / none)',
  'not-json': 'not JSON text (or empty) where JSON text is required',
  'wrong-type': 'a value of the wrong type or shape',
  'not-boolean': 'a boolean that is not true or false',
  'not-integer': 'an integer parameter that is not an integer',
  'unknown-filter': 'unknown filter name',
  'filter-form': 'a filter entry that is not <FilterName>:<value> (e.g. an unescaped comma inside a value)',
  'unknown-sort': 'unknown sort criterion',
  'sort-suffix': 'a sort criterion without the mandatory :ASC or :DESC suffix',
  'scheduling-rule': 'scheduling breaks the scheduling rules (both end and duration, missing agent_id/start, rrule without end and duration)',
  'delete-published': 'deletes a published event before 1.6.0 without retracting its publications first',
} as const;

export type DepartureKind = keyof typeof DEPARTURE_KINDS;

/** What kind of thing departed: the report groups departures by it and by its name (the subject). */
export type SubjectKind =
  | 'endpoint' | 'path parameter' | 'header' | 'query parameter' | 'part' | 'form parameter' | 'body'
  | 'filter' | 'sort' | 'value' | 'scheduling' | 'event';

/** What departed, for grouping: `{ about: 'part', name: 'acls' }`, `{ about: 'filter', name: 'is_part_of' }` … */
export interface Subject {
  about: SubjectKind;
  /** A stable name: a parameter, part, filter or sort name, an endpoint `GET /api/events/{event_id}/media` … */
  name: string;
  /** The offending text exactly as it appears in the request (decoded query value, path, part name), to highlight. */
  mark?: string;
}

export interface Departure {
  kind: DepartureKind;
  /** What in the request: `part 'acls'`, `query parameter 'sort'`, `scheduling.duration` … */
  where: string;
  /** What was wrong, for the client's developer. */
  message: string;
  /** The spec sentence the request breaks, verbatim from specs/events-api.md. */
  spec: string;
  /** What departed (a later field; `where` stays as it was). */
  about: SubjectKind;
  subject: string;
  mark?: string;
}

export function departure(kind: DepartureKind, where: string, message: string, quote: QuoteKey, subject: Subject): Departure {
  return { kind, where, message, spec: QUOTE[quote], about: subject.about, subject: subject.name, ...(subject.mark !== undefined ? { mark: subject.mark } : {}) };
}
