/** Public API of the reference server (design §6). */
export type { RefUser } from './auth.js';
export { parseUsers } from './auth.js';
export type { ReferenceOptions } from './app.js';
export { createReferenceHandler, startReferenceServer, type ReferenceHandler, type StartedReferenceServer } from './server.js';
export { EventStore } from './store.js';
export { MUTANTS, makeBug, isMutantName, type MutantDef, type MutantName } from './hooks.js';
export type { Handler } from './bug.js';
export { measureListSpeed } from './perf.js';
export { ClientRecord, type ClientReport } from './strict/record.js';
export { CLIENT_REPORT_PATH, type ClientLayerOptions } from './strict/layer.js';
export { CATALOGUE as LATITUDE_CATALOGUE, CHOICE_IDS as LATITUDE_CHOICE_IDS, BUILTIN_AGENTS, BUILTIN_SERIES, type ChoiceId, type Choices } from './latitude/catalogue.js';
export { resolveLatitude, departures as latitudeDepartures, type LatitudeOptions } from './latitude/select.js';
