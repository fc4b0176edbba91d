/**
 * Two or more runs side by side (`evconf compare`, `evconf run --baseline`): the matrix rule × version × run and
 * what differs. Pure: it reads results only, like every reporter (src/report is checked by .dependency-cruiser.cjs).
 *
 * Honesty between runs made by different evconf versions, seeds or version sets:
 * - a cell is what that run saw; a rule the run did not check there (no result, a skip, a version the run did not
 *   ask for, a rule its evconf did not know) is "not checked", never "passed", and a difference between a checked
 *   and an unchecked cell is never counted as newly failing or passing;
 * - a rule whose meaning changed between the runs (another level, endpoint or quoted sentence for the same id)
 *   is not compared: its differences are listed as "rule changed";
 * - a check is paired with the other run's check of the same id only when both name the same rule, endpoint and
 *   version; otherwise the two are listed apart.
 */
import type { ApiVersion, CheckResult, LoadResult, Outcome, RunResult } from '../../model/index.js';
import { shownOutcome, type ShownOutcome } from '../../verdicts/shown.js';
import { endpointFamily, runVersions, versionIndex } from '../../verdicts/tally.js';

/**
 * A cell of one run: a shown outcome (the worst of its checks), or why it holds none: `untested` (the version
 * ran, the rule applies, no check of it ran), `not-offered` (the run did not check that version), `na` (the rule
 * does not apply to the version), `unknown-rule` (the run's evconf did not know the rule).
 */
export type CellState = ShownOutcome | 'untested' | 'not-offered' | 'na' | 'unknown-rule';

/** What a cell differing from the first run's (the baseline) means. */
export type DiffKind = 'newly-failing' | 'newly-passing' | 'known' | 'changed' | 'one-side' | 'rule-changed';

/** Worst first: a cell shows the worst outcome among its checks. */
export const CELL_SEVERITY: readonly ShownOutcome[] = ['fail', 'error', 'warn', 'known', 'pass', 'skip'];
/** Kinds by weight: a rule that differs in several ways is counted under the first that applies. */
export const KIND_ORDER: readonly DiffKind[] = ['newly-failing', 'newly-passing', 'rule-changed', 'known', 'changed', 'one-side'];

export const STATE_LABEL: Record<CellState, string> = {
  pass: 'passed', fail: 'failed', error: 'evconf error', warn: 'warning', known: 'known deviation', skip: 'skipped',
  untested: 'not checked', 'not-offered': 'version not in this run', na: 'not applicable to this version', 'unknown-rule': 'rule unknown to this run',
};

export const KIND_LABEL: Record<DiffKind, string> = {
  'newly-failing': 'newly failing', 'newly-passing': 'newly passing', known: 'known on one side only', changed: 'changed otherwise',
  'one-side': 'checked on one side only', 'rule-changed': 'rule changed meaning',
};

export interface CompareInput {
  label: string;
  run: RunResult;
  /** Where it was read from (shown in the report). */
  file?: string;
}

export interface ComparedRun {
  label: string;
  file?: string;
  runId: string;
  toolVersion: string;
  startedAt: string;
  durationMs: number;
  baseUrl: string;
  reference: boolean;
  mutant?: string;
  seed: number;
  apiVersions: ApiVersion[];
  command?: string;
  partial?: string;
}

export interface CompareCell {
  rule: string;
  apiVersion: ApiVersion;
  /** One per run, in the order given. */
  states: CellState[];
  /** Check count per shown outcome, one per run. */
  counts: Partial<Record<ShownOutcome, number>>[];
  differs: boolean;
  /** Against the first run, one per run (the first's is undefined); undefined where it does not differ. */
  kinds: (DiffKind | undefined)[];
  /** The weightiest of `kinds`. */
  kind?: DiffKind;
}

export interface CompareRow {
  rule: string;
  level: string;
  endpoint: string;
  family: string;
  /** Why the rule is not compared: what changed in its meaning between the runs. */
  ruleChanged?: string;
  cells: CompareCell[];
  differs: boolean;
}

/** A check id and its outcome in each run (null: no check of that id, or one that meant something else). */
export interface CheckPair {
  id: string;
  outcomes: (Outcome | null)[];
  /** Set when a run holds a check of this id that names another rule, endpoint or version: not matched. */
  unmatched?: string;
}

