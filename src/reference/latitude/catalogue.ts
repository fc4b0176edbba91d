/**
 * The latitude catalogue (issue 10, "What to build" 1): places where specs/events-api.md is silent ("not shown"),
 * gives no format or default, or reads two ways, each with the legal alternatives a conformant server may take.
 *
 * Every choice: `quote` stands verbatim in specs/events-api.md and is the sentence that leaves the room (a test
 * checks it); `alternatives` lists [name, what the server does]; the FIRST is the reference server's default.
 * The server asks `ctx.app.lat(id)` at one site per choice; the logic lives in src/reference/latitude/*.ts.
 */

export interface ChoiceDef {
  quote: string;
  /** [name, one line saying what the server does]; the first is the default. */
  alternatives: readonly (readonly [string, string])[];
}

export const CATALOGUE = {
  'index-lag': {
    quote: 'Responses: 200 (event object), 404 (event does not exist).',
    alternatives: [
      ['none', 'a created event is readable, listed and writable as soon as the 201 (or 200) is sent'],
      ['lag-300ms', 'a created event answers 404 to GET and to writes, and is absent from lists, for 300 ms after the 201 (an index that lags writes)'],
      ['lag-300ms-changes', 'as lag-300ms, and a change shows in the event object and in lists (filters, sort) only 300 ms after it was accepted'],
    ],
  },
  'create-media': {
    quote: 'It creates events from metadata, an access control list, processing instructions and uploaded media tracks.',
    alternatives: [
      ['optional', 'a create with neither a media part nor scheduling makes an event without tracks'],
      ['required', 'a create with neither a media part (presenter, presentation, audio) nor scheduling answers 400'],
    ],
  },
  'capture-agents': {
    quote: 'Technical identifier of the capture agent',
    alternatives: [
      ['any', 'any non-empty agent_id is accepted'],
      ['registered', `only registered agents (${'`'}--agents${'`'}, plus capture-agent-1 and capture-agent-2) are accepted; another agent_id answers 400`],
    ],
  },
  'series-known': {
    quote: 'Technical identifier of the series the event belongs to (version 1.1.0 and above)',
    alternatives: [
      ['any', 'any isPartOf value is accepted; an unknown series gets the title "Series <id>"'],
      ['known', 'isPartOf must name a known series (`--series`, plus series-1 and series-2) or be empty; else 400'],
    ],
  },
  'filter-repeat-below-1.5.0': {
    quote: 'Rule: from version 1.5.0, a comma-separated use of the same filter keyword is a logical OR.',
    alternatives: [
      ['per-keyword', 'below 1.5.0 a repeated keyword is OR for contributors/identifier ("May occur multiple times") and AND for the others'],
      ['and', 'below 1.5.0 every repeated keyword is AND'],
      ['or', 'below 1.5.0 every repeated keyword is OR (as from 1.5.0)'],
    ],
  },
  'rrule-window': {
    quote: 'The rule determines the dates and times within the period from start to end plus duration.',
    alternatives: [
      ['until-end', 'occurrences starting after end are dropped'],
      ['until-end-plus-duration', 'occurrences starting in (end, end + duration] are created too'],
    ],
  },
  'bibliographic-start': {
    quote: 'Technical start (versions below 1.4.0) or bibliographic start (version 1.4.0 and above)',
    alternatives: [
      ['metadata', 'startDate/startTime sent in the metadata stay the bibliographic start when a schedule is sent too'],
      ['follows-schedule', 'when a schedule is sent in the same create, the bibliographic start becomes the schedule start'],
    ],
  },
  'sort-collation': {
    quote: 'Sort criteria: title, presenter, start_date, end_date, review_status (deprecated in later descriptions), workflow_state, scheduling_status (deprecated in later descriptions), series_name, location.',
    alternatives: [
      ['code-point', 'text criteria compare by Unicode code point'],
      ['case-insensitive', 'text criteria compare case-insensitively (then by code point)'],
    ],
  },
  'sort-ties': {
    quote: 'Each entry has the form <SortName>:ASC or <SortName>:DESC.',
    alternatives: [
      ['identifier', 'events equal under every criterion are ordered by identifier'],
      ['insertion', 'events equal under every criterion keep creation order'],
      ['reverse-insertion', 'events equal under every criterion come newest first'],
    ],
  },
  'default-order': {
    quote: 'Returns a JSON array of event objects.',
    alternatives: [
      ['insertion', 'without sort, events come in creation order'],
      ['newest-first', 'without sort, the newest event comes first'],
      ['identifier', 'without sort, events come in identifier order'],
    ],
  },
  'default-limit': {
    quote: 'Rate limits, a maximum or default value of limit, and a default offset: not shown.',
    alternatives: [
      ['none', 'without limit every matching event is returned'],
      ['default-100', 'without limit at most 100 events are returned'],
    ],
  },
  'max-limit': {
    quote: 'Rate limits, a maximum or default value of limit, and a default offset: not shown.',
    alternatives: [
      ['none', 'any limit is honoured'],
      ['cap-100', 'a limit above 100 returns at most 100 events'],
    ],
  },
  'limit-zero': {
    quote: 'Maximum number of results to return',
    alternatives: [
      ['all', 'limit=0 (or negative) means no limit'],
      ['none', 'limit=0 returns an empty array'],
    ],
  },
  'bad-paging': {
    quote: 'Pagination uses the limit and offset query parameters on the event list.',
    alternatives: [
      ['rejected-400', 'a non-integer limit/offset or a negative offset answers 400'],
      ['ignored', 'a non-integer limit/offset is ignored and a negative offset counts as 0'],
    ],
  },
  'error-body': {
    quote: 'Error response body format and error codes: not shown.',
    alternatives: [
      ['json', 'error responses (except 409) carry {"error": message} as JSON'],
      ['text', 'error responses (except 409) carry the message as text/plain'],
      ['empty', 'error responses (except 409) carry no body'],
    ],
  },
  'json-content-type': {
    quote: 'Responses carry JSON.',
    alternatives: [
      ['versioned', 'JSON responses have Content-Type application/vX.Y.Z+json of the served version'],
      ['plain', 'JSON responses have Content-Type application/json;charset=UTF-8'],
    ],
  },
  'acl-allow-default': {
    quote: 'Default of allow when omitted: not shown.',
    alternatives: [
      ['true', 'an ACL entry sent without allow is an allow entry'],
      ['false', 'an ACL entry sent without allow is a deny entry'],
    ],
  },
  'put-acl-allow': {
    quote: 'Present in responses and in the sample update body.',
    alternatives: [
      ['default', 'PUT acl with an entry without allow takes the create default (acl-allow-default)'],
      ['required', 'PUT acl with an entry without allow answers 400 (the update body carries allow)'],
    ],
  },
  'with-member-names': {
    quote: 'Names of the extra members that the with* flags add to the event object: not shown.',
    alternatives: [
      ['plain', 'the members are acl, metadata, publications, scheduling'],
      ['flag-names', 'the members are named like the flags: withacl, withmetadata, withpublications, withscheduling'],
    ],
  },
  'number-fields': {
    quote: 'Bibliographic duration (declared as string; sample payloads show a number)',
    alternatives: [
      ['numbers', 'archive_version and duration (1.1.0+) are JSON numbers'],
      ['strings', 'archive_version and duration (1.1.0+) are JSON strings of digits (declared as string)'],
    ],
  },
  'datetime-format': {
    quote: 'Creation date and time (in the oldest variant it is not marked as a catalog field)',
    alternatives: [
      ['seconds', 'datetimes look like 2026-01-05T09:00:00Z'],
      ['millis', 'datetimes carry milliseconds: 2026-01-05T09:00:00.000Z'],
      ['utc-offset', 'datetimes carry the UTC offset: 2026-01-05T09:00:00+00:00'],
    ],
  },
  'public-base-url': {
    quote: 'The Location header holds {base_url}/api/events/<event_id>.',
    alternatives: [
      ['request-host', 'Location and publication URLs use the Host of the request'],
      ['configured', 'Location and publication URLs use a configured public base URL (https://events.example.org/evconf unless set)'],
    ],
  },
  'identifier-format': {
    quote: 'Unique identifier of the event',
    alternatives: [
      ['uuid', 'identifiers are lower-case UUIDs'],
      ['numeric', 'identifiers are decimal numbers (as strings)'],
      ['prefixed', 'identifiers look like ev_ followed by 12 base-36 characters'],
    ],
  },
  'unknown-filter': {
    quote: 'Comma-separated list of filters.',
    alternatives: [
      ['rejected-400', 'from 1.1.0 an unknown filter name answers 400'],
      ['ignored', 'an unknown filter name is ignored'],
    ],
  },
  'unknown-sort': {
    quote: 'Comma-separated list of sort criteria.',
    alternatives: [
      ['rejected-400', 'an unknown sort name answers 400'],
      ['ignored', 'an unknown sort name is ignored'],
    ],
  },
  'filter-match': {
    quote: 'Title matches',
    alternatives: [
      ['exact', 'title, description, language, license, rightsholder, source, location, contributors match by equality'],
      ['case-insensitive', 'those filters match case-insensitively'],
      ['substring', 'those filters match when the value is a case-insensitive substring'],
    ],
  },
  'text-filter': {
    quote: 'Any metadata field matches the value',
    alternatives: [
      ['substring', 'textFilter matches a case-insensitive substring of any text field'],
      ['whole-word', 'textFilter matches when every word of the value is a whole word of a text field (case-insensitive)'],
    ],
  },
  'start-bounds': {
    quote: 'Start date, value form <datetime>/<datetime>',
    alternatives: [
      ['inclusive', 'start and technical_start ranges include both bounds'],
      ['exclusive-end', 'the ranges include the first bound and exclude the second'],
    ],
  },
  'inputs-required': {
    quote: 'Whether inputs is required: not shown.',
    alternatives: [
      ['optional', 'scheduling without inputs is accepted'],
      ['required', 'a create with scheduling but without a non-empty inputs array answers 400'],
    ],
  },
  'inputs-echo': {
    quote: 'Appears in sample payloads',
    alternatives: [
      ['as-sent', 'GET scheduling shows inputs when they were sent'],
      ['empty', 'GET scheduling always shows inputs, [] when none were sent'],
      ['default', 'GET scheduling always shows inputs, ["default"] when none were sent'],
    ],
  },
  'allow-conflict-non-admin': {
    quote: 'Rule: with allowConflict true, the schedule is updated without a conflict check, and the caller must hold an administrative role.',
    alternatives: [
      ['check-runs', 'allowConflict=true from a non-administrator is ignored: the normal conflict check runs'],
      ['forbidden', 'allowConflict=true from a non-administrator answers 403'],
      ['bad-request', 'allowConflict=true from a non-administrator answers 400'],
    ],
  },
  'unreadable-event': {
    quote: 'Which roles may call which endpoint, and the set of valid action names: not shown.',
    alternatives: [
      ['not-found', 'an event the caller may not read answers 404 (as if it did not exist)'],
      ['forbidden', 'an event the caller may not read answers 403'],
    ],
  },
  'processing-time': {
    quote: 'Transitions: not shown.',
    alternatives: [
      ['fast', 'processing takes the configured delay (300 ms unless set)'],
      ['slow', 'processing takes 2 s more than the configured delay'],
    ],
  },
  'state-sequence': {
    quote: 'Paused, waiting for a resource or paused by a user',
    alternatives: [
      ['running', 'an uploaded event is RUNNING, then SUCCEEDED'],
      ['paused-first', 'an uploaded event is PAUSED (waiting for a resource) for the first half of processing, then RUNNING, then SUCCEEDED'],
    ],
  },
  'delete-published': {
    quote: 'From version 1.6.0 it first retracts any publications.',
    alternatives: [
      ['accepted', '1.6.0: DELETE of a published event answers 202 and the event is gone after the retraction'],
      ['at-once', '1.6.0: DELETE of a published event retracts at once and answers 204'],
    ],
  },
  'boolean-flags': {
    quote: 'Additional response content is requested with the boolean query flags sign, withacl, withmetadata, withpublications and withscheduling (see Endpoints).',
    alternatives: [
      ['true-or-1', 'a flag is on for true (any case) or 1'],
      ['true-only', 'a flag is on only for true (any case)'],
    ],
  },
  'status-values': {
    quote: 'Allowed values of the event field status and of the metadata field type (beyond text and text_long): not shown.',
    alternatives: [
      ['translation-keys', 'status is a translation key like EVENTS.EVENTS.STATUS.PROCESSED'],
      ['plain', 'status is a plain word like PROCESSED, SCHEDULED, PROCESSING'],
    ],
  },
  'extra-catalog': {
    quote: 'Further configurable catalogs exist, for example license/episode.',
    alternatives: [
      ['sent-only', 'an event has dublincore/episode and the catalogs sent for it'],
      ['configured', 'every event also has a configured catalog license/episode (one field license)'],
    ],
  },
  'extra-members': {
    quote: 'Returns one event object.',
    alternatives: [
      ['none', 'responses carry only the members the spec names'],
      ['extra', 'event (1.1.0+), publication and scheduling objects carry extra members (organization, x_*)'],
    ],
  },
  'auth-failure': {
    quote: 'How a caller authenticates (scheme, credentials, headers): not shown.',
    alternatives: [
      ['401', 'missing or wrong credentials answer 401 with WWW-Authenticate'],
      ['403', 'missing or wrong credentials answer 403'],
    ],
  },
  'acl-order': {
    quote: 'An ACL is an array of entries.',
    alternatives: [
      ['as-stored', 'GET acl returns entries in the order they were set'],
      ['sorted', 'GET acl returns entries sorted by role, then action'],
    ],
  },
  'has-previews': {
    quote: 'Whether the event can be opened with the video editor',
    alternatives: [
      ['published', 'has_previews is true once the event has a publication'],
      ['never', 'has_previews is always false (no video editor)'],
    ],
  },
  'url-signing': {
    quote: 'Public distribution URLs are signed only when the sign parameter is true and URL signing is turned on in the service.',
    alternatives: [
      ['off', 'URL signing is turned off: sign=true changes nothing'],
      ['on', 'URL signing is turned on: with sign=true publication URLs carry ?policy=…&signature=…'],
    ],
  },
  'rrule-order': {
    quote: 'The body is an array of objects with identifier (string).',
    alternatives: [
      ['chronological', 'the 200 array lists the created events in occurrence order'],
      ['reverse', 'the 200 array lists the created events latest occurrence first'],
    ],
  },
  'scheduled-location': {
    quote: 'Bibliographic location',
    alternatives: [
      ['agent', 'a scheduled event created without a location takes the agent id as location'],
      ['empty', 'the location stays as sent (empty when not sent)'],
    ],
  },
  // Formerly the mutant spec-filter-subject-first-only: the spec does not say how an event with several subjects
  // matches the subject filter, so matching its first subject only is a legal reading (no bug).
  'subject-filter': {
    quote: 'subject | Subject the event is part of',
    alternatives: [
      ['any', 'subject:X matches an event that has X among its subjects'],
      ['first', 'subject:X matches an event whose first subject is X'],
    ],
  },
  // Formerly the mutant spec-pages-later-by-identifier: an unsorted list has no defined order, so its pages need
  // not follow one order (sorted walks are what events.list.pages can judge).
  'unsorted-pages': {
    quote: 'Returns a JSON array of event objects.',
    alternatives: [
      ['one-order', 'every page of an unsorted list follows the same order'],
      ['later-by-identifier', 'without sort, the first page follows the default order and later pages (offset > 0) identifier order'],
    ],
  },
} as const satisfies Record<string, ChoiceDef>;

export type ChoiceId = keyof typeof CATALOGUE;
export type AltOf<K extends ChoiceId> = (typeof CATALOGUE)[K]['alternatives'][number][0];
export type Choices = { [K in ChoiceId]: AltOf<K> };

export const CHOICE_IDS = Object.keys(CATALOGUE) as ChoiceId[];

export function isChoiceId(id: string): id is ChoiceId {
  return Object.prototype.hasOwnProperty.call(CATALOGUE, id);
}

export function alternativesOf(id: ChoiceId): string[] {
  return CATALOGUE[id].alternatives.map(([name]) => name);
}

/** Registered capture agents and known series of the alternatives `registered` / `known` (besides the user's). */
export const BUILTIN_AGENTS = ['capture-agent-1', 'capture-agent-2'];
export const BUILTIN_SERIES: Record<string, string> = { 'series-1': 'Series One', 'series-2': 'Series Two' };
export const DEFAULT_PUBLIC_BASE_URL = 'https://events.example.org/evconf';
export const LAG_MS = 300;
export const SLOW_EXTRA_MS = 2000;
