import type { CheckDef } from './types.js';
import { statusCheck } from './status.js';
import { jsonTypeCheck } from './body.js';
import { schemaCheck } from './schema.js';
import { locationCheck } from './location.js';
import { allListedUnlessRefusedCheck, maxItemsCheck, sliceOfCheck } from './pagination.js';
import { containsIdsCheck, memberEqualsCheck } from './members.js';
import { CHECKS_LIST } from './families/list.js';
import { CHECKS_EVENTS } from './families/events.js';
import { CHECKS_ACL } from './families/acl.js';
import { CHECKS_METADATA } from './families/metadata.js';
import { CHECKS_PUBLICATIONS } from './families/publications.js';
import { CHECKS_SCHEDULING } from './families/scheduling.js';
import { CHECKS_AUTH } from './families/auth.js';
import { CHECKS_SORT } from './families/sort.js';
import { CHECKS_METADATA_VALUES } from './families/metadata-values.js';
import { CHECKS_PUBLICATIONS_LIST } from './families/publications-list.js';
import { CHECKS_EVENTS_EMPTY_MEMBERS } from './families/events-empty-members.js';
import { occurrencesAmongCheck } from './families/scheduling-occurrences.js';
import { CHECKS_LIST_VIEWS } from './families/list-views.js';
import { CHECKS_VERSIONS } from './families/versions.js';
import { CHECKS_INTERNAL_PUBLICATION } from './families/internal-publication.js';

const ALL: CheckDef[] = [
  statusCheck, jsonTypeCheck, schemaCheck, locationCheck, maxItemsCheck, sliceOfCheck, allListedUnlessRefusedCheck, memberEqualsCheck, containsIdsCheck,
  ...CHECKS_LIST, ...CHECKS_EVENTS, ...CHECKS_ACL, ...CHECKS_METADATA, ...CHECKS_PUBLICATIONS, ...CHECKS_SCHEDULING, ...CHECKS_AUTH, ...CHECKS_SORT,
  ...CHECKS_PUBLICATIONS_LIST, ...CHECKS_EVENTS_EMPTY_MEMBERS, ...CHECKS_METADATA_VALUES, occurrencesAmongCheck,
  ...CHECKS_LIST_VIEWS,
  ...CHECKS_VERSIONS,
  ...CHECKS_INTERNAL_PUBLICATION,
];

/** Every check a scenario can name, by name (names are unique: a duplicate is a bug caught at start). */
export const CHECKS: ReadonlyMap<string, CheckDef> = (() => {
  const map = new Map<string, CheckDef>();
  for (const c of ALL) {
    if (map.has(c.name)) throw new Error(`evconf bug: two checks are named "${c.name}"`);
    map.set(c.name, c);
  }
  return map;
})();
