import type { Ctx } from '../app.js';
import { copyEpisode } from '../episode.js';
import type { AclEntry, EpisodeValues, EventRecord, ExtraCatalog } from '../types.js';
import type { MutantName } from '../bug.js';

/** Remembered event states of the write endpoints, for the bugs that answer or apply an earlier state (no mutants of its own). */

/**
 * State the read-back mutants (READ_BACK_MUTANTS in ./index.ts) keep beside the reference server (never used by the correct server): per event, the
 * states it had before its writes (the stale-replica mutants read them), the callers that once passed a write check
 * (the permission-cache mutant), and a deterministic pseudo-random choice of "stale" reads.
 */

export interface ReadBackSnapshot {
  acl: AclEntry[];
  episode: EpisodeValues;
  extras: Map<string, ExtraCatalog>;
}

function snapshot(rec: EventRecord): ReadBackSnapshot {
  return {
    acl: rec.acl.map((e) => ({ ...e })),
    episode: copyEpisode(rec.episode),
    extras: new Map([...rec.extraCatalogs].map(([f, c]) => [f, new Map([...c].map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]))])),
  };
}

const aclText = (s: ReadBackSnapshot) => JSON.stringify(s.acl);
const metaText = (s: ReadBackSnapshot) => JSON.stringify([s.episode, [...s.extras].map(([f, c]) => [f, [...c]])]);

const history = new WeakMap<EventRecord, ReadBackSnapshot[]>();
/** Callers that passed the write check of an event once (per server): `${event}\0${caller}`. */
const writers = new WeakMap<object, Set<string>>();
/** Per-server hooks run on every accepted write (cache invalidation of the mutants' own caches). */
const onWrite = new WeakMap<object, (() => void)[]>();

const NEEDS_HISTORY: MutantName[] = [
  'acl-read-stale-third', 'auth-list-stale-acl', 'metadata-all-stale', 'acl-add-onto-created',
];

/** Registers `fn` to run before every accepted write of the server `app`. */
export function whenWritten(app: object, fn: () => void): void {
  const list = onWrite.get(app) ?? [];
  list.push(fn);
  onWrite.set(app, list);
}

/**
 * Bug site (app.ts writableEvent, after the write check passed): records the event's state before the write and the
 * caller that was allowed to write, when a spec3b mutant needs them.
 */
export function readBackBeforeWrite(ctx: Ctx, rec: EventRecord): void {
  const { bug } = ctx.app;
  for (const fn of onWrite.get(ctx.app) ?? []) fn();
  if (bug('auth-write-cached-after-revoke')) {
    const set = writers.get(ctx.app) ?? new Set<string>();
    set.add(`${rec.id}\u0000${ctx.caller.name}`);
    writers.set(ctx.app, set);
  }
  if (!NEEDS_HISTORY.some((n) => bug(n))) return;
  const list = history.get(rec) ?? [];
  const now = snapshot(rec);
  const last = list[list.length - 1];
  if (!last || aclText(last) !== aclText(now) || metaText(last) !== metaText(now)) list.push(now);
  history.set(rec, list);
}

/** Bug site (app.ts writableEvent, when the write check failed): true when a cached permission lets the write through. */
export function readBackWriteCached(ctx: Ctx, rec: EventRecord): boolean {
  return ctx.app.bug('auth-write-cached-after-revoke') && (writers.get(ctx.app)?.has(`${rec.id}\u0000${ctx.caller.name}`) ?? false);
}

/** The state the event had before its first write (its creation state), if it was written since. */
export function createdState(rec: EventRecord): ReadBackSnapshot | undefined {
  return history.get(rec)?.[0];
}

/** The ACL one change behind the current one (a lagging replica), if the ACL ever changed. */
export function aclOneBehind(rec: EventRecord): AclEntry[] | undefined {
  const now = aclText(snapshot(rec));
  const list = history.get(rec) ?? [];
  for (let i = list.length - 1; i >= 0; i--) if (aclText(list[i]) !== now) return list[i].acl;
  return undefined;
}

/** The metadata one change behind the current one (a lagging replica), if the metadata ever changed. */
export function metadataOneBehind(rec: EventRecord): ReadBackSnapshot | undefined {
  const now = metaText(snapshot(rec));
  const list = history.get(rec) ?? [];
  for (let i = list.length - 1; i >= 0; i--) if (metaText(list[i]) !== now) return list[i];
  return undefined;
}

/**
 * A deterministic pseudo-random subset of reads (a load balancer hashing the request number onto 5 replicas, 2 of
 * them lagging): about 2 reads in 5, neither alternating nor periodic over a few reads.
 */
export function hashedStale(n: number, salt: number): boolean {
  return ((Math.imul(n + salt, 0x9e3779b1) >>> 0) >>> 13) % 5 < 2;
}
