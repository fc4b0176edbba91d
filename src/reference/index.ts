import type { ClientLayerOptions } from './strict/layer.js';
import type { ReferenceOptions } from './app.js';
import type { Planted } from './hooks.js';
import * as core from './server.js';
import { PATCHES } from './mutants/hooks.js';
import { MUTANTS, makeBug, resolveMutantName } from './mutants/index.js';

/**
 * Public API of the reference server (ARCHITECTURE.md § The reference server), and the one file that wires the planted bugs into it: the core
 * imports nothing from mutants/ and is built with the patches handed in here.
 */

const PLANTED: Planted = { patches: PATCHES, makeBug, wrap: (name) => MUTANTS[resolveMutantName(name)]?.wrap };

/** A request handler plus its store; throws for an unknown mutant name (see server.ts). */
export function createReferenceHandler(opts: ReferenceOptions & ClientLayerOptions): core.ReferenceHandler {
  return core.createReferenceHandler(opts, PLANTED);
}

/** Starts the reference server (default 127.0.0.1, port 0 = a free port). */
export function startReferenceServer(opts: Parameters<typeof core.startReferenceServer>[0]): Promise<core.StartedReferenceServer> {
  return core.startReferenceServer(opts, PLANTED);
}

export type { RefUser } from './auth.js';
export { parseUsers } from './auth.js';
export type { ReferenceOptions } from './app.js';
export type { ReferenceHandler, StartedReferenceServer } from './server.js';
export { EventStore } from './store.js';
export { MUTANTS, makeBug, isMutantName, resolveMutantName, type MutantDef, type MutantName } from './mutants/index.js';
export type { Handler } from './bug.js';
export { measureListSpeed } from './perf.js';
export { ClientRecord, type ClientReport } from './strict/record.js';
export { CLIENT_REPORT_PATH, type ClientLayerOptions } from './strict/layer.js';
export { CATALOGUE as LATITUDE_CATALOGUE, CHOICE_IDS as LATITUDE_CHOICE_IDS, BUILTIN_AGENTS, BUILTIN_SERIES, type ChoiceId, type Choices } from './latitude/catalogue.js';
export { resolveLatitude, departures as latitudeDepartures, type LatitudeOptions } from './latitude/select.js';
