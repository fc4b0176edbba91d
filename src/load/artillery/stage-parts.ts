import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../config/errors.js';
import type { Credentials } from '../../config/types.js';
import { DEFAULT_API_VERSION, type ApiVersion, type LoadBudget } from '../../model/index.js';
import type { LoadProfile } from '../profile.js';
import type { ProfileContext } from '../profile-run.js';
import type { SeedPlan } from '../seed-plan.js';
import { artilleryEnv, writeArtilleryScripts, type ExportedScripts } from './export.js';
import type { ArtilleryContext } from './profile-run.js';
import type { ArtilleryCommand } from './run.js';

/** The load stage's Artillery parts (issue 25): the engine's context and folder, and --seed-only. */

/** The options of the load stage these parts read (ArtilleryStageOptions in stage.ts, which imports this file). */
export interface ArtilleryStageOptions {
  auth?: Credentials;
  headers?: Record<string, string>;
  versionHeader?: string;
  artilleryDir?: string;
  apiVersion?: ApiVersion;
  timeoutMs?: number;
  durationS?: number;
  budget?: LoadBudget;
}

export function artilleryContext(o: ArtilleryStageOptions, a: { command: ArtilleryCommand; dir: string; runId: string }, ctx: ProfileContext): ArtilleryContext {
  return {
    ...ctx, artillery: a.command, dir: a.dir, runId: a.runId,
    env: artilleryEnv(o.auth, o.headers ?? {}), auth: Boolean(o.auth), headerNames: Object.keys(o.headers ?? {}),
    ...(o.versionHeader !== undefined ? { versionHeader: o.versionHeader } : {}),
  };
}

/** The folder of the engine's scripts and reports: --out (kept), or a temporary one (removed at the end). */
export function artilleryDir(o: ArtilleryStageOptions): { dir: string; temporary: boolean } {
  if (o.artilleryDir) {
    try {
      mkdirSync(o.artilleryDir, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create ${o.artilleryDir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    return { dir: o.artilleryDir, temporary: false };
  }
  return { dir: mkdtempSync(join(tmpdir(), 'evconf-artillery-')), temporary: true };
}

/** --seed-only: the seeded events stay (their ids are returned); with artilleryDir the scripts are written too. */
export function seedOnly<R extends { baseUrl: string; runId: string; seeded?: string[]; exported?: ExportedScripts }>(o: ArtilleryStageOptions, out: R, plan: SeedPlan, profiles: LoadProfile[], ids: string[]): R {
  out.seeded = ids;
  if (o.artilleryDir) {
    out.exported = writeArtilleryScripts(o.artilleryDir, profiles, {
      baseUrl: out.baseUrl, plan, apiVersion: o.apiVersion ?? DEFAULT_API_VERSION, auth: Boolean(o.auth), headerNames: Object.keys(o.headers ?? {}),
      timeoutMs: o.timeoutMs ?? 10_000, runId: out.runId,
      ...(o.versionHeader !== undefined ? { versionHeader: o.versionHeader } : {}), ...(o.durationS !== undefined ? { durationS: o.durationS } : {}),
      ...(o.budget ? { budget: o.budget } : {}),
    });
  }
  return out;
}
