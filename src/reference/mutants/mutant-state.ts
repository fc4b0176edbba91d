import { copyEpisode } from '../episode.js';
import type { AclEntry, EpisodeValues, EventRecord, ExtraCatalog } from '../types.js';
import type { BugFn, MutantName } from '../bug.js';

/**
 * State the mutants written from the spec alone (the SPEC_* groups) keep beside the reference server (never used by the correct server): request counters
 * (the flaky mutants answer every second request wrongly, deterministically by count) and, per event, the states
 * it had before its writes (the stale-replica and "reverts an earlier write" mutants read them).
 */

/** What a write can change that the stale mutants look back at. */
export interface EventSnapshot {
  acl: AclEntry[];
  episode: EpisodeValues;
  extras: Map<string, ExtraCatalog>;
}

const counters = new WeakMap<object, Map<string, number>>();

/** Counts one more occurrence of `key` for `owner` (a server's App, or an event); returns the new count (1-based). */
export function nth(owner: object, key: string): number {
  let m = counters.get(owner);
  if (!m) counters.set(owner, (m = new Map()));
  const n = (m.get(key) ?? 0) + 1;
  m.set(key, n);
  return n;
}

/** How many times `key` was counted for `owner` (without counting). */
export function counted(owner: object, key: string): number {
  return counters.get(owner)?.get(key) ?? 0;
}

/** True on every second call for (owner, key): the 2nd, 4th, … */
export function everySecond(owner: object, key: string): boolean {
  return nth(owner, key) % 2 === 0;
}

const history = new WeakMap<EventRecord, EventSnapshot[]>();

function snapshot(rec: EventRecord): EventSnapshot {
  return {
    acl: rec.acl.map((e) => ({ ...e })),
    episode: copyEpisode(rec.episode),
    extras: new Map([...rec.extraCatalogs].map(([f, c]) => [f, new Map([...c].map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]))])),
  };
}

function sameAcl(a: EventSnapshot, b: EventSnapshot): boolean {
  return JSON.stringify(a.acl) === JSON.stringify(b.acl);
}

function sameMetadata(a: EventSnapshot, b: EventSnapshot): boolean {
  const text = (s: EventSnapshot) => JSON.stringify([s.episode, [...s.extras].map(([f, c]) => [f, [...c]])]);
  return text(a) === text(b);
}

/** The mutants that look back at an event's earlier states. */
const NEEDS_HISTORY: MutantName[] = [
  'acl-read-flaky', 'metadata-read-flaky', 'metadata-put-reverts-earlier', 'update-reverts-earlier',
  'sort-title-stale-after-update', 'filter-title-stale-after-update', 'get-withmetadata-stale',
];

/**
 * Bug site (app.ts writableEvent): records the event's state before each write, when a mutant needs it. Only
 * states that differ from the last recorded one are kept, so the list reads "creation state, then the state
 * before each write that changed something".
 */
export function rememberBeforeWrite(bug: BugFn, rec: EventRecord): void {
  if (!NEEDS_HISTORY.some((n) => bug(n))) return;
  const list = history.get(rec) ?? [];
  const now = snapshot(rec);
  const last = list[list.length - 1];
  if (!last || !sameAcl(last, now) || !sameMetadata(last, now)) list.push(now);
  history.set(rec, list);
}

/** The state the event was created with (before its first write); undefined when it was never written. */
export function firstState(rec: EventRecord): EventSnapshot | undefined {
  return history.get(rec)?.[0];
}

/** The latest earlier state whose ACL differs from the current one (a replica one ACL change behind). */
export function aclBehind(rec: EventRecord): AclEntry[] | undefined {
  const now = snapshot(rec);
  const list = history.get(rec) ?? [];
  for (let i = list.length - 1; i >= 0; i--) if (!sameAcl(list[i], now)) return list[i].acl;
  return undefined;
}

/** The latest earlier state whose metadata differs from the current one (a replica one metadata change behind). */
export function metadataBehind(rec: EventRecord): EventSnapshot | undefined {
  const now = snapshot(rec);
  const list = history.get(rec) ?? [];
  for (let i = list.length - 1; i >= 0; i--) if (!sameMetadata(list[i], now)) return list[i];
  return undefined;
}

/** UTF-8 text read back as ISO-8859-1 (the classic form-decoding bug: "Zürich" becomes "ZÃ¼rich"). */
export function latin1(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

/** `latin1` applied to a field value (string or array of strings); other values unchanged. */
export function latin1Value(v: unknown): unknown {
  if (typeof v === 'string') return latin1(v);
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? latin1(x) : x));
  return v;
}

/** Delay after which a refused write lands anyway (the "lands late" mutants). */
export const LATE_MS = 1000;
