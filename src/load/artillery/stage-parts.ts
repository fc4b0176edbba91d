import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../config/errors.js';
import type { RunConfig } from '../../config/types.js';
import { loadVersion } from '../load-config.js';
import type { LoadProfile } from '../profile.js';
import type { ProfileContext } from '../profile-run.js';
import type { SeedPlan } from '../seed-plan.js';
import { artilleryEnv, writeArtilleryScripts, type ExportedScripts } from './export.js';
import type { ArtilleryContext } from './profile-run.js';
import type { ArtilleryCommand } from './run.js';

/** The load stage's Artillery parts: the engine's context and folder, and --seed-only. */

/** The run's settings these parts read (of the stage's LoadConfig in stage.ts, which imports this file). */
export type ArtilleryConfig = Pick<RunConfig, 'auth' | 'headers' | 'versionHeader' | 'apiVersions' | 'timeoutMs' | 'loadDurationS' | 'loadBudget'>;

export function artilleryContext(o: ArtilleryConfig, a: { command: ArtilleryCommand; dir: string; runId: string }, ctx: ProfileContext): ArtilleryContext {
  return {
    ...ctx, artillery: a.command, dir: a.dir, runId: a.runId,
    env: artilleryEnv(o.auth, o.headers), auth: Boolean(o.auth), headerNames: Object.keys(o.headers), versionHeader: o.versionHeader,
  };
}

/** The folder of the engine's scripts and reports: --out (kept), or a temporary one (removed at the end). */
export function artilleryDir(given: string | undefined): { dir: string; temporary: boolean } {
  if (given) {
    try {
      mkdirSync(given, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create ${given}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    return { dir: given, temporary: false };
  }
  return { dir: mkdtempSync(join(tmpdir(), 'evconf-artillery-')), temporary: true };
}

/** The scripts of `profiles` for the events of `plan` on `baseUrl` (--export artillery; src/load/artillery/export.ts). */
export function exportScripts(o: ArtilleryConfig, dir: string, profiles: LoadProfile[], run: { baseUrl: string; runId: string; plan: SeedPlan }): ExportedScripts {
  return writeArtilleryScripts(dir, profiles, {
    baseUrl: run.baseUrl, plan: run.plan, apiVersion: loadVersion(o), auth: Boolean(o.auth),
    headerNames: Object.keys(o.headers), timeoutMs: o.timeoutMs, runId: run.runId, versionHeader: o.versionHeader,
    ...(o.loadDurationS !== undefined ? { durationS: o.loadDurationS } : {}), ...(o.loadBudget ? { budget: o.loadBudget } : {}),
  });
}

/** --seed-only: the seeded events stay (their ids are returned); with `dir` the scripts are written there too. */
export function seedOnly<R extends { baseUrl: string; runId: string; seeded?: string[]; exported?: ExportedScripts }>(o: ArtilleryConfig, dir: string | undefined, out: R, plan: SeedPlan, profiles: LoadProfile[], ids: string[]): R {
  out.seeded = ids;
  if (dir) out.exported = exportScripts(o, dir, profiles, { baseUrl: out.baseUrl, runId: out.runId, plan });
  return out;
}
