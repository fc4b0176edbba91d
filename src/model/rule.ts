import type { ApiVersion } from './version.js';

export type RuleLevel = 'MUST' | 'SHOULD';
/**
 * normative: the spec states it; not-shown: the spec leaves it open, evconf only observes;
 * budget: a performance budget of the load stage (ARCHITECTURE.md § Stages), set by the user, not by the spec.
 */
export type RuleKind = 'normative' | 'not-shown' | 'budget';

/** One testable statement of the spec (specs/rules.yaml). */
export interface Rule {
  id: string;
  level: RuleLevel;
  kind: RuleKind;
  /** First version the rule applies to (inclusive). */
  since: ApiVersion;
  /** Last version the rule applies to (inclusive); absent = up to the newest. */
  until?: ApiVersion;
  /**
   * A server-release rule (addendum specs/events-api-1.7-1.11.md: rows marked "server release"): it applies only on a
   * server whose server version (its highest listed version, GET /api/version) lies in [serverSince, serverUntil]
   * (inclusive; serverUntil absent = every newer one), whatever version a request asks for. Elsewhere it is "not offered".
   */
  serverSince?: ApiVersion;
  serverUntil?: ApiVersion;
  /** Spec section heading, e.g. "Endpoints > GET /api/events". */
  section: string;
  /** The endpoint the rule is about, e.g. "GET /api/events". */
  endpoint: string;
  /** The sentence of the spec quoted verbatim. */
  quote: string;
}
