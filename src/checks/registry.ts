import type { CheckDef } from './types.js';
import { statusCheck } from './status.js';
import { jsonTypeCheck } from './body.js';
import { schemaCheck } from './schema.js';
import { locationCheck } from './location.js';
import { maxItemsCheck, sliceOfCheck } from './pagination.js';
import { containsIdsCheck, memberEqualsCheck } from './members.js';

/** Every check a scenario can name, by name. */
export const CHECKS: ReadonlyMap<string, CheckDef> = new Map(
  [statusCheck, jsonTypeCheck, schemaCheck, locationCheck, maxItemsCheck, sliceOfCheck, memberEqualsCheck, containsIdsCheck]
    .map((c) => [c.name, c]),
);
