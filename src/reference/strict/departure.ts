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
  'trailing-slash': 'a spec path written with a trailing slash (POST /api/events/): a server need not route it to the endpoint',
  'duplicate-part': 'a part or parameter sent more than once (e.g. once as a field, once as a file): which copy a server takes is not the client\'s to choose',
  'empty-file': 'an empty file part (0 bytes, often with the file name "") where a media file is expected',
  'deprecated': 'advice: a form the spec says to replace (e.g. the filter series from 1.1.0); answered, not refused',
  'ignored': 'advice: a part or parameter the server of this version accepts and ignores; answered, not refused',
  'not-described': 'advice: an endpoint the spec of this version does not describe, which servers of this version may offer; answered, not refused',
  'lenient': 'advice: a form the spec is silent on, answered as a lenient server would (e.g. a datetime offset -00:00); not refused',
} as const;

/**
 * Advice, not departures: the request is answered as a lenient server would answer it and never refused; the
 * report lists these as notes (`advice`), apart from the departures (`problems`).
 */
export const ADVISORY_KINDS: ReadonlySet<string> = new Set(['deprecated', 'ignored', 'not-described', 'lenient']);

export type DepartureKind = keyof typeof DEPARTURE_KINDS;

/** What kind of thing departed: the report groups departures by it and by its name (the subject). */
export type SubjectKind =
  | 'endpoint' | 'path parameter' | 'header' | 'query parameter' | 'part' | 'form parameter' | 'body'
  | 'filter' | 'sort' | 'value' | 'scheduling' | 'event'
  /** A query or form parameter, for a root cause shared by both (booleans written `True`/`False`). */
  | 'parameter';

/** What departed, for grouping: `{ about: 'part', name: 'acls' }`, `{ about: 'filter', name: 'is_part_of' }` … */
export interface Subject {
  about: SubjectKind;
  /** A stable name: a parameter, part, filter or sort name, an endpoint `GET /api/events/{event_id}/media` … */
  name: string;
  /** The offending text exactly as it appears in the request (decoded query value, path, part name), to highlight. */
  mark?: string;
  /** The parameter or part itself, when the subject is a cause several of them share (`booleans written True/False`). */
  param?: string;
}

export interface Departure {
  kind: DepartureKind;
  /** What in the request: `part 'acls'`, `query parameter 'sort'`, `scheduling.duration` … */
  where: string;
  /** What was wrong, for the client's developer. */
  message: string;
  /** The spec sentence the request breaks, verbatim from specs/events-api.md or its addendum (specs/events-api-1.7-1.11.md). */
  spec: string;
  /** What departed (a later field; `where` stays as it was). */
  about: SubjectKind;
  subject: string;
  mark?: string;
  /** The parameter or part itself, when the subject is a cause several share. */
  param?: string;
  /** Set on advice (ADVISORY_KINDS): recorded as a note, never refused. */
  advisory?: true;
}

/** A sentence of the spec: a key of QUOTE, or a verbatim table row (`{ text }`, e.g. a filter's row). */
export type SpecSentence = QuoteKey | { text: string };

export function departure(kind: DepartureKind, where: string, message: string, quote: SpecSentence, subject: Subject): Departure {
  const spec = typeof quote === 'string' ? QUOTE[quote] : quote.text;
  // A subject is never blank: the report groups by it and shows it as the problem's name.
  const name = subject.name.trim() === '' ? `(empty ${subject.about})` : subject.name;
  return {
    kind, where, message, spec, about: subject.about, subject: name, ...(subject.mark !== undefined ? { mark: subject.mark } : {}),
    ...(subject.param !== undefined ? { param: subject.param } : {}),
    ...(ADVISORY_KINDS.has(kind) ? { advisory: true as const } : {}),
  };
}
