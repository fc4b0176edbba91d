import { ACTIONS_LIST } from './actions/list.js';
import { ACTIONS_EVENTS } from './actions/events.js';
import { ACTIONS_ACL } from './actions/acl.js';
import { ACTIONS_METADATA } from './actions/metadata.js';
import { ACTIONS_PUBLICATIONS } from './actions/publications.js';
import { ACTIONS_SCHEDULING } from './actions/scheduling.js';
import { ACTIONS_AUTH } from './actions/auth.js';
import { ACTIONS_SORT } from './actions/sort.js';
import { ACTIONS_UPDATE_WITH_MEDIA } from './actions/update-with-media.js';
import { ACTIONS_START_AND_SINGLES } from './actions/start-and-singles.js';
import { ACTIONS_DELETE_WHILE_PROCESSING } from './actions/delete-while-processing.js';
import { ACTIONS_VERSIONS } from './actions/versions.js';
import { ACTIONS_ACL_WHILE_PROCESSING } from './actions/acl-while-processing.js';

/**
 * Names of the actions a scenario step may use (`action:`); the engine implements each one
 * (src/engine/actions). Listed here so scenario files are validated without importing the engine.
 */
export const ACTIONS: ReadonlySet<string> = new Set([
  /** POST /api/events with the standard multipart body built from `with` (fields, scheduling, acl, media). */
  'create-event',
  ...ACTIONS_LIST, ...ACTIONS_EVENTS, ...ACTIONS_ACL, ...ACTIONS_METADATA, ...ACTIONS_PUBLICATIONS, ...ACTIONS_SCHEDULING, ...ACTIONS_AUTH, ...ACTIONS_SORT,
  ...ACTIONS_UPDATE_WITH_MEDIA,
  ...ACTIONS_START_AND_SINGLES,
  ...ACTIONS_DELETE_WHILE_PROCESSING,
  ...ACTIONS_VERSIONS,
  ...ACTIONS_ACL_WHILE_PROCESSING,
]);
