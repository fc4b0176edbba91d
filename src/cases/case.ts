import { EventApi } from './api.js';
import type { PhaseEnv } from './env.js';
import { OK, type Broken, type Verdict } from './verdict.js';
import type { Exchange } from '../model/index.js';
import { CONFIRM_DELAY_MS, decideSettle, settleWindow, type SettleRead } from '../core/settle.js';

/** The answer of an attempt: its verdict and what each of its exchanges answered (status and body). */
function answerOf(v: Verdict, exchanges: readonly Exchange[]): string {
  return JSON.stringify([v.ok ? 'ok' : v.rule, ...exchanges.map((x) => [x.response?.status ?? x.error?.code ?? 'none', x.response?.body ?? ''])]);
}
import { giveUpTest } from '../core/readiness.js';
import { agentFor } from '../core/capabilities.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Everything one generated case (or one command sequence) works with: a recording client, a tag unique to the
 * case (letters and digits, prefixed to titles so a textFilter finds exactly the case's events), and how long
 * reads may settle (design §1.7: real servers are eventually consistent).
 */
/** A failure a case recorded and went on past (issue 23 item 7), with the case's exchanges up to it. */
export interface NotedFailure {
  verdict: Broken;
  exchanges: Exchange[];
}

export class CaseKit {
  readonly api: EventApi;
  /** Failures noted on the way (Verdict.noted of the reads that decided), the first per rule, in order. */
  readonly noted: NotedFailure[] = [];
  /** The rules exercised up to the last settled read that passed: what a case that then breaks has judged. */
  private judgedUpTo: ReadonlySet<string> = new Set();

  constructor(
    readonly env: PhaseEnv,
    /** e.g. `evconfab12cd34v160s3p2c17`. */
    readonly tag: string,
    readonly settleMs: number,
    /** Number of the case in its stage (1, 2, …): makes capture agents unique per case. */
    readonly n = 0,
    /** Rules this case exercised (for the pass results' coverage). */
    readonly exercised: Set<string> = new Set(),
    /** Rules earlier cases found failing: their reads are decided by one read (no settle window to wait out again). */
    readonly failed: ReadonlySet<string> = new Set(),
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

  /** Rules the case judged (and found holding) before its last passing settled read (see CaseReport.judged). */
  get judged(): ReadonlySet<string> {
    return this.judgedUpTo;
  }

  /** Records a failure the case goes on past (the first per rule), with the exchanges so far as evidence. */
  note(v: Broken): void {
    if (!this.noted.some((n) => n.verdict.rule === v.rule)) this.noted.push({ verdict: v, exchanges: [...this.api.exchanges] });
  }

  /** Records what the deciding read noted; a pass also marks everything exercised so far as judged. */
  private decided(v: Verdict): Verdict {
    for (const n of v.noted ?? []) this.note(n);
    if (v.ok) this.judgedUpTo = new Set(this.exercised);
    return v;
  }

  /** The tagged title: `<case tag> <title>`. */
  title(title: string): string {
    return `${this.tag} ${title}`;
  }

  /**
   * Repeats the read `attempt` until it is decided as src/core/settle.ts decides a scenario's settle step: it
   * passes on a stable read (held twice in a row with the same answer), fails once the answer stops changing
   * after the window W or when it held and then did not (an unstable server), bounded by settleMs. With settleMs 0
   * (shrinking) one read decides. The evidence keeps the deciding attempts' exchanges. Records `rule` as exercised.
   */
  async settle(rule: string, attempt: () => Promise<Verdict>): Promise<Verdict> {
    this.exercised.add(rule);
    const started = Date.now();
    // A rule an earlier case found failing (issue 23 item 7: the cases go on past a failure): one read decides, so
    // that every further case that breaks it does not wait out the settle window again.
    const settleMs = this.failed.has(rule) ? 0 : this.settleMs;
    const deadline = started + settleMs;
    const windowMs = settleWindow(settleMs, this.env.lag?.ms ?? 0);
    const reads: SettleRead[] = [];
    const kept: { verdict: Verdict; exchanges: Exchange[] }[] = [];
    const giveUp = giveUpTest(this.env.clients.admin);
    const settled = (v: Verdict): Verdict => {
      this.env.waits?.settle(Date.now() - started, windowMs);
      return v;
    };
    let graceUsed = false;
    let delay = 25;
    for (;;) {
      const mark = this.api.exchanges.length;
      const v = await attempt();
      const exchanges = this.api.exchanges.splice(mark);
      if (settleMs <= 0) {
        this.api.exchanges.push(...exchanges);
        return this.decided(v);
      }
      // A read the server has shown it will not answer (issue 21 item 3): its broken verdict (the transport error as
      // evidence) is final; reading again cannot change it.
      const unanswered = exchanges.length > 0 ? giveUp(exchanges[exchanges.length - 1]) : undefined;
      if (unanswered && !v.ok) {
        this.env.waits?.gaveUp();
        this.api.exchanges.push(...exchanges);
        return settled(this.decided({ ...v, message: `${v.message} (not read again: ${unanswered})` }));
      }
      kept.push({ verdict: v, exchanges });
      reads.push({ holds: v.ok, answer: answerOf(v, exchanges), atMs: Date.now() - started });
      const final = Date.now() >= deadline || Boolean(this.env.signal?.aborted);
      const d = decideSettle('stable', reads, { windowMs, final, graceUsed });
      if (d) {
        for (const k of d.decisive) this.api.exchanges.push(...kept[k].exchanges);
        const at = kept[d.decisive[d.decisive.length - 1]].verdict;
        if (d.pass) {
          const first = reads.findIndex((r) => r.holds);
          if (first > 0) this.env.lag?.note(reads[first].atMs);
          this.decided(at.ok ? at : OK);
          return settled(OK);
        }
        return settled(this.decided(at.ok ? at : { ...at, message: `${at.message} (${d.why})` }));
      }
      if (final) graceUsed = true;
      const held = v.ok;
      const toWindow = windowMs - (Date.now() - started);
      let wait = CONFIRM_DELAY_MS;
      if (!held) {
        wait = toWindow > 0 ? Math.min(delay, toWindow + 5) : delay;
        delay = Math.min(delay * 2, 400);
      }
      if (!final) wait = Math.min(wait, Math.max(0, deadline - Date.now()) + 1);
      if (wait > 0) await sleep(wait);
    }
  }

  /**
   * Waits (bounded by settleMs, not recorded as evidence) until GET /api/events/{id} answers a 2xx: a created
   * event may become readable late (design §1.7). Notes how long it took as the server's lag. False if never.
   */
  async visible(id: string): Promise<boolean> {
    const started = Date.now();
    const giveUp = giveUpTest(this.env.clients.admin);
    for (let delay = 25; ; delay = Math.min(delay * 2, 400)) {
      const r = await this.api.send({ method: 'GET', path: this.api.path(id) }, false);
      if (r.status !== undefined && r.status >= 200 && r.status < 300) {
        const lag = Date.now() - started - r.ex.durationMs;
        this.env.lag?.note(lag);
        this.env.waits?.readable(lag);
        this.api.seen.add(id);
        return true;
      }
      if (Date.now() + delay > started + this.settleMs || this.env.signal?.aborted) return false;
      // A GET the server will not answer (readiness.ts): the reads that follow fail with its transport error as evidence.
      if (giveUp(r.ex)) {
        this.env.waits?.gaveUp();
        return false;
      }
      await sleep(delay);
    }
  }

  /** Deletes what the case created (its own events only). */
  dispose(): Promise<void> {
    return this.api.disposeCreated();
  }
}
