import { EventApi } from './api.js';
import type { PhaseEnv } from './env.js';
import type { Verdict } from './verdict.js';
import { agentFor } from '../../engine/capabilities.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Everything one generated case (or one command sequence) works with: a recording client, a tag unique to the
 * case (letters and digits, prefixed to titles so a textFilter finds exactly the case's events), and how long
 * reads may settle (design §1.7: real servers are eventually consistent).
 */
export class CaseKit {
  readonly api: EventApi;

  constructor(
    readonly env: PhaseEnv,
    /** e.g. `evconfab12cd34v160s3p2c17`. */
    readonly tag: string,
    readonly settleMs: number,
    /** Number of the case in its stage (1, 2, …): makes capture agents unique per case. */
    readonly n = 0,
    /** Rules this case exercised (for the pass results' coverage). */
    readonly exercised: Set<string> = new Set(),
  ) {
    this.api = new EventApi(env);
  }

  /**
   * The capture agent a case really uses for a generated agent id: unique per case, so that an event a broken
   * DELETE left behind never conflicts with a later case (the generated value, and so the counterexample, keeps
   * the generated id). Where the server refused evconf's own agents, the user's --agent-id (cases run one after the
   * other and delete their events, so they do not overlap on it).
   */
  agent(generated: string): string {
    return agentFor(this.env.caps, `${generated}c${this.n}`) ?? `${generated}c${this.n}`;
  }

  /** The tagged title: `<case tag> <title>`. */
  title(title: string): string {
    return `${this.tag} ${title}`;
  }

  /**
   * Repeats `attempt` until it passes or settleMs elapse; the evidence keeps only the last attempt's exchanges.
   * Records `rule` as exercised.
   */
  async settle(rule: string, attempt: () => Promise<Verdict>): Promise<Verdict> {
    this.exercised.add(rule);
    const deadline = Date.now() + this.settleMs;
    for (let delay = 25; ; delay = Math.min(delay * 2, 400)) {
      const mark = this.api.exchanges.length;
      const v = await attempt();
      if (v.ok || Date.now() + delay > deadline) return v;
      await sleep(delay);
      this.api.exchanges.splice(mark);
    }
  }

  /** Deletes what the case created (its own events only). */
  dispose(): Promise<void> {
    return this.api.disposeCreated();
  }
}
