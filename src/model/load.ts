/** Result of one load profile (ARCHITECTURE.md § Contracts `load`). */
export interface LoadBudget {
  p99Ms?: number;
  minRps?: number;
  maxErrorRate?: number;
}

export interface LoadResult {
  profile: string;
  url: string;
  apiVersion?: string;
  /** What made the load: evconf's own autocannon generator, or Artillery (`--engine artillery`, `report --load`). */
  engine?: 'autocannon' | 'artillery';
  connections: number;
  durationMs: number;
  requests: number;
  rps: { mean: number; p50: number; p90?: number; min?: number; max?: number };
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean?: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  bytes: number;
  sampledBodies: number;
  sampledBodiesValid: number;
  generatorSaturated?: boolean;
  generatorCpuPct?: number;
  budget: LoadBudget;
  /** Budgets that only warned when missed: the shipped defaults against a server evconf did not start. */
  advisoryBudgets?: string[];
  outcome: 'pass' | 'fail' | 'warn' | 'skip' | 'error';
  message?: string;
}
