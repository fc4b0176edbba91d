import fc from 'fast-check';

/** Constraints of {@link badJson}. */
export interface BadJsonConstraints {
  /**
   * Valid JSON texts the bad ones are made from (e.g. a real ACL or catalog list).
   * @defaultValue a small ACL, a catalog list and a processing object
   */
  from?: readonly string[];
}

const DEFAULT_FROM = [
  '[{"allow":true,"action":"read","role":"ROLE_ADMIN"}]',
  '[{"flavor":"dublincore/episode","fields":[{"id":"title","value":"x"}]}]',
  '{"workflow":"schedule-and-upload","configuration":{}}',
];

/** Ways to break JSON text that a careless parser might still accept. */
const BREAKERS: ((s: string, n: number) => string)[] = [
  (s, n) => s.slice(0, Math.max(1, Math.min(s.length - 1, n % s.length))), // cut short
  (s) => s.replace(/"/g, "'"), // single quotes
  (s) => s.replace(/[\]}]$/, ',$&'), // trailing comma
  (s) => `${s}}`, // unbalanced
  (s) => s.replace(/"([a-z_]+)":/i, '$1:'), // unquoted key
];

/** Text that is not JSON (spec § Conventions: "Parameters of type acl, catalogs, values and processing carry JSON text"). */
export function badJson(constraints: BadJsonConstraints = {}): fc.Arbitrary<string> {
  const from = constraints.from ?? DEFAULT_FROM;
  for (const s of from) {
    try {
      JSON.parse(s);
    } catch {
      throw new Error(`from must hold valid JSON texts for badJson, but received ${JSON.stringify(s)}`);
    }
  }
  return fc.tuple(fc.constantFrom(...from), fc.nat({ max: BREAKERS.length - 1 }), fc.nat({ max: 1000 }))
    .map(([s, b, n]) => BREAKERS[b](s, n))
    .filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
}