export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  outcome: LoadResult['outcome'];
  /** The profile's budget verdicts (its load.* results): rule → outcome. */
  budgets: Record<string, Outcome>;
}

export interface LoadRow {
  profile: string;
  apiVersion: string;
  /** One per run; undefined where that run did not load the profile at that version. */
  runs: (LoadFigures | undefined)[];
  /** Throughput change against the first run, in percent, one per run (undefined where not comparable). */
  rpsChangePct: (number | undefined)[];
}

export interface CompareSummary {
  /** Distinct rules with at least one differing cell. */
  rulesDiffering: number;
  cellsDiffering: number;
  /** Distinct rules by their weightiest kind (KIND_ORDER). */
  byKind: Record<DiffKind, number>;
}

export interface Comparison {
  runs: ComparedRun[];
  versions: ApiVersion[];
  rows: CompareRow[];
  summary: CompareSummary;
  load: LoadRow[];
  /** What makes the runs differ beyond the server (evconf version, seed, versions asked): read the matrix with it. */
  notes: string[];
}

type RuleMeta = { id: string; level: string; since?: string; until?: string; endpoint: string; quote?: string };

function ruleMetas(run: RunResult): Map<string, RuleMeta> {
  const out = new Map<string, RuleMeta>();
  for (const r of run.rules ?? []) out.set(r.id, { id: r.id, level: r.level, since: r.since, ...(r.until ? { until: r.until } : {}), endpoint: r.endpoint, quote: r.quote });
  for (const r of run.results) if (!out.has(r.rule)) out.set(r.rule, { id: r.rule, level: r.level, endpoint: r.endpoint });
  return out;
}

function applies(rule: RuleMeta, version: string): boolean {
  const v = versionIndex(version);
  return (rule.since === undefined || versionIndex(rule.since) <= v) && (rule.until === undefined || v <= versionIndex(rule.until));
}

/** What changed in a rule's meaning between two runs that both know it (undefined: the same rule). */
export function ruleChange(a: RuleMeta, b: RuleMeta): string | undefined {
  const what: string[] = [];
  if (a.level !== b.level) what.push(`level ${a.level} → ${b.level}`);
  if (a.endpoint !== b.endpoint) what.push(`endpoint ${a.endpoint} → ${b.endpoint}`);
  if (a.quote !== undefined && b.quote !== undefined && a.quote.trim() !== b.quote.trim()) what.push('quoted spec sentence');
  return what.length ? what.join(', ') : undefined;
}

/** A failure not explained by the run's expectations; a known deviation is a failure explained by them. */
const FAILING = new Set<CellState>(['fail', 'error']);
const NOT_PASSING = new Set<CellState>(['fail', 'error', 'known']);
const CHECKED = new Set<CellState>(['pass', 'fail', 'error', 'warn', 'known']);

/** The state two cells are compared by: a checked outcome, or "unchecked" for every way of holding none. */
export function comparable(s: CellState): string {
  return CHECKED.has(s) ? s : 'unchecked';
}

/**
 * What `other` means against `base` (undefined: no difference): newly failing is an unexplained failure where the
 * base passed or warned; newly passing a pass or warning where the base failed (explained or not); a known deviation
 * against a pass or failure "known"; everything else between two checked cells "changed" (a pass and a warning).
 */
export function diffKind(base: CellState, other: CellState, ruleChanged: boolean): DiffKind | undefined {
  const a = comparable(base);
  const b = comparable(other);
  if (a === b) return undefined;
  if (ruleChanged) return 'rule-changed';
  if (a === 'unchecked' || b === 'unchecked') return 'one-side';
  if (!NOT_PASSING.has(base) && FAILING.has(other)) return 'newly-failing';
  if (NOT_PASSING.has(base) && !NOT_PASSING.has(other)) return 'newly-passing';
  // A pass or an unexplained failure against a known deviation (e.g. a run with the expectations of --profile).
  if (base === 'known' || other === 'known') return 'known';
  // A pass against a warning, a failure against an evconf error.
  return 'changed';
}

function cellStateOf(run: RunResult, versions: ReadonlySet<string>, meta: RuleMeta | undefined, hasRules: boolean, version: string, counts: Partial<Record<ShownOutcome, number>> | undefined): CellState {
  if (counts) for (const o of CELL_SEVERITY) if (counts[o]) return o;
  if (!versions.has(version)) return 'not-offered';
  if (!meta) return hasRules ? 'unknown-rule' : 'untested';
  if (!applies(meta, version)) return 'na';
  return 'untested';
}

