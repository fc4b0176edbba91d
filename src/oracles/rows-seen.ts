import type { ApiVersion, CheckResult, Exchange } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import type { RuleBook } from '../spec/rules.js';
import { parseJsonBody, type HttpClient, type RequestSpec } from '../http/index.js';
import { createdIdentifiers } from '../core/event-form.js';
import { settleLoop, type LagTracker } from '../core/settle.js';
import { giveUpTest } from '../core/readiness.js';
import { checkResult } from '../core/result.js';
import { matchesPattern } from '../cases/select.js';
import { canonical, differingMembers, flagParam, processing, PROCESSING_MEMBERS, WITH_FLAGS, type WithFlag } from './views.js';

/**
 * Oracle "rows seen" (consistency): every row of every successful GET /api/events the run receives, in any stage,
 * is judged against its event's other view, the single GET /api/events/{id} with the same flags (sign, withacl,
 * withmetadata, withpublications, withscheduling), the same headers and the same credentials. Spec § GET
 * /api/events ("Returns a JSON array of event objects") and § GET /api/events/{event_id} ("Query parameters are
 * sign, withacl, withmetadata, withpublications and withscheduling … with the same meanings as for the list").
 *
 * Only rows of events this run created are judged (a real server holds other data). Only members both views show are
 * compared, as values of one thing (src/oracles/views.ts: arrays as multisets, datetimes as instants to the second);
 * the members that processing changes are left out while either view shows processing. A difference is a failure
 * only once it persists over the run's settle rule (src/core/settle.ts: both views read again, the same list request
 * and the single GET, until they agree on a stable read or the answer stops changing after the window W), and only
 * when no write of that event (and no write outside /api/events/{id}) was sent between the list request and the last
 * read: a list that lags its index may show an older state (ARCHITECTURE.md, principle 7: real servers are eventually
 * consistent; the spec promises no moment at which a write shows in the list). Within one
 * response, an event of the run listed twice is a failure of the same rule.
 *
 * Cost: one single GET per event, flags, identity and written state (what it answered is kept and judges every later
 * row of that event at that state without a request); a row identical to one already judged is not judged again; a
 * version makes at most EXTRA_READS_PER_VERSION such reads, after which only events written since their last
 * judgement (or never judged) are read. The reads run beside the stages, two at a time; the version waits for them
 * once its stages have ended.
 */

/** The source of the oracle's results (the "scenario" part of their ids). */
export const ROWS_SEEN_SOURCE = 'oracle-rows-seen';

/** The rules the oracle reports: a row against its event (base members), and each flag's member. */
export const ROWS_SEEN_RULES: readonly string[] = ['events.list.rows', ...WITH_FLAGS.map((f) => `events.list.${flagParam(f)}`)];

/** Reads (single GETs and confirming re-reads) made at most per version beyond those always due. */
export const EXTRA_READS_PER_VERSION = 400;

/** Judgements waiting at most (rows beyond it are not judged: counted). */
const QUEUE_CAP = 2_000;
/** Reads of the oracle in flight at once. */
const IN_FLIGHT = 2;
/** How long a version waits, at most, for the judgements still queued when its stages end (ms, beyond the settle time). */
const DRAIN_GRACE_MS = 5_000;

/**
 * The query parameters a single GET shares with the list (spec § GET /api/events/{event_id}; includeInternalPublication
 * from 1.11.0, accepted and ignored below: specs/events-api-1.7-1.11.md § Versioning).
 */
const SHARED_PARAMS = ['sign', ...WITH_FLAGS.map(flagParam), 'includeInternalPublication'];

