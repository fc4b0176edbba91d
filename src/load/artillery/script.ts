import { stringify } from 'yaml';
import type { LoadBudget } from '../../model/index.js';

/**
 * One load profile as an Artillery test script: the same request paths as the autocannon engine, the
 * same closed model (`connections` virtual users, each looping back to back on its own keep-alive connection for
 * the profile's duration), the version header written out, credentials and --header values read from the
 * environment when Artillery runs (never written into the file), budgets as `ensure` conditions, an `expect`
 * check of the status and a check of the JSON content type (in the processor) on every response.
 */

/** The processor every script names: starts each virtual user's clock and ends its loop at the deadline. */
export const PROCESSOR_FILE = 'evconf-artillery.mjs';

/** Environment variables of the Basic credentials (the same names as the curl lines of a report use). */
export const AUTH_ENV = { user: 'EVCONF_USER', password: 'EVCONF_PASS' } as const;

/** The environment variable that carries the value of an extra header (--header "X-Token: …" → EVCONF_HEADER_X_TOKEN). */
export const headerEnv = (name: string): string => `EVCONF_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

export interface ArtilleryScriptInput {
  /** Profile name: also every request's name, so a report says which profile it measured. */
  profile: string;
  /** Base URL (origin plus an optional path prefix). */
  baseUrl: string;
  /** Request paths with their query strings, as the autocannon engine sends them (list-expect.ts). */
  paths: string[];
  connections: number;
  durationS: number;
  /** Per-request timeout in seconds. */
  timeoutS: number;
  /** The version header, written as is (it is not a secret). */
  versionHeader?: { name: string; value: string };
  /** Whether requests carry Basic credentials (read from EVCONF_USER / EVCONF_PASS). */
  auth: boolean;
  /** Names of further headers (--header): their values come from EVCONF_HEADER_<NAME>. */
  headerNames: string[];
  budget: LoadBudget;
  /** Shown in the file's header comment. */
  comment?: string;
}

const env = (name: string) => `{{ $processEnvironment.${name} }}`;

/** Budgets as `ensure` conditions (each decides Artillery's exit status; evconf judges the report the same way). */
export function ensureConditions(b: LoadBudget): { expression: string; strict: boolean }[] {
  const out: { expression: string; strict: boolean }[] = [];
  if (b.p99Ms !== undefined) out.push({ expression: `http.response_time.p99 <= ${b.p99Ms}`, strict: true });
  if (b.minRps !== undefined) out.push({ expression: `http.request_rate >= ${b.minRps}`, strict: true });
  // evconf's error rate, (errors + non-2xx) / requests: every request that did not get its 200 counts against it.
  // (A counter that never counted is missing from the report, and a condition naming it fails: http.codes.200 is
  // missing only when no request succeeded, which should fail.)
  const ok = Number((1 - (b.maxErrorRate ?? 0)).toFixed(6));
  out.push({ expression: `http.codes.200 >= ${ok} * http.requests`, strict: true });
  return out;
}

function headers(i: ArtilleryScriptInput): Record<string, string> {
  const h: Record<string, string> = {};
  if (i.versionHeader) h[i.versionHeader.name] = i.versionHeader.value;
  for (const n of i.headerNames) h[n] = env(headerEnv(n));
  return h;
}

/** The script as a plain object (what `artillery run` reads after YAML parsing). */
export function artilleryScript(i: ArtilleryScriptInput): Record<string, unknown> {
  const url = new URL(i.baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const h = headers(i);
  const requests = i.paths.map((path) => ({
    get: {
      url: `${prefix}${path}`,
      name: i.profile,
      ...(Object.keys(h).length > 0 ? { headers: h } : {}),
      ...(i.auth ? { auth: { user: env(AUTH_ENV.user), pass: env(AUTH_ENV.password) } } : {}),
      expect: [{ statusCode: 200 }],
      // The expect plugin's contentType "json" knows application/json only; a versioned type is JSON too.
      afterResponse: 'evconfJson',
    },
  }));
  return {
    config: {
      target: url.origin,
      processor: `./${PROCESSOR_FILE}`,
      variables: { evconfDurationS: i.durationS },
      http: { timeout: i.timeoutS },
      // evconf's closed model: all virtual users arrive within the first second, then loop until the deadline. An
      // arrival rate (not an arrivalCount, which Artillery runs in its first worker only) is split among a local
      // run's workers (one per core but one), so that on a larger machine the users do not share one thread.
      phases: [{ name: i.profile, duration: 1, arrivalRate: i.connections }],
      plugins: {
        expect: { outputFormat: 'silent' },
        'metrics-by-endpoint': { useOnlyRequestNames: true },
        // Under plugins (not config.ensure): Artillery 2.0.21 loads only the plugins named here.
        ensure: { conditions: ensureConditions(i.budget) },
      },
    },
    scenarios: [{
      name: i.profile,
      beforeScenario: 'evconfStart',
      flow: [{ loop: requests, whileTrue: 'evconfRunning' }],
    }],
  };
}

/** The script as YAML, with a header comment saying what it is and which variables it reads. */
export function renderArtilleryScript(i: ArtilleryScriptInput): string {
  const vars = [...(i.auth ? [AUTH_ENV.user, AUTH_ENV.password] : []), ...i.headerNames.map(headerEnv)];
  const head = [
    `# evconf load profile "${i.profile}" as an Artillery script (written by evconf load --export artillery).`,
    ...(i.comment ? [`# ${i.comment}`] : []),
    `# ${i.connections} virtual users loop back to back for ${i.durationS} s (see ${PROCESSOR_FILE}).`,
    vars.length > 0 ? `# Reads from the environment (never written here): ${vars.join(', ')}.` : '# Sends no credentials.',
  ];
  return `${head.join('\n')}\n${stringify(artilleryScript(i), { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

/**
 * The processor (ES module): the first virtual user of a worker starts the profile's clock; every user loops while
 * the clock has not run out. With `artillery run-fargate --count N` each worker runs its own clock.
 */
export const PROCESSOR_SOURCE = String.raw`// Written by evconf load --export artillery: evconf's closed load model for Artillery scripts.
// Each virtual user loops over its requests, back to back, until the profile's duration has passed.
let deadline;
const JSON_TYPE = /^application\/([\w.!#&^-]+\+)?json\s*(;|$)/i;

export function evconfStart(context, events, done) {
  deadline ??= Date.now() + Number(context.vars.evconfDurationS) * 1000;
  done();
}

export function evconfRunning(context, next) {
  return next(Date.now() < deadline);
}

// Counts 200 responses whose Content-Type is not JSON (application/json, application/v1.6.0+json, ...) per profile.
export function evconfJson(req, res, context, events, done) {
  if (res.statusCode === 200 && !JSON_TYPE.test(String(res.headers['content-type'] ?? ''))) events.emit('counter', 'evconf.' + req.name + '.not_json', 1);
  done();
}
`;
