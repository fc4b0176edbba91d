import type { ApiVersion, LoadBudget } from '../model/index.js';

/**
 * One list query of a load profile, as written in suites/load/profiles.yaml (ARCHITECTURE.md § Stages). Values may hold
 * placeholders such as `${title.3}` that name values of this run's seeded events (see placeholders.ts).
 */
export interface QueryTemplate {
  /** `filter` query parameter (spec § GET /api/events: `<FilterName>:<value>[,…]`). */
  filter?: string;
  /** `sort` query parameter (`<SortName>:ASC|DESC[,…]`). */
  sort?: string;
  limit?: string;
  offset?: string;
  /** Further query parameters (e.g. withacl: "true"). */
  params: Record<string, string>;
}

/** A validated load profile: what to request, how hard, for how long, and the budgets that decide the outcome. */
export interface LoadProfile {
  name: string;
  description?: string;
  /** Oldest API version the profile applies to (e.g. is_part_of exists from 1.1.0); older versions skip it. */
  since?: ApiVersion;
  /** Pins the API version of this profile (default: the stage's version). */
  apiVersion?: ApiVersion;
  connections: number;
  /** Seconds, 1–60. */
  durationS: number;
  pipelining: number;
  /** One query, or several for a mix (each connection cycles through them). */
  queries: QueryTemplate[];
  budget: LoadBudget;
  /** file:line of the profile, for messages. */
  source: string;
}

/** Upper bounds (ARCHITECTURE.md, principle 6: load is bounded in duration and count). */
export const LOAD_LIMITS = {
  maxDurationS: 60,
  maxEvents: 20_000,
  maxConnections: 1_000,
  maxPipelining: 16,
} as const;
