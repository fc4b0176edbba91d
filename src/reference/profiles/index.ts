/** Server profiles: a known implementation's behaviour as named switches of the reference server. */
import type { ReferenceOptions } from '../app.js';
import { OPENCAST_AGENT, OPENCAST_DEVIATIONS, OPENCAST_LATITUDE } from './opencast.js';

export const SERVER_PROFILES = ['opencast'] as const;
export type ServerProfile = (typeof SERVER_PROFILES)[number];

/**
 * The options with the profile's switches folded in: its latitude choices under the ones given (`--latitude-choice`
 * wins), its agents beside the given ones, and its deviations (mutant names switched on together with `--mutant`).
 */
export function withProfile<O extends ReferenceOptions>(opts: O): O & { switches: readonly string[] } {
  if (opts.profile === undefined) return { ...opts, switches: [] };
  if (opts.profile !== 'opencast') throw new Error(`unknown server profile "${String(opts.profile)}"; known: ${SERVER_PROFILES.join(', ')}`);
  return {
    ...opts,
    latitude: { ...opts.latitude, choices: { ...OPENCAST_LATITUDE, ...opts.latitude?.choices } },
    agents: [...(opts.agents ?? []), OPENCAST_AGENT],
    switches: OPENCAST_DEVIATIONS,
  };
}
