/**
 * The reference server in an Opencast mode (`evconf serve --profile opencast`): it answers as real Opencast does,
 * per docs/opencast-behaviour.md (each fact with the Opencast source that shows it). Two kinds of named switches:
 * - `latitude`: legal choices (the spec leaves the room; src/reference/latitude/catalogue.ts) Opencast takes;
 *   the suite must accept every one of them;
 * - `deviations`: Opencast's documented departures from the spec, each a mutant (src/reference/mutants): what
 *   expectations/opencast.yaml lists as known.
 */

/** Latitude choice → the alternative real Opencast takes, with where that is documented (its section of Opencast's behaviour). */
export const OPENCAST_LATITUDE: Readonly<Record<string, string>> = {
  'index-lag': 'lag-300ms-changes', //          "The API reads an index updated asynchronously, so a GET right after POST can 404
  //                                              and lists lag behind writes" (Events / callbacks)
  'create-media': 'optional', //                 "Media is NOT required (ingest only logs a warning)" (Required on create)
  'capture-agents': 'registered', //             "agent must be a registered capture agent" (Scheduling rules, real)
  'processing-required': 'required', //          "processing (object with workflow) [is] required" (Required on create)
  'error-body': 'text', //                       "Plain text, not JSON" (Error body format)
  'json-content-type': 'versioned', //           "Response Content-Type is always application/v1.X.0+json" (Version selection)
  'unsupported-version': 'not-acceptable', //    "-> 406 before the method runs" (Unknown / unsupported version)
  'put-acl-allow': 'required', //                "PUT /acl: allow is mandatory; missing -> 400" (ACL allow default)
  'acl-allow-default': 'true', //                "every entry becomes allow=true" (ACL allow default)
  'acl-add-over-deny': 'flipped', //             "POST /acl/{action}: … replaces an existing deny" (ACL allow default)
  'acl-actions': 'any', //                       "The server does not validate action names" (Valid action names)
  'with-member-names': 'plain', //               "acl, metadata, scheduling, publications" (with* member names)
  'with-publications-shape': 'full', //          "publications (array of FULL publication objects)" (with* member names)
  'number-fields': 'numbers', //                 "Both JSON numbers" (Event duration/archive_version)
  'datetime-format': 'seconds', //               "YYYY-MM-DDTHH:MM:SSZ (UTC, no millis)" (Date/time formats)
  'start-time-format': 'minutes', //             "startTime (time "HH:mm")" (dublincore/episode field ids)
  'public-base-url': 'configured', //            "configured external API URL … may differ from the request host" (Location header)
  'identifier-format': 'uuid', //                "New events get a random UUID (36 chars, lower case)" (Id format)
  'default-limit': 'none', //                    "No default limit and no maximum" (limit / offset)
  'max-limit': 'none',
  'limit-zero': 'all', //                        "absent, 0 or negative limit -> all matches" (limit / offset)
  'unknown-filter': 'rejected-400', //           "Unknown name -> 400 … (>=1.1.0; ignored in 1.0.0)" (Filter syntax)
  'unknown-sort': 'rejected-400', //             "unknown name -> 400" (Sort)
  'sort-suffix-case': 'any-case', //             "order word case-insensitive, also Ascending/Descending" (Sort)
  'sort-collation': 'code-point', //             "Keyword sort = case-sensitive code-point order" (Sort)
  'filter-match': 'exact', //                    "exact, case-sensitive, whole value" (Filter matching)
  'text-filter': 'substring', //                 "case-insensitive substring" (textFilter)
  'start-bounds': 'inclusive', //                "inclusive range" (Filter matching)
  'boolean-flags': 'true-only', //               "only true (case-insensitive) is reliably true" (Boolean query values)
  'status-values': 'translation-keys', //        "EVENTS.EVENTS.STATUS.{…}" (status values)
  'inputs-required': 'optional', //              "inputs … Optional array" (inputs)
  'inputs-echo': 'as-sent', //                   "GET /scheduling includes inputs only when set" (inputs)
  'scheduled-location': 'agent', //              "location is overwritten with agent_id" (Scheduling rules, real)
  'datetime-input': 'any-offset', //             "any ISO-8601 date-time with offset (normalized to UTC)" (Scheduling rules, real)
  'allow-conflict-non-admin': 'check-runs', //   "No 403 … the normal check runs" (allowConflict by non-admin)
  'unreadable-event': 'not-found', //            "an unreadable event is 404, not 403" (Roles per endpoint)
  'metadata-unknown-type': '404', //             "Valid-looking flavor that no catalog has -> 404" (GET metadata?type=unknown)
  'metadata-put-unknown-type': '404', //         "Same for PUT and DELETE" (GET metadata?type=unknown)
  'metadata-delete-unknown-type': '404',
  'unknown-field': 'rejected-400', //            "Unknown metadata field id or flavor -> 400" on create (Required on create)
  'person-field-ids': 'creator', //              "creator (= presenters …), contributor" (dublincore/episode field ids)
  'delete-published': 'accepted', //             "202 when the event has … publications" (DELETE)
  'delete-unpublished': 'at-once', //            "204 when nothing is published" (DELETE)
  'extra-members': 'extra', //                   "Attachments also carry ref; tracks may carry width, height, …" (Things … differently, 3)
};

/**
 * Opencast's documented deviations from the spec, as mutant names (src/reference/mutants): expectations/opencast.yaml.
 * Not here, because evconf reads them as legal: 5 (202 on DELETE of a published event below
 * 1.6.0: "the caller must retract published events before calling it", so the spec says nothing of the answer), 7
 * (allowConflict by a non-admin: latitude allow-conflict-non-admin=check-runs), 8 (an unknown field on PUT /metadata:
 * latitude unknown-field), 9-16 (latitude choices above, or outside the spec).
 */
export const OPENCAST_DEVIATIONS: readonly string[] = [
  'opencast-oldest-current-names', //       Things … differently 1: 1.0.0 members presenter/contributor/start
  'metadata-catalog-title-key', //          2: the catalog's name key is title, not label
  'opencast-publications-list-full', //     3: GET …/publications lists full objects (media, attachments, metadata)
  'opencast-acl-part-allow-ignored', //     4: allow in the create/update acl part is ignored
  'schedule-both-accepted', //              6: both end and duration are accepted
  'list-offset-index-always', //            9: offset is an index, also in 1.0.0
  'opencast-filter-repeat-last', //         10: the 1.5.0 OR rule is not implemented as documented
  'opencast-scheduled-state-empty', //      11: processing_state "" for a scheduled event
];

/** The capture agent the Opencast profile names (profiles/opencast.yaml `agent-id`): registered on this server. */
export const OPENCAST_AGENT = 'evconf-ca';
