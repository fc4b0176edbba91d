import type { ApiVersion } from '../model/index.js';
import type { RuleBook } from '../spec/rules.js';
import { listShapes } from '../schema/index.js';

/**
 * Versions of a run whose rules are identical: the same rules apply (specs/rules.yaml since/until) and the same shapes
 * (specs/versions.yaml). The generated stages (properties, stateful) draw their cases from one seed in every version,
 * so in such versions they send the same cases to be judged by the same rules. The first version of a group (in the
 * run's order) runs every case; the others a share (`runs / group size`, the first cases of the same seed, so a
 * failure there replays with `--seed N --api-version X` alone). The scenarios still run whole in every version: what
 * differs between such versions on a real server (a version refused on one endpoint) is seen there.
 */
export function generatedShare(book: RuleBook, versions: readonly ApiVersion[], version: ApiVersion): { first: boolean; size: number } {
  const key = (v: ApiVersion) => `${book.rules.filter((r) => book.appliesTo(r, v)).map((r) => r.id).join(',')}|${listShapes(v).join(',')}`;
  const mine = key(version);
  const group = versions.filter((v) => key(v) === mine);
  return { first: group[0] === version, size: group.length };
}

/** The cases per property a version runs: every one for the first version of its group, else its share (at least 1). */
export function generatedRuns(runs: number, share: { first: boolean; size: number }): number {
  return share.first ? runs : Math.max(1, Math.ceil(runs / share.size));
}
