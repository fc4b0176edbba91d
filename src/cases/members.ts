import type { ApiVersion } from '../model/index.js';
import { inRange } from '../spec/versions.js';
import { FIELD_MEMBERS } from '../checks/families/events.js';

/**
 * dublincore/episode field id → event member (spec § Event (response object): "A field marked * is a metadata
 * field of the catalog with flavor dublincore/episode"): the table the check event-fields judges with
 * (checks/families/events.ts FIELD_MEMBERS), so the generated stages and the scenarios name the same member.
 */
export function memberFor(field: string, version: ApiVersion): string | undefined {
  return FIELD_MEMBERS.find((d) => d.field === field && inRange(version, d.since, d.until))?.member;
}
