import fc from 'fast-check';
import { isApiVersion, type ApiVersion } from '../model/index.js';
import { badJson } from './bad-json.js';
import { oneOf } from './constraints.js';
import { atLeastVersion, filterNamesFor, SORT_NAMES } from './filter-names.js';

/**
 * An invalid request and the rule that says it must be refused with 400. Rules (specs/rules.yaml):
 * - create-bad-json: events.create.400 (MUST) "400: the request is invalid or inconsistent."
 * - create-end-and-duration: events.create.schedule-both (MUST, 1.1.0+) "Giving both end and duration is invalid."
 * - metadata-bad-json: metadata.put.400 (MUST) "400 (invalid or inconsistent request)"
 * - scheduling-bad-json: scheduling.put.400 (MUST, 1.1.0+)
 * - sort-without-suffix: events.list.sort.suffix (SHOULD) "The suffix is mandatory."
 * - unknown-filter: events.list.filter.unknown (SHOULD, 1.1.0+; the Filters table lists the valid names)
 */
export type InvalidInput =
  | { kind: 'create-bad-json'; rule: 'events.create.400'; part: 'metadata' | 'acl' | 'processing'; text: string }
  | { kind: 'create-end-and-duration'; rule: 'events.create.schedule-both'; durationMinutes: number; endMinutes: number }
  | { kind: 'metadata-bad-json'; rule: 'metadata.put.400'; text: string }
  | { kind: 'scheduling-bad-json'; rule: 'scheduling.put.400'; text: string }
  | { kind: 'sort-without-suffix'; rule: 'events.list.sort.suffix'; sort: string }
  | { kind: 'unknown-filter'; rule: 'events.list.filter.unknown'; filter: string };

export type InvalidKind = InvalidInput['kind'];

/** Each kind with its rule and the first version the rule applies to. */
export const INVALID_KINDS: readonly { kind: InvalidKind; rule: InvalidInput['rule']; since: ApiVersion }[] = [
  { kind: 'create-bad-json', rule: 'events.create.400', since: '1.0.0' },
  { kind: 'create-end-and-duration', rule: 'events.create.schedule-both', since: '1.1.0' },
  { kind: 'metadata-bad-json', rule: 'metadata.put.400', since: '1.0.0' },
  { kind: 'scheduling-bad-json', rule: 'scheduling.put.400', since: '1.1.0' },
  { kind: 'sort-without-suffix', rule: 'events.list.sort.suffix', since: '1.0.0' },
  { kind: 'unknown-filter', rule: 'events.list.filter.unknown', since: '1.1.0' },
];

/** Constraints of {@link invalidInput}. */
export interface InvalidInputConstraints {
  version: ApiVersion;
  /**
   * Kinds to generate (each must apply to the version).
   * @defaultValue every kind that applies to the version
   */
  kinds?: readonly InvalidKind[];
}

const word = fc.stringMatching(/^[a-z][a-z_]{2,11}$/);
/** Filter names real servers accept although the spec does not list them (docs/opencast-notes.md: `presenters`). */
const UNDOCUMENTED_FILTERS = ['presenters'];

function arbitraryOf(kind: InvalidKind, version: ApiVersion): fc.Arbitrary<InvalidInput> {
  switch (kind) {
    case 'create-bad-json':
      return fc.record({ part: fc.constantFrom('metadata' as const, 'acl' as const, 'processing' as const), text: badJson() })
        .map((r) => ({ kind, rule: 'events.create.400' as const, ...r }));
    case 'create-end-and-duration':
      return fc.record({ durationMinutes: fc.integer({ min: 5, max: 120 }), endMinutes: fc.integer({ min: 5, max: 120 }) })
        .map((r) => ({ kind, rule: 'events.create.schedule-both' as const, ...r }));
    case 'metadata-bad-json':
      return badJson().map((text) => ({ kind, rule: 'metadata.put.400' as const, text }));
    case 'scheduling-bad-json':
      return badJson({ from: ['{"agent_id":"a","start":"2090-01-01T10:00:00Z","duration":600000}'] })
        .map((text) => ({ kind, rule: 'scheduling.put.400' as const, text }));
    case 'sort-without-suffix':
      return fc.constantFrom(...SORT_NAMES).map((sort) => ({ kind, rule: 'events.list.sort.suffix' as const, sort }));
    case 'unknown-filter': {
      const known = new Set([...filterNamesFor(version), ...UNDOCUMENTED_FILTERS].map((n) => n.toLowerCase()));
      return fc.tuple(word.filter((w) => !known.has(w.toLowerCase())), fc.stringMatching(/^[a-z0-9]{1,8}$/))
        .map(([name, value]) => ({ kind, rule: 'events.list.filter.unknown' as const, filter: `${name}:${value}` }));
    }
  }
}

/** A generated invalid input valid to send in `version`; pure and seeded. */
export function invalidInput(constraints: InvalidInputConstraints): fc.Arbitrary<InvalidInput> {
  const where = 'invalidInput';
  if (!isApiVersion(constraints?.version)) throw new Error(`version must be an API version for ${where}, but received ${String(constraints?.version)}`);
  const { version } = constraints;
  const applicable = INVALID_KINDS.filter((k) => atLeastVersion(version, k.since)).map((k) => k.kind);
  const kinds = [...(constraints.kinds ?? applicable)];
  if (kinds.length === 0) throw new Error(`kinds must not be empty for ${where}`);
  for (const k of kinds) oneOf(k, applicable, `kind (version ${version})`, where);
  return fc.oneof(...kinds.map((k) => arbitraryOf(k, version)));
}
