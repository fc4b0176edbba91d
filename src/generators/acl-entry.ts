import fc from 'fast-check';
import { intIn, nonEmptyStrings } from './constraints.js';

/** One ACL entry as sent with PUT /acl (spec § Access control list entry: allow, action, role). */
export interface AclEntry {
  allow: boolean;
  action: string;
  role: string;
}

/** Constraints of {@link aclEntry}. */
export interface AclEntryConstraints {
  /**
   * Actions to pick from, besides generated ones ("the set of valid action names: not shown").
   * @defaultValue ['read', 'write']
   */
  actions?: readonly string[];
  /**
   * How many generated custom actions (lower-case words) join the pool.
   * @defaultValue 2
   */
  customActions?: number;
  /**
   * Prefix of generated roles (upper-case words after it).
   * @defaultValue 'ROLE_EVCONF_'
   */
  rolePrefix?: string;
  /**
   * Size of the role pool; a small pool makes one role appear with several actions.
   * @defaultValue 3
   */
  roles?: number;
  /**
   * Whether deny entries (allow false) appear.
   * @defaultValue true
   */
  deny?: boolean;
}

/** Custom action names: safe in a URL path segment (POST /acl/{action}). */
const CUSTOM_ACTIONS = ['annotate', 'comment', 'export', 'moderate', 'publish', 'review'];
/** Role suffixes: upper case, digits, underscore (safe in a path segment, like Opencast's ROLE_ names). */
/**
 * Role name tails: the second and third hold what URL and form encodings give a meaning to (`+` read as a space, `%`
 * followed by two hex digits read as an escape), so a role read back wrong through a form parameter (POST /acl/{action})
 * or a path segment (DELETE /acl/{action}/{role}) shows (spec § Access control list entry: "role | string").
 */
const ROLE_NAMES = ['A', 'B+C', 'D%41', 'E', 'F', 'G', 'H', 'I'];

/** Pools of actions and roles for the given constraints (shared by {@link aclEntry} and accessControlList). */
export function aclPools(c: AclEntryConstraints, where: string): { actions: string[]; roles: string[]; deny: boolean } {
  const base = nonEmptyStrings(c.actions ?? ['read', 'write'], 'actions', where);
  const custom = intIn(c.customActions ?? 2, 0, CUSTOM_ACTIONS.length, 'customActions', where);
  const rolePrefix = c.rolePrefix ?? 'ROLE_EVCONF_';
  if (!/^[A-Za-z0-9_]*$/.test(rolePrefix)) throw new Error(`rolePrefix must match [A-Za-z0-9_]* for ${where}, but received ${JSON.stringify(rolePrefix)}`);
  const roles = intIn(c.roles ?? 3, 1, ROLE_NAMES.length, 'roles', where);
  return {
    actions: [...base, ...CUSTOM_ACTIONS.slice(0, custom)],
    roles: ROLE_NAMES.slice(0, roles).map((n) => `${rolePrefix}${n}`),
    deny: c.deny ?? true,
  };
}

/** A generated ACL entry (spec § Access control list entry); pure and seeded. */
export function aclEntry(constraints: AclEntryConstraints = {}): fc.Arbitrary<AclEntry> {
  const p = aclPools(constraints, 'aclEntry');
  return fc.record({
    allow: p.deny ? fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }) : fc.constant(true),
    action: fc.constantFrom(...p.actions),
    role: fc.constantFrom(...p.roles),
  });
}
