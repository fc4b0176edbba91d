import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import { UsageError } from '../../config/errors.js';
import { versionHeader } from '../../core/clients.js';
import type { ApiVersion, LoadBudget } from '../../model/index.js';
import { PROJECT_ROOT } from '../../spec/paths.js';
import { inRange } from '../../spec/versions.js';
import { prepareQuery } from '../list-expect.js';
import type { LoadProfile } from '../profile.js';
import type { SeedPlan } from '../seed-plan.js';
import { DEFAULT_VERSION_HEADER } from '../target.js';
import { AUTH_ENV, headerEnv, PROCESSOR_FILE, PROCESSOR_SOURCE, renderArtilleryScript, type ArtilleryScriptInput } from './script.js';

/** `evconf load --export artillery`: one Artillery script per load profile of a seeded run, and their processor. */

export interface ExportOptions {
  baseUrl: string;
  plan: SeedPlan;
  /** The stage's version; a profile's own apiVersion wins. */
  apiVersion: ApiVersion;
  versionHeader?: string;
  /** Whether requests carry Basic credentials (their values come from the environment). */
  auth: boolean;
  /** Names of the --header headers (their values come from the environment). */
  headerNames: string[];
  /** --load-duration, over the profiles' own. */
  durationS?: number;
  /** --budget, over the profiles' own. */
  budget?: LoadBudget;
  timeoutMs: number;
  runId: string;
}

/**
 * Where a profile was read (`file:line`) as a script's header says it: relative to the project when the file is in it,
 * else its file name. A script is shared; the machine it was written on has no place in it.
 */
export function portableSource(source: string, root: string = PROJECT_ROOT): string {
  const m = /^(.*?)(:\d+(?::\d+)?)?$/.exec(source);
  const file = m?.[1] ?? source;
  const at = m?.[2] ?? '';
  if (!isAbsolute(file)) return source;
  const rel = relative(root, file);
  return (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : basename(file)) + at;
}

/** A profile as the script input for this run (undefined when the profile does not apply to its version). */
export function profileScriptInput(p: LoadProfile, o: ExportOptions): ArtilleryScriptInput | undefined {
  const v = p.apiVersion ?? o.apiVersion;
  if (p.since && !inRange(v, p.since)) return undefined;
  const vh = versionHeader(o.versionHeader ?? DEFAULT_VERSION_HEADER, v);
  return {
    profile: p.name,
    baseUrl: o.baseUrl,
    paths: p.queries.map((q) => prepareQuery(q, o.plan, v).path),
    connections: p.connections,
    durationS: Math.min(o.durationS ?? p.durationS, 60),
    timeoutS: Math.max(1, Math.ceil(o.timeoutMs / 1000)),
    ...(vh ? { versionHeader: vh } : {}),
    auth: o.auth,
    headerNames: o.headerNames,
    budget: { ...p.budget, ...o.budget },
    comment: `run ${o.runId} (${o.plan.count} seeded events, tag "${o.plan.tag}"), API ${v}, from ${portableSource(p.source)}`,
  };
}

export interface ExportedScripts {
  dir: string;
  /** Script file per profile, in profile order. */
  scripts: { profile: string; file: string }[];
  /** Profiles not written, with the reason. */
  skipped: { profile: string; reason: string }[];
}

/** Writes `<dir>/<profile>.yml` for every applicable profile, and the processor beside them. */
export function writeArtilleryScripts(dir: string, profiles: LoadProfile[], o: ExportOptions): ExportedScripts {
  const out: ExportedScripts = { dir, scripts: [], skipped: [] };
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, PROCESSOR_FILE), PROCESSOR_SOURCE);
    for (const p of profiles) {
      const input = profileScriptInput(p, o);
      if (!input) {
        out.skipped.push({ profile: p.name, reason: `applies from API ${p.since} on` });
        continue;
      }
      const file = join(dir, `${p.name}.yml`);
      writeFileSync(file, renderArtilleryScript(input));
      out.scripts.push({ profile: p.name, file });
    }
  } catch (e) {
    throw new UsageError(`cannot write the Artillery scripts to ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return out;
}

/** The environment a script reads: credentials and --header values (handed to Artillery, never written to a file). */
export function artilleryEnv(auth: { user: string; password: string } | undefined, headers: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  if (auth) Object.assign(env, { [AUTH_ENV.user]: auth.user, [AUTH_ENV.password]: auth.password });
  for (const [n, v] of Object.entries(headers)) env[headerEnv(n)] = v;
  return env;
}