/** The list's own parameters (spec § GET /api/events): which rows, not what a row shows. A list with any other is not judged. */
const LIST_PARAMS = ['filter', 'sort', 'limit', 'offset'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One list response as seen: who sent it, how (to send it again), and the write count when it was sent. */
interface Listing {
  client: HttpClient;
  spec: RequestSpec;
  ex: Exchange;
  /** The query parameters a single GET of one of its rows takes. */
  shared: Record<string, string>;
  /** The flags on in it (a member named after one is that flag's member). */
  flags: WithFlag[];
  /** Identity and headers: rows judged by the single GET of the same identity and headers. */
  who: string;
  seq0: number;
}

/** A single GET of an event as answered, at the event's written state `seq`; its body parsed when first needed. */
interface Single {
  seq: number;
  ex: Exchange;
  body?: Obj | null;
}

/** The body of a single GET: the event object it answered (200, an object with the identifier asked), else null. */
function bodyOf(s: Single, id: string): Obj | undefined {
  if (s.body === undefined) {
    const parsed = s.ex.response?.status === 200 ? parseJsonBody(s.ex) : undefined;
    s.body = parsed?.ok && isObj(parsed.value) && parsed.value.identifier === id ? parsed.value : null;
  }
  return s.body ?? undefined;
}

/** A failure found, kept until the version reports. */
interface Found {
  rule: string;
  message: string;
  expected: Obj;
  actual: Obj;
  exchanges: Exchange[];
}

/** What the oracle counted in a version (the pass message quotes it; the tests read it). */
export interface RowsSeenStats {
  lists: number;
  rows: number;
  judged: number;
  /** Judged against a single GET read earlier at the same written state (no request). */
  fromCache: number;
  deduplicated: number;
  singleGets: number;
  /** Single GETs of the stages themselves kept as an event's single view. */
  stageSingles: number;
  listRereads: number;
  /** Differences that went away on reading both views again (index lag). */
  settled: number;
  /** Differences with a write of the event in between (not judged). */
  written: number;
  /** Rows whose event's single GET did not answer 200 with an object (deleted since, not readable alone). */
  unreadable: number;
  /** Rows not judged: the read budget was spent, the queue full, the event gone, or the version stopped first. */
  notJudged: number;
  /** Rows judged per rule. */
  perRule: Record<string, number>;
}

/** The parts of a run the oracle needs (the orchestrator's version, configuration and rule book). */
export interface RowsSeenOptions {
  version: ApiVersion;
  config: RunConfig;
  book: RuleBook;
  signal?: AbortSignal;
}

/** The path of a request relative to the client's base URL (undefined for another origin). */
const bases = new Map<string, { origin: string; prefix: string }>();
function relativePath(client: HttpClient, url: string): { path: string; query: URLSearchParams } | undefined {
  try {
    const u = new URL(url);
    let base = bases.get(client.baseUrl);
    if (!base) {
      const b = new URL(client.baseUrl);
      base = { origin: b.origin, prefix: b.pathname.replace(/\/+$/, '') };
      bases.set(client.baseUrl, base);
    }
    const { prefix } = base;
    if (u.origin !== base.origin || !u.pathname.startsWith(prefix)) return undefined;
    return { path: u.pathname.slice(prefix.length), query: u.searchParams };
  } catch {
    return undefined;
  }
}

/** The event a path under /api/events/{id} names, or undefined. */
function eventOfPath(path: string): string | undefined {
  const m = /^\/api\/events\/([^/]+)/.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

export class RowsSeen {
  private readonly rules: string[];
  private readonly own = new Set<string>();
  private readonly gone = new Set<string>();
  private seq = 0;
  private readonly lastWrite = new Map<string, number>();
  private readonly inflight = new Map<string, number>();
  private foreignWrite = 0;
  private foreignInflight = 0;
  /** Per event, flags and identity: the single GET as answered, at the written state `seq`. */
  private readonly singles = new Map<string, Single>();
  /** Per event: the write count when one of its rows was last judged. */
  private readonly judgedAt = new Map<string, number>();
  private readonly rowsDone = new Set<string>();
  /** List answers already judged (identity, shared parameters and body text): the run's events they showed, at which written state. */
  private readonly listsDone = new Map<string, [string, number][]>();
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idle: (() => void)[] = [];
  private reads = 0;
  private lag: LagTracker | undefined;
  private readonly found: Found[] = [];
  /** Events whose difference is being read again (the settle loop's end). */
  private readonly confirming = new Map<string, Promise<void>>();
  private readonly failedRules = new Set<string>();
  private stopped = false;
  readonly stats: RowsSeenStats = { lists: 0, rows: 0, judged: 0, fromCache: 0, deduplicated: 0, singleGets: 0, stageSingles: 0, listRereads: 0, settled: 0, written: 0, unreadable: 0, notJudged: 0, perRule: {} };

  constructor(private readonly o: RowsSeenOptions) {
    const only = o.config.only;
    const selectedAll = !only || only.length === 0 || only.some((p) => matchesPattern(p, ROWS_SEEN_SOURCE));
    this.rules = ROWS_SEEN_RULES.filter((id) => {
      const rule = o.book.get(id);
      return rule !== undefined && o.book.appliesTo(rule, o.version) && (selectedAll || only!.some((p) => matchesPattern(p, id)));
    });
  }

  /** Whether the oracle judges anything in this run (a rule of it selected and applicable). */
  get active(): boolean {
    return this.rules.includes('events.list.rows');
  }

  /** The version's learned visibility lag (src/core/settle.ts), once the orchestrator has it. */
  useLag(lag: LagTracker | undefined): void {
    this.lag = lag;
  }

  /**
   * The client as the stages use it, every exchange seen by the oracle; the oracle's own reads go through `client`
   * itself (not seen again). `identity` tells the version's clients apart (admin, user, none).
   */
  tap(client: HttpClient, identity: string): HttpClient {
    if (!this.active) return client;
    return {
      ...client,
      send: async (spec) => {
        const method = spec.method.toUpperCase();
        const write = method !== 'GET' && method !== 'HEAD';
        const seq0 = this.seq;
        const target = write ? this.writeTarget(client, spec) : undefined;
        // A difference being read again is not cut short by the deletion of its event or of a row beside it (a
        // stage's cleanup): a delete waits for the differences being read again (each bounded by --settle-ms); only
        // lists that differed from their events ever make it wait.
        if (method === 'DELETE' && this.confirming.size > 0) await Promise.all(this.confirming.values());
        if (target !== undefined) this.writeStarts(target);
        if (method === 'DELETE' && target) this.gone.add(target);
        const ex = await client.send(spec);
        if (target !== undefined) this.writeEnds(target, ex);
        else if (method === 'GET') this.read(client, identity, spec, ex, seq0);
        return ex;
      },
    };
  }

  /** What a write touches: an event id, '' for a create (POST /api/events), null for anything else. */
  private writeTarget(client: HttpClient, spec: RequestSpec): string | null {
    const rel = relativePath(client, `${client.baseUrl}${spec.path}`);
    if (!rel) return null;
    if (/^\/api\/events\/?$/.test(rel.path)) return '';
    return eventOfPath(rel.path) ?? null;
  }

  private writeStarts(target: string | null): void {
    this.seq++;
    if (target === '') return;
    if (target === null) this.foreignInflight++;
    else {
      this.inflight.set(target, (this.inflight.get(target) ?? 0) + 1);
      this.lastWrite.set(target, this.seq);
    }
  }

  private writeEnds(target: string | null, ex: Exchange): void {
    this.seq++;
    if (target === '') {
      if (ex.response && ex.response.status >= 200 && ex.response.status < 300) {
        const parsed = parseJsonBody(ex);
        for (const id of createdIdentifiers(parsed.ok ? parsed.value : undefined, ex.response.headers.location)) this.own.add(id);
      }
      return;
    }
    if (target === null) {
      this.foreignInflight--;
      this.foreignWrite = this.seq;
      return;
    }
    this.inflight.set(target, (this.inflight.get(target) ?? 1) - 1);
    this.lastWrite.set(target, this.seq);
  }

  /** Whether the event may have changed since write count `seq0` (a write of it or outside the events sent since, or in flight). */
  private writtenSince(id: string, seq0: number): boolean {
    return (this.lastWrite.get(id) ?? 0) > seq0 || (this.inflight.get(id) ?? 0) > 0 || this.foreignWrite > seq0 || this.foreignInflight > 0;
  }

  /** A GET as the stage got it: a successful list of the run's own events is judged. */
  private read(client: HttpClient, identity: string, spec: RequestSpec, ex: Exchange, seq0: number): void {
    if (this.stopped || !ex.response || ex.response.status !== 200 || !ex.request.url.includes('/api/events')) return;
    const rel = relativePath(client, ex.request.url);
    if (!rel) return;
    const single = /^\/api\/events\/([^/]+)$/.test(rel.path) ? eventOfPath(rel.path)! : undefined;
    // A single GET of another's event, or of one of ours written since it was sent: nothing to keep.
    if (single !== undefined && (!this.own.has(single) || this.writtenSince(single, seq0))) return;
    const shared: Record<string, string> = {};
    for (const p of SHARED_PARAMS) {
      const v = rel.query.get(p);
      if (v !== null) shared[p] = v;
    }
    const who = JSON.stringify([identity, spec.auth === undefined ? 0 : spec.auth, spec.headers ?? {}]);
    if (single !== undefined) {
      this.stageSingle(single, rel.query, shared, who, ex, seq0);
      return;
    }
    if (!/^\/api\/events\/?$/.test(rel.path) || [...rel.query.keys()].some((k) => !SHARED_PARAMS.includes(k) && !LIST_PARAMS.includes(k))) return;
    // The same answer to the same list again (a settling read), none of its events written since: judged already.
    const listKey = ex.response.truncated ? undefined : `${who}\u0000${JSON.stringify(shared)}\u0000${ex.response.body}`;
    const before = listKey === undefined ? undefined : this.listsDone.get(listKey);
    if (before && before.every(([id, state]) => (this.lastWrite.get(id) ?? 0) === state)) {
      this.stats.lists++;
      this.stats.rows += before.length;
      this.stats.deduplicated += before.length;
      return;
    }
    const parsed = parseJsonBody(ex);
    if (!parsed.ok || !Array.isArray(parsed.value)) return;
    const flags = WITH_FLAGS.filter((f) => shared[flagParam(f)] !== undefined && shared[flagParam(f)].toLowerCase() !== 'false');
    const listing: Listing = { client, spec, ex, shared, flags, who, seq0 };
    this.stats.lists++;
    const rows = parsed.value.filter((r): r is Obj => isObj(r) && typeof r.identifier === 'string' && this.own.has(r.identifier));
    // An event of the run listed twice in one response.
    const seen = new Set<string>();
    for (const row of rows) {
      const id = row.identifier as string;
      if (seen.has(id) && !this.gone.has(id)) {
        this.fail({ rule: 'events.list.rows', message: `${this.describe(listing)} lists event ${id} more than once in one response (an array of event objects: each event once)`, expected: { identifier: id, rows: 1 }, actual: { identifier: id, rows: rows.filter((r) => r.identifier === id).length }, exchanges: [ex] });
      }
      seen.add(id);
    }
    for (const row of rows) this.row(listing, row);
    if (listKey !== undefined) this.listsDone.set(listKey, rows.map((r) => [r.identifier as string, this.lastWrite.get(r.identifier as string) ?? 0]));
  }

  /**
   * A single GET a stage made itself: what it answered is kept as the event's single view at its written state (no
   * write of the event in between), so rows of that state, flags and identity are judged without a request of ours.
   * Only GETs whose parameters are all ones the list shares (an unknown parameter is another check's business).
   */
  private stageSingle(id: string, query: URLSearchParams, shared: Record<string, string>, who: string, ex: Exchange, seq0: number): void {
    if (!this.own.has(id) || this.writtenSince(id, seq0) || [...query.keys()].some((k) => !SHARED_PARAMS.includes(k))) return;
    const key = `${id}\u0000${who}\u0000${JSON.stringify(shared)}`;
    const state = this.lastWrite.get(id) ?? 0;
    if (this.singles.get(key)?.seq === state) return;
    this.singles.set(key, { seq: state, ex });
    this.stats.stageSingles++;
  }

  /** The list request in words (the message names it). */
  private describe(l: Listing): string {
    const q = relativePath(l.client, l.ex.request.url)?.query.toString();
    return `GET /api/events${q ? `?${q}` : ''}`;
  }

  private singleKey(l: Listing, id: string): string {
    return `${id}\u0000${l.who}\u0000${JSON.stringify(l.shared)}`;
  }

  /** One row of the run's own event: judged at once against a single GET already read, else queued. */
  private row(l: Listing, row: Obj): void {
    const id = row.identifier as string;
    if (this.gone.has(id)) return;
    this.stats.rows++;
    const key = this.singleKey(l, id);
    const state = this.lastWrite.get(id) ?? 0;
    const rowKey = `${key}\u0000${state}\u0000${JSON.stringify(row)}`;
    if (this.rowsDone.has(rowKey)) {
      this.stats.deduplicated++;
      return;
    }
    this.rowsDone.add(rowKey);
    const cached = this.singles.get(key);
    const cachedBody = cached && cached.seq === state && !this.writtenSince(id, l.seq0) ? bodyOf(cached, id) : undefined;
    if (cachedBody && this.differences(l, row, cachedBody).length === 0) {
      this.stats.fromCache++;
      this.judged(l, id);
      return;
    }
    // Due: an event never judged, or written since its last judgement; the others while the budget lasts.
    const due = (this.judgedAt.get(id) ?? -1) < state;
    if ((!due && this.reads >= EXTRA_READS_PER_VERSION) || this.queue.length >= QUEUE_CAP) {
      this.stats.notJudged++;
      return;
    }
    this.enqueue(() => this.judge(l, row));
  }

  private judged(l: Listing, id: string): void {
    this.stats.judged++;
    this.judgedAt.set(id, this.lastWrite.get(id) ?? 0);
    for (const rule of ['events.list.rows', ...l.flags.map((f) => `events.list.${flagParam(f)}`)]) {
      if (this.rules.includes(rule)) this.stats.perRule[rule] = (this.stats.perRule[rule] ?? 0) + 1;
    }
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.running < IN_FLIGHT && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running++;
      void job().catch(() => undefined).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && this.queue.length === 0) for (const w of this.idle.splice(0)) w();
      });
    }
  }

  /** The single GET of the row's event with the list's flags, headers and credentials (its body, or undefined). */
  private async single(l: Listing, id: string): Promise<{ body: Obj | undefined; ex: Exchange }> {
    this.reads++;
    this.stats.singleGets++;
    const ex = await l.client.send({
      method: 'GET', path: `/api/events/${encodeURIComponent(id)}`, query: l.shared,
      ...(l.spec.headers ? { headers: l.spec.headers } : {}), ...(l.spec.auth !== undefined ? { auth: l.spec.auth } : {}),
    });
    const parsed = ex.response?.status === 200 ? parseJsonBody(ex) : undefined;
    return { body: parsed?.ok && isObj(parsed.value) ? parsed.value : undefined, ex };
  }

  /**
   * The members the row and the single GET show differently (only members both show; the processing members while
   * either shows processing; with sign on, the publications member, whose signed URLs may differ from read to read).
   */
  private differences(l: Listing, row: Obj, single: Obj): string[] {
    const skip = new Set(processing(row) || processing(single) ? PROCESSING_MEMBERS : []);
    if (l.shared.sign !== undefined && l.shared.sign.toLowerCase() !== 'false') for (const k of ['publications', 'withpublications']) skip.add(k);
    return differingMembers(row, single, skip);
  }

  /** The rule a differing member breaks: its flag's list rule for a with* member, else events.list.rows. */
  private ruleOf(l: Listing, member: string): string {
    const f = l.flags.find((x) => member === x || member === flagParam(x));
    const rule = f ? `events.list.${flagParam(f)}` : 'events.list.rows';
    return this.rules.includes(rule) ? rule : 'events.list.rows';
  }

  /** Judges one row: the single GET read now; a difference read again (both views) over the settle rule. */
  private async judge(l: Listing, row: Obj): Promise<void> {
    const id = row.identifier as string;
    if (this.stopped || this.gone.has(id)) {
      this.stats.notJudged++;
      return;
    }
    const key = this.singleKey(l, id);
    const state = this.lastWrite.get(id) ?? 0;
    let s = this.singles.get(key);
    if (!s || s.seq !== state) {
      const before = this.seq;
      const got = await this.single(l, id);
      s = { seq: state, ex: got.ex, body: got.body ?? null };
      // Kept only when no write of the event went by while it was read.
      if (!this.writtenSince(id, before)) this.singles.set(key, s);
    }
    const body = bodyOf(s, id);
    if (!body) {
      // Not readable alone (deleted, another identity's refusal): the single GET's own checks judge that.
      this.stats.unreadable++;
      return;
    }
    const diff = this.differences(l, row, body);
    if (diff.length === 0) {
      this.judged(l, id);
      return;
    }
    if (this.writtenSince(id, l.seq0)) {
      this.stats.written++;
      return;
    }
    const already = this.confirming.get(id);
    if (already) {
      // One difference of the event is being read again already: its verdict stands for this row too.
      await already;
      this.stats.deduplicated++;
      return;
    }
    const done = this.confirm(l, row, diff);
    this.confirming.set(id, done);
    try {
      await done;
    } finally {
      if (this.confirming.get(id) === done) this.confirming.delete(id);
    }
  }

  /** A difference seen once: both views read again until they agree on a stable read or the difference persists. */
  private async confirm(l: Listing, first: Obj, firstDiff: string[]): Promise<void> {
    const id = first.identifier as string;
    const kept: { list: Exchange; single?: Exchange; row?: Obj; body?: Obj; diff: string[] }[] = [];
    const outcome = await settleLoop({
      modes: ['stable'],
      settleMs: this.failedRules.has(this.ruleOf(l, firstDiff[0])) ? 0 : this.o.config.settleMs,
      firstDelayMs: 25,
      maxDelayMs: 400,
      giveUpOn: 'failing',
      cutOnAbort: true,
      giveUp: giveUpTest(l.client),
      ...(this.o.signal ? { signal: this.o.signal } : {}),
      ...(this.lag ? { lag: this.lag } : {}),
      // The loop begins where a difference was come upon, not at a write (src/core/settle.ts learnLag).
      learnLag: false,
      read: async () => {
        this.reads += 2;
        this.stats.listRereads++;
        const list = await l.client.send(l.spec);
        const parsed = list.response?.status === 200 ? parseJsonBody(list) : undefined;
        const row = parsed?.ok && Array.isArray(parsed.value) ? (parsed.value as unknown[]).find((r): r is Obj => isObj(r) && r.identifier === id) : undefined;
        if (!row) {
          kept.push({ list, diff: [] });
          return { answer: `absent ${list.response?.status ?? 'none'}`, exchange: list, views: [{ skip: true }] };
        }
        const s = await this.single(l, id);
        const diff = s.body ? this.differences(l, row, s.body) : [];
        kept.push({ list, single: s.ex, row, ...(s.body ? { body: s.body } : {}), diff });
        if (!s.body) return { answer: `single ${s.ex.response?.status ?? 'none'}`, exchange: s.ex, views: [{ skip: true }] };
        return { answer: `${canonical(row)}\u0000${canonical(s.body)}`, exchange: s.ex, views: [{ holds: diff.length === 0 }] };
      },
    });
    const end = outcome?.ends[0];
    if (this.writtenSince(id, l.seq0)) {
      this.stats.written++;
      return;
    }
    if (!end || end.by !== 'decision') {
      this.stats.notJudged++;
      return;
    }
    if (end.decision.pass) {
      this.stats.settled++;
      this.judged(l, id);
      return;
    }
    const last = kept[end.reads[end.reads.length - 1]];
    if (!last?.row || !last.body || !last.single || last.diff.length === 0) {
      this.stats.notJudged++;
      return;
    }
    this.judged(l, id);
    const k = last.diff[0];
    const rule = this.ruleOf(l, k);
    const q = relativePath(l.client, l.ex.request.url)?.query;
    const shared = new URLSearchParams(l.shared).toString();
    this.fail({
      rule,
      message: `the list row of event ${id} in ${this.describe(l)} shows member ${k} other than GET /api/events/{id}${shared ? `?${shared}` : ''} (${end.decision.why}; ${last.diff.length} member(s) differ: ${last.diff.join(', ')}; no write of the event in between${q?.get('sort') ? `; sort=${q.get('sort')}` : ''})`,
      expected: { event: id, [k]: (last.body[k] ?? null) as never },
      actual: { event: id, [k]: (last.row[k] ?? null) as never },
      exchanges: [l.ex, last.list, last.single],
    });
  }

  private fail(f: Found): void {
    this.failedRules.add(f.rule);
    this.found.push(f);
  }

  /**
   * Waits for the judgements still queued (bounded by --settle-ms and a grace), then stops watching and returns the
   * version's results: per rule judged, its failures (the first of each rule, with the number of others), or one pass.
   */
  async finish(): Promise<CheckResult[]> {
    if (!this.active) return [];
    const bound = this.o.config.settleMs + DRAIN_GRACE_MS;
    if (this.running > 0 || this.queue.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise<void>((r) => this.idle.push(r)), new Promise<void>((r) => (timer = setTimeout(r, bound)))]);
      clearTimeout(timer);
    }
    this.stopped = true;
    this.stats.notJudged += this.queue.length;
    this.queue.length = 0;
    const out: CheckResult[] = [];
    const result = (rule: string, outcome: 'pass' | 'fail', message: string, extra: Partial<Found> = {}) => {
      const r = this.o.book.get(rule)!;
      out.push(checkResult({
        rule: r, version: this.o.version, idSource: ROWS_SEEN_SOURCE, source: ROWS_SEEN_SOURCE, outcome, message, attach: 'evidence', seed: this.o.config.seed,
        ...(extra.expected ? { expected: extra.expected as never } : {}), ...(extra.actual ? { actual: extra.actual as never } : {}), ...(extra.exchanges ? { exchanges: extra.exchanges } : {}),
      }));
    };
    const st = this.stats;
    for (const rule of this.rules) {
      const failures = this.found.filter((f) => f.rule === rule);
      if (failures.length > 0) {
        const f = failures[0];
        result(rule, 'fail', `${f.message}${failures.length > 1 ? ` (and ${failures.length - 1} more such finding(s) in this version)` : ''}`, f);
      } else if ((st.perRule[rule] ?? 0) > 0) {
        result(rule, 'pass', `${st.perRule[rule]} row(s) of the run's own events, in the list responses of every stage, agreed with GET /api/events/{id} with the same flags (${st.rows} rows in ${st.lists} lists seen; ${st.stageSingles} single GETs of the stages kept, ${st.singleGets} made, ${st.listRereads} lists read again; ${st.settled} difference(s) gone on reading again; ${st.deduplicated} identical to a row judged, ${st.fromCache} judged by a single GET read before; not judged: ${st.written} for a write in between, ${st.unreadable} unreadable alone, ${st.notJudged} over budget or stopped)`);
      }
    }
    return out;
  }
}
