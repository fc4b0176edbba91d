/**
 * The latitude catalogue ("What to build" 1): places where specs/events-api.md is silent ("not shown"),
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
      ['lag-300ms-changes', 'as lag-300ms, and a change shows in the event object, its ACL, metadata and publications, and in lists (filters, sort) only 300 ms after it was accepted'],
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
      ['own-fields', 'every event has license/episode with fields of its own (holder, terms: text_long, usage: a collection); any other flavor or field id answers 400'],
      ['required-fields', 'every event has license/episode with required fields license, holder and year (a number): one sent without them, or a write emptying one, answers 400; other flavors answer 400'],
      ['episode-only', 'dublincore/episode is the only catalog: any other flavor on create, update or PUT /metadata answers 400'],
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
  // ---- Choices an independent implementer found reading specs/events-api.md alone; appended so that the seeded
  // draws of the choices above stay as they were.
  'workflow-state-order': {
    quote: 'The sort criterion workflow_state orders events by this state.',
    alternatives: [
      ['alphabetical', 'workflow_state sorts by the state name (FAILED < ... < SUCCEEDED)'],
      ['table-order', 'workflow_state sorts in the order of the States table (INSTANTIATED, RUNNING, PAUSED, STOPPED, FAILING, FAILED, SUCCEEDED)'],
    ],
  },
  'acl-duplicates': {
    quote: 'The existing ACL is overwritten.',
    alternatives: [
      ['kept', 'identical entries (same allow, action, role) sent in one ACL are all stored and returned'],
      ['collapsed', 'the ACL is stored as a set: identical entries are kept once'],
    ],
  },
  'rrule-single': {
    quote: '200: several events were created by scheduling with rrule.',
    alternatives: [
      ['array-200', 'an rrule with exactly one occurrence answers 200 with an array of one'],
      ['object-201', 'an rrule with exactly one occurrence creates one event: 201, Location and {identifier}'],
    ],
  },
  'metadata-delete-catalog': {
    quote: 'Removes all fields and values of that catalog.',
    alternatives: [
      ['removed', 'DELETE /metadata?type=<not episode> removes the catalog: it is no longer listed, GET ?type answers 404'],
      ['emptied', 'the catalog stays listed with no fields; GET ?type answers 200 []'],
    ],
  },
  'metadata-unknown-type': {
    quote: '200 with an array of metadata fields of that catalog; 404',
    alternatives: [
      ['404', 'GET /metadata?type=<a flavor the event lacks> answers 404'],
      ['empty-200', 'GET /metadata?type=<a flavor the event lacks> answers 200 [] (404 only when the event does not exist)'],
    ],
  },
  'metadata-put-unknown-type': {
    quote: 'A catalog is identified by its flavor.',
    alternatives: [
      ['404', 'PUT /metadata?type=<a flavor the event lacks> answers 404'],
      ['bad-request', 'PUT /metadata?type=<a flavor the event lacks> answers 400 (an inconsistent request)'],
      ['creates', 'PUT /metadata?type=<a flavor the event lacks> creates that catalog with the sent fields (204)'],
    ],
  },
  'metadata-delete-unknown-type': {
    quote: 'Removes all fields and values of that catalog.',
    alternatives: [
      ['404', 'DELETE /metadata?type=<a flavor the event lacks> answers 404'],
      ['204', 'DELETE /metadata?type=<a flavor the event lacks> answers 204 (nothing left to remove)'],
    ],
  },
  'delete-unpublished': {
    quote: 'Responses: 202 (retraction of publications has started), 204 (deleted), 404.',
    alternatives: [
      ['at-once', '1.6.0: DELETE of an event without publications deletes at once: 204'],
      ['accepted', '1.6.0: every DELETE runs the retraction first: 202, and the event is gone shortly after'],
    ],
  },
  'person-field-ids': {
    quote: 'Field ids used in the samples: title, subjects, description, startDate (format date), startTime (format time with UTC designator), license',
    alternatives: [
      ['creator', 'dublincore/episode carries presenters and contributors in fields creator and contributor'],
      ['presenter', 'the fields are presenter and contributor (creator is an unknown field)'],
      ['presenters', 'the fields are presenters and contributors (creator and contributor are unknown fields)'],
    ],
  },
  'start-time-format': {
    quote: 'startTime (format time with UTC designator)',
    alternatives: [
      ['seconds', 'the startTime field reads HH:MM:SSZ'],
      ['millis', 'the startTime field reads HH:MM:SS.sssZ'],
      ['minutes', 'the startTime field reads HH:MMZ (seconds are not shown)'],
    ],
  },
  'list-field-value': {
    quote: 'string or array[string]',
    alternatives: [
      ['array', 'multi-valued metadata fields (subjects, presenters, contributors) have an array value'],
      ['joined', 'multi-valued metadata fields have one comma-separated string value; a string sent for them is split at commas'],
    ],
  },
  'conflict-touching': {
    quote: 'Scheduling conflict on creation, update or scheduling update.',
    alternatives: [
      ['free', 'a recording that starts exactly when another on the same agent ends does not conflict'],
      ['conflict', 'recordings on the same agent that only touch (end = next start) conflict'],
    ],
  },
  'conflict-list': {
    quote: 'The body is an array of conflict entries (start, end, title).',
    alternatives: [
      ['all', 'the 409 body lists every conflicting event'],
      ['first', 'the 409 body lists the first conflict found only'],
    ],
  },
  'publication-status': {
    quote: 'Publications available for the event',
    alternatives: [
      ['channel', 'publication_status lists the channel of each publication'],
      ['id', 'publication_status lists the identifier of each publication'],
    ],
  },
  'unwritable-event': {
    quote: 'Which roles may call which endpoint, and the set of valid action names: not shown.',
    alternatives: [
      ['forbidden', 'a write to an event the caller may read but not write answers 403'],
      ['not-found', 'a write to an event the caller may read but not write answers 404'],
    ],
  },
  'unsupported-version': {
    quote: 'How a client selects the version (path, header or parameter): not shown.',
    alternatives: [
      ['not-acceptable', 'an Accept naming only versions this server lacks answers 406'],
      ['default', 'on a server below 1.7.0, an Accept naming only versions neither spec knows (e.g. v1.12.0) is served in the default (newest) version; from server version 1.7.0, and for the addendum\'s versions, the addendum prescribes 406'],
    ],
  },
  'unknown-field': {
    quote: '204; 400 (invalid or inconsistent request); 404',
    alternatives: [
      ['rejected-400', 'an unknown field id for dublincore/episode (create, update, PUT metadata) answers 400'],
      ['ignored', 'an unknown field id for dublincore/episode is ignored'],
    ],
  },
  'read-only-field': {
    quote: 'Invalid or inconsistent request (event creation, metadata update, scheduling update)',
    alternatives: [
      ['ignored', 'a value sent for a read-only field (created, identifier) is ignored'],
      ['rejected-400', 'a value sent for a read-only field (created, identifier) answers 400'],
    ],
  },
  'with-scheduling-unscheduled': {
    quote: 'Include scheduling information (version 1.1.0 and above)',
    alternatives: [
      ['null', 'withscheduling on an unscheduled event adds the member with null'],
      ['omitted', 'withscheduling on an unscheduled event adds no member'],
    ],
  },
  'with-publications-shape': {
    quote: 'Include publication identifiers and URLs',
    alternatives: [
      ['full', 'withpublications adds whole publications (with media, attachments, metadata)'],
      ['summary', 'withpublications adds id, channel, mediatype and url of each publication'],
    ],
  },
  'processing-required': {
    quote: 'An object with workflow (string, the workflow identifier) and configuration (object mapping string keys to string values).',
    alternatives: [
      ['optional', 'a create without a processing part is accepted'],
      ['required', 'a create without a processing part naming a workflow answers 400'],
    ],
  },
  'acl-when-omitted': {
    quote: 'Each event has an ACL that maps actions to roles.',
    alternatives: [
      ['empty', 'an event created without an acl part has an empty ACL'],
      ['creator', 'an event created without an acl part gets read and write for the creator\'s role ROLE_USER_<NAME>'],
    ],
  },
  'catalog-order': {
    quote: '200 with an array of metadata catalogs (label, flavor, fields); 404',
    alternatives: [
      ['episode-first', 'GET /metadata lists dublincore/episode first, then the others as added'],
      ['by-flavor', 'GET /metadata lists the catalogs sorted by flavor'],
    ],
  },
  'field-collection': {
    quote: 'Optional. Maps allowed value keys to translation keys.',
    alternatives: [
      ['none', 'no metadata field carries a collection'],
      ['license', 'the license field of dublincore/episode carries a collection of license keys'],
    ],
  },
  'unknown-series-title': {
    quote: 'Title of that series (version 1.1.0 and above)',
    alternatives: [
      ['generated', 'a series without a known title is shown as "Series <id>"'],
      ['empty', 'a series without a known title has series ""'],
      ['identifier', 'a series without a known title is shown by its identifier'],
    ],
  },
  'acl-actions': {
    quote: 'Which roles may call which endpoint, and the set of valid action names: not shown.',
    alternatives: [
      ['any', 'any non-empty action name is accepted in an ACL'],
      ['read-write', 'only the actions read and write are accepted; another action answers 400'],
    ],
  },
  'publication-channel': {
    quote: 'Publication channel name',
    alternatives: [
      ['engage-player', 'a processed event with media has one publication on channel engage-player'],
      ['api', 'that publication is on channel api'],
      ['both', 'a processed event with media has two publications: engage-player and api'],
    ],
  },
  // Addendum specs/events-api-1.7-1.11.md § GET /api/events and GET /api/events/{event_id} (addition in 1.11.0): where
  // in the array the internal publication stands is not said.
  'internal-publication-position': {
    quote: 'the publications member also contains the publication of channel "internal"',
    alternatives: [
      ['last', 'at 1.11.0 with includeInternalPublication=true the internal publication comes after the other publications'],
      ['first', 'it comes before the other publications'],
    ],
  },
  'acl-add-position': {
    quote: 'Adds that permission; other entries are unaffected.',
    alternatives: [
      ['end', 'POST /acl/{action} appends the new entry'],
      ['start', 'POST /acl/{action} puts the new entry first'],
    ],
  },
  'technical-start-unscheduled': {
    quote: 'Technical start (versions below 1.4.0) or bibliographic start (version 1.4.0 and above)',
    alternatives: [
      ['metadata', 'an event without a schedule has its bibliographic (metadata) start as its technical start; start_date sorts by the bibliographic start'],
      ['created', 'an event without a schedule has the time it was created as its technical start (start below 1.4.0), and start_date/end_date sort by the start the version reports'],
    ],
  },
  'form-encoding': {
    quote: 'The other write operations (PUT, and POST on the ACL action path) send form parameters.',
    alternatives: [
      ['any', 'form parameters are read from application/x-www-form-urlencoded and multipart/form-data bodies'],
      ['multipart-only', 'PUT /acl, POST /acl/{action}, PUT /metadata and PUT /scheduling read multipart/form-data only; an urlencoded body answers 415'],
    ],
  },
  // ---- More choices an independent implementer found reading specs/events-api.md alone; appended after the others so
  // that the seeded draws of the choices above stay as they were.
  'json-escaping': {
    quote: 'Responses carry JSON.',
    alternatives: [
      ['utf-8', 'JSON bodies write non-ASCII characters and / as they are (UTF-8)'],
      ['ascii', 'JSON bodies escape every non-ASCII character as \\uXXXX and / as \\/ (the same JSON values)'],
    ],
  },
  'json-whitespace': {
    quote: 'Responses carry JSON.',
    alternatives: [
      ['compact', 'JSON bodies carry no insignificant whitespace'],
      ['indented', 'JSON bodies are pretty-printed with newlines and two-space indentation'],
    ],
  },
  'content-type-charset': {
    quote: 'Responses carry JSON.',
    alternatives: [
      ['none', 'the JSON Content-Type is sent as json-content-type gives it'],
      ['utf-8', 'the JSON Content-Type always carries the parameter charset=UTF-8'],
    ],
  },
  'cache-headers': {
    quote: 'Responses carry JSON.',
    alternatives: [
      ['none', 'responses carry no caching headers'],
      ['etag', 'a 200 to GET carries a strong ETag (digest of the body) and Cache-Control: no-cache'],
      ['no-store', 'every JSON response carries Cache-Control: no-store and Pragma: no-cache'],
    ],
  },
  'method-not-allowed': {
    quote: 'All paths are under {base_url}.',
    alternatives: [
      ['405', 'a method the path does not have answers 405 with an Allow header'],
      ['404', 'a method the path does not have answers 404 (no such resource)'],
    ],
  },
  'create-body': {
    quote: 'The body is an object with identifier (string).',
    alternatives: [
      ['identifier', 'the 201 body is {"identifier": ...}'],
      ['event', 'the 201 body is the created event object of the served version (it carries identifier)'],
    ],
  },
  'publication-timing': {
    quote: 'Currently processing',
    alternatives: [
      ['at-success', 'a processed event gets its publication when processing_state turns SUCCEEDED'],
      ['while-running', 'the publication appears half-way through processing, while processing_state is still RUNNING'],
    ],
  },
  'checksum-format': {
    quote: 'Track (element of media): id string, mediatype string, url string, flavor string, size integer, checksum string, tags array[string], has_audio boolean, has_video boolean, duration integer, description string.',
    alternatives: [
      ['hex', 'track and file checksums are lower-case hex MD5 digests'],
      ['typed', 'checksums name their algorithm: md5:<lower-case hex>'],
      ['upper-hex', 'checksums are upper-case hex MD5 digests'],
    ],
  },
  'file-tags': {
    quote: 'File item (element of attachments and of metadata): id string, mediatype string, url string, flavor string, size integer, checksum string, tags array[string].',
    alternatives: [
      ['download', 'tracks and files carry the tag engage-download'],
      ['empty', 'tracks and files carry no tags ([])'],
      ['several', 'tracks and files carry the tags engage-download, engage-streaming and archive'],
    ],
  },
  'publication-mediatype': {
    quote: 'Media type of the publication url',
    alternatives: [
      ['json', 'a publication has mediatype application/json'],
      ['html', 'a publication has mediatype text/html (its url is a player page)'],
    ],
  },
  'upload-processing': {
    quote: 'Transitions: not shown.',
    alternatives: [
      ['asynchronous', 'an uploaded event is processed after the 201: RUNNING first, SUCCEEDED later'],
      ['synchronous', 'an uploaded event is processed before the 201 is sent: it is SUCCEEDED (and published) at once'],
    ],
  },
  'scheduling-duration': {
    quote: '200 with a scheduling object (agent_id, start, end, inputs); 204 when the event is not scheduled; 404',
    alternatives: [
      ['omitted', 'a scheduling object shows agent_id, start, end (and inputs)'],
      ['shown', 'a scheduling object also shows duration, the recording length in milliseconds (a field of Scheduling information)'],
    ],
  },
  'scheduling-put-partial': {
    quote: 'form parameter scheduling (string, JSON scheduling object, required, since 1.1.0)',
    alternatives: [
      ['merge', 'PUT scheduling changes the members sent and keeps the others'],
      ['complete', 'PUT scheduling must send a whole scheduling object (agent_id, start and end or duration, rules 1 and 4); else 400'],
    ],
  },
  'past-schedule': {
    quote: '400: the request is invalid or inconsistent.',
    alternatives: [
      ['accepted', 'a schedule whose recording ends in the past is accepted'],
      ['rejected-400', 'a create, update or scheduling update with a recording that would end before now answers 400 (it cannot be captured)'],
    ],
  },
  'datetime-input': {
    quote: 'datetime (UTC)',
    alternatives: [
      ['any-offset', 'scheduling start/end with any UTC offset are accepted and normalised to UTC'],
      ['utc-only', 'scheduling start/end must be UTC (Z or a zero offset); a non-zero offset answers 400'],
    ],
  },
  'sort-suffix-case': {
    quote: 'The suffix is mandatory.',
    alternatives: [
      ['any-case', 'the sort suffix is read case-insensitively, and ASCENDING/DESCENDING are accepted too'],
      ['exact', 'only the suffixes ASC and DESC are accepted; another spelling (asc, Descending) answers 400'],
    ],
  },
  'acl-add-over-deny': {
    quote: 'Adds that permission; other entries are unaffected.',
    alternatives: [
      ['flipped', 'POST /acl/{action} for a role with a deny entry of that action turns the deny entry into an allow entry'],
      ['appended', 'the deny entry stays as it was and an allow entry is added after the others'],
    ],
  },
  'field-order': {
    quote: 'Fields of the catalog',
    alternatives: [
      ['as-defined', 'the fields of a catalog come in the server\'s definition order (title first; extra catalogs as added)'],
      ['by-id', 'the fields of every catalog come sorted by field id'],
    ],
  },
  'list-lag': {
    quote: 'Returns a JSON array of event objects. The array may be empty. Status 200.',
    alternatives: [
      ['none', 'a list shows a change as soon as a single GET of the event does'],
      ['lag-500ms', 'lists read an index that shows every change (create, update, processing, delete) 500 ms after a single GET does'],
    ],
  },
  'unknown-input': {
    quote: '400: the request is invalid or inconsistent.',
    alternatives: [
      ['ignored', 'a query parameter, form parameter or multipart part the spec does not name is ignored'],
      ['rejected-400', 'a query parameter, form parameter or multipart part the spec does not name (for that endpoint and version) answers 400'],
    ],
  },
  'trailing-slash': {
    quote: 'Paths are relative to {base_url}.',
    alternatives: [
      ['same', 'a path with a trailing slash answers as the path without it'],
      ['not-found', 'a path with a trailing slash (/api/events/) answers 404: no such resource'],
    ],
  },
  // Appended last so that the seeded draws of the choices above stay as they were. The spec gives datetimes as
  // "datetime (UTC)" and durations in milliseconds, and no precision: a server may keep the milliseconds or the
  // second (cut or rounded). It applies to every datetime the server keeps and shows (event start and created,
  // scheduling start and end, conflict entries, metadata startDate/startTime and created), and so to the end it
  // keeps for a start plus a duration with a fraction of a second.
  'datetime-precision': {
    quote: 'Duration of the recording in milliseconds',
    alternatives: [
      ['seconds-cut', 'datetimes are kept to the second: the fraction of a second (of start + duration, of a creation time) is cut'],
      ['millis-when-non-zero', 'datetimes keep their milliseconds, shown as .sss when not zero: start + 4300367296 ms ends at …47.296Z'],
      ['millis-always', 'datetimes keep their milliseconds and always show them: …47.296Z, and …10:00:00.000Z for a whole second'],
      ['seconds-rounded', 'datetimes are kept to the nearest second: a fraction of half a second or more rounds up'],
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
/** list-lag=lag-500ms: how long after the single GET a change shows in lists. */
export const LIST_LAG_MS = 500;
export const SLOW_EXTRA_MS = 2000;
