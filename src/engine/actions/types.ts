import type { Exchange } from '../../model/index.js';
import type { ScenarioEnv } from '../env.js';

/** What an action did: its exchanges (the last is what checks look at) and a value to check and save. */
export interface ActionOutcome {
  exchanges: Exchange[];
  value: unknown;
}

/** An action: several requests or a computed expectation behind one scenario step (`action: name`). */
export type Action = (env: ScenarioEnv, params: Record<string, unknown>, vars: Readonly<Record<string, unknown>>) => Promise<ActionOutcome>;
