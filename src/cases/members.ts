import type { ApiVersion } from '../model/index.js';
import { inRange } from '../spec/versions.js';

/**
 * dublincore/episode field id → event member (spec § Event (response object): "A field marked * is a metadata
 * field of the catalog with flavor dublincore/episode"), with the first version the member exists in and the
 * oldest variant's name ("presenters, contributors … not presenter, contributor"). Data, not branches.
 */
interface MemberOf {
  field: string;
  member: string;
  since: ApiVersion;
  oldest?: string;
}

const MEMBERS: readonly MemberOf[] = [
  { field: 'title', member: 'title', since: '1.0.0' },
  { field: 'description', member: 'description', since: '1.0.0' },
  { field: 'subjects', member: 'subjects', since: '1.0.0' },
  { field: 'location', member: 'location', since: '1.0.0' },
  { field: 'creator', member: 'presenter', since: '1.0.0', oldest: 'presenters' },
  { field: 'contributor', member: 'contributor', since: '1.0.0', oldest: 'contributors' },
  { field: 'language', member: 'language', since: '1.1.0' },
  { field: 'rightsHolder', member: 'rightsholder', since: '1.1.0' },
  { field: 'license', member: 'license', since: '1.1.0' },
  { field: 'source', member: 'source', since: '1.1.0' },
  { field: 'isPartOf', member: 'is_part_of', since: '1.1.0' },
];

/** The oldest variant of the event object is the one of version 1.0.0 (spec § Resources and their fields). */
const OLDEST: [ApiVersion, ApiVersion] = ['1.0.0', '1.0.0'];

/** The event member that shows catalog field `field` in `version`, or undefined when it has none. */
export function memberFor(field: string, version: ApiVersion): string | undefined {
  const m = MEMBERS.find((x) => x.field === field);
  if (!m || !inRange(version, m.since)) return undefined;
  return m.oldest && inRange(version, ...OLDEST) ? m.oldest : m.member;
}