function loadFigures(l: LoadResult, results: readonly CheckResult[]): LoadFigures {
  const prefix = `${l.apiVersion ?? ''}/load/${l.profile}/`;
  const budgets: Record<string, Outcome> = {};
  for (const r of results) if (r.id.startsWith(prefix) && r.outcome !== 'skip') budgets[r.rule] = r.outcome;
  return {
    rps: l.rps.mean, p50Ms: l.latencyMs.p50, p99Ms: l.latencyMs.p99, errors: l.errors + l.timeouts, non2xx: l.non2xx, requests: l.requests,
    outcome: l.outcome, budgets,
  };
}

function compareLoad(inputs: readonly CompareInput[]): LoadRow[] {
  const keys: string[] = [];
  for (const { run } of inputs) for (const l of run.load) {
    const k = `${l.profile}\u0000${l.apiVersion ?? ''}`;
    if (!keys.includes(k)) keys.push(k);
  }
  return keys.map((k) => {
    const [profile, apiVersion] = k.split('\u0000');
    const runs = inputs.map(({ run }) => {
      const l = run.load.find((x) => x.profile === profile && (x.apiVersion ?? '') === apiVersion);
      return l && l.outcome !== 'skip' && l.requests > 0 ? loadFigures(l, run.results) : undefined;
    });
    const base = runs[0];
    const rpsChangePct = runs.map((r, i) => (i === 0 || !r || !base || base.rps <= 0 ? undefined : ((r.rps - base.rps) / base.rps) * 100));
    return { profile, apiVersion, runs, rpsChangePct };
  });
}

function describeRun(i: CompareInput): ComparedRun {
  const r = i.run;
  return {
    label: i.label, ...(i.file ? { file: i.file } : {}), runId: r.runId, toolVersion: r.tool.version, startedAt: r.startedAt, durationMs: r.durationMs,
    baseUrl: r.target.baseUrl, reference: r.target.reference, ...(r.target.mutant ? { mutant: r.target.mutant } : {}), seed: r.seed,
    apiVersions: runVersions(r), ...(r.command ? { command: r.command } : {}), ...(r.partial ? { partial: r.partial } : {}),
  };
}

function differenceNotes(runs: readonly ComparedRun[]): string[] {
  const notes: string[] = [];
  const distinct = (f: (r: ComparedRun) => string) => new Set(runs.map(f)).size > 1;
  if (distinct((r) => r.toolVersion)) notes.push(`made by different evconf versions (${runs.map((r) => `${r.label}: ${r.toolVersion}`).join(', ')}): rules one of them did not know are "not checked" there, rules whose meaning changed are not compared`);
  if (distinct((r) => String(r.seed))) notes.push(`different seeds (${runs.map((r) => `${r.label}: ${r.seed}`).join(', ')}): generated cases differ`);
  if (distinct((r) => r.apiVersions.join(','))) notes.push(`different API versions (${runs.map((r) => `${r.label}: ${r.apiVersions.join(', ')}`).join('; ')}): a version a run did not check is "not in this run" there`);
  for (const r of runs) if (r.partial) notes.push(`${r.label} is a partial record (${r.partial})`);
  return notes;
}

