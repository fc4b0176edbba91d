import fc from 'fast-check';
import { aclEntry, aclPools, type AclEntry, type AclEntryConstraints } from './acl-entry.js';
import { intIn, ordered } from './constraints.js';

/** Constraints of {@link accessControlList}. */
export interface AccessControlListConstraints extends AclEntryConstraints {
  /**
   * Fewest distinct (action, role) entries; 0 allows the empty ACL.
   * @defaultValue 0
   */
  minEntries?: number;
  /**
   * Most distinct (action, role) entries.
   * @defaultValue 6
   */
  maxEntries?: number;
  /**
   * Whether some entries are sent twice (exact duplicates; a set-valued ACL holds them once).
   * @defaultValue true
   */
  duplicates?: boolean;
}

const key = (e: AclEntry) => `${e.action}\u0000${e.role}`;

/**
 * An ACL (spec § Access control list entry: "An ACL is an array of entries"): distinct (action, role) pairs,
 * never one pair both allowed and denied (what that means is not shown), optionally with exact duplicates.
 */
export function accessControlList(constraints: AccessControlListConstraints = {}): fc.Arbitrary<AclEntry[]> {
  const where = 'accessControlList';
  const minEntries = intIn(constraints.minEntries ?? 0, 0, 100, 'minEntries', where);
  const maxEntries = intIn(constraints.maxEntries ?? 6, 0, 100, 'maxEntries', where);
  ordered(minEntries, maxEntries, 'entries', where);
  const pools = aclPools(constraints, where);
  const pairs = pools.actions.length * pools.roles.length;
  if (minEntries > pairs) throw new Error(`minEntries (${minEntries}) exceeds the ${pairs} distinct (action, role) pairs of the pools for ${where}`);
  const distinct = fc.uniqueArray(aclEntry(constraints), { minLength: minEntries, maxLength: maxEntries, selector: key });
  if (constraints.duplicates === false) return distinct;
  // Each entry is followed by 0 or 1 exact copies of an earlier entry (by index), so duplicates shrink away.
  return distinct.chain((entries) =>
    fc.array(fc.nat({ max: Math.max(0, entries.length - 1) }), { maxLength: entries.length === 0 ? 0 : 2 })
      .map((copies) => [...entries, ...copies.map((i) => ({ ...entries[i] }))]),
  );
}