/** Compares runs; the first is the baseline the kinds are counted against. */
export function compareRuns(inputs: readonly CompareInput[]): Comparison {
  if (inputs.length < 2) throw new Error('compareRuns needs two runs or more');
  const metas = inputs.map(({ run }) => ruleMetas(run));
  const hasRules = inputs.map(({ run }) => Array.isArray(run.rules) && run.rules.length > 0);
  const versionSets = inputs.map(({ run }) => new Set<string>(runVersions(run)));
  const versions = [...new Set(inputs.flatMap(({ run }) => runVersions(run)))].sort((a, b) => versionIndex(a) - versionIndex(b));
  const counts = inputs.map(({ run }) => {
    const m = new Map<string, Partial<Record<ShownOutcome, number>>>();
    for (const r of run.results) {
      const key = `${r.rule}\u0000${r.apiVersion}`;
      const c = m.get(key) ?? {};
      const o = shownOutcome(r);
      c[o] = (c[o] ?? 0) + 1;
      m.set(key, c);
    }
    return m;
  });
  const ruleIds: string[] = [];
  for (const m of metas) for (const id of m.keys()) if (!ruleIds.includes(id)) ruleIds.push(id);

  const rows: CompareRow[] = ruleIds.map((id) => {
    const known = metas.map((m) => m.get(id));
    const first = known.find((k) => k !== undefined)!;
    const changes = known.map((k) => (k && k !== first ? ruleChange(first, k) : undefined)).filter((x): x is string => x !== undefined);
    const ruleChanged = changes.length ? [...new Set(changes)].join('; ') : undefined;
    const cells = versions.map((v): CompareCell => {
      const cs = counts.map((m) => m.get(`${id}\u0000${v}`));
      const states = inputs.map(({ run }, i) => cellStateOf(run, versionSets[i], known[i], hasRules[i], v, cs[i]));
      const kinds = states.map((s, i) => (i === 0 ? undefined : diffKind(states[0], s, ruleChanged !== undefined)));
      const differs = new Set(states.map(comparable)).size > 1;
      const kind = KIND_ORDER.find((k) => kinds.includes(k)) ?? (differs ? 'changed' : undefined);
      return { rule: id, apiVersion: v, states, counts: cs.map((c) => c ?? {}), differs, kinds, ...(kind ? { kind } : {}) };
    });
    return {
      rule: id, level: first.level, endpoint: first.endpoint, family: endpointFamily({ rule: id, endpoint: first.endpoint }),
      ...(ruleChanged ? { ruleChanged } : {}), cells, differs: cells.some((c) => c.differs),
    };
  });

  const byKind = Object.fromEntries(KIND_ORDER.map((k) => [k, 0])) as Record<DiffKind, number>;
  let cellsDiffering = 0;
  for (const row of rows) {
    const kinds = row.cells.filter((c) => c.differs).map((c) => c.kind!);
    cellsDiffering += kinds.length;
    const k = KIND_ORDER.find((x) => kinds.includes(x));
    if (k) byKind[k]++;
  }
  const runs = inputs.map(describeRun);
  return {
    runs, versions, rows, load: compareLoad(inputs), notes: differenceNotes(runs),
    summary: { rulesDiffering: rows.filter((r) => r.differs).length, cellsDiffering, byKind },
  };
}

/** The checks of one rule × version in each run, paired by id where they mean the same check. */
export function pairChecks(inputs: readonly CompareInput[], rule: string, apiVersion: string, ruleChanged: boolean): CheckPair[] {
  const per = inputs.map(({ run }) => run.results.filter((r) => r.rule === rule && r.apiVersion === apiVersion));
  const ids: string[] = [];
  for (const list of per) for (const r of list) if (!ids.includes(r.id)) ids.push(r.id);
  const pairs: CheckPair[] = [];
  for (const id of ids) {
    const found = per.map((list) => list.find((r) => r.id === id));
    const ref = found.find((r) => r !== undefined)!;
    const same = (r: CheckResult) => r.rule === ref.rule && r.endpoint === ref.endpoint && r.apiVersion === ref.apiVersion;
    if (!ruleChanged && found.every((r) => r === undefined || same(r))) {
      pairs.push({ id, outcomes: found.map((r) => r?.outcome ?? null) });
      continue;
    }
    // Not matched: each run's check of that id stands alone.
    found.forEach((r, i) => {
      if (!r) return;
      pairs.push({ id, outcomes: found.map((_, j) => (j === i ? r.outcome : null)), unmatched: ruleChanged ? 'the rule changed meaning between the runs' : `in ${inputs[i].label} it names ${r.endpoint}` });
    });
  }
  return pairs;
}

/** Default labels: the target (the reference server, with its planted bug; else the host), made unique. */
export function defaultLabels(runs: readonly RunResult[]): string[] {
  const base = runs.map((r) => {
    if (r.target.reference) {
      const profile = /--profile[ =](\S+)/.exec(r.command ?? '')?.[1];
      return `reference${profile ? ` (${profile})` : ''}${r.target.mutant ? ` + ${r.target.mutant}` : ''}`;
    }
    try {
      return new URL(r.target.baseUrl).host;
    } catch {
      return r.target.baseUrl;
    }
  });
  return base.map((l, i) => (base.filter((x) => x === l).length > 1 ? `${l} #${base.slice(0, i + 1).filter((x) => x === l).length}` : l));
}
