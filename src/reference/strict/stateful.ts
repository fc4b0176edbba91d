import type { ApiVersion } from '../../model/version.js';
import { atLeast } from '../version.js';
import { departure, type Departure } from './departure.js';

/**
 * Departures that depend on the server's state, not on the request alone.
 * DELETE /api/events/{event_id}: "Before 1.6.0 the caller must retract published events before calling it."
 */

/** What the layer may ask about the server's state: the publications an event has now (undefined = no such event). */
export interface StateView {
  publications(eventId: string): readonly { channel: string }[] | undefined;
  /** The server version of the server behind (addendum § Versioning: a request without a version gets it). */
  serverVersion?: ApiVersion;
}

/**
 * Departures of this kind are recorded but never refused under --strict: the spec names no operation of this API
 * that retracts, so refusing would leave the event undeletable, and real servers retract by themselves (202).
 */
export const RECORDED_ONLY = new Set(['delete-published']);

export function stateDepartures(method: string, pathname: string, version: ApiVersion | undefined, state: StateView | undefined): Departure[] {
  if (!state || version === undefined || method !== 'DELETE' || atLeast(version, '1.6.0')) return [];
  const m = /^\/api\/events\/([^/]+)\/?$/.exec(pathname);
  if (!m) return [];
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return [];
  }
  const pubs = state.publications(id);
  if (!pubs || pubs.length === 0) return [];
  const channels = [...new Set(pubs.map((p) => p.channel))].join(', ');
  const message = `event '${id}' is published (${channels}) and this DELETE uses ${version}: before 1.6.0 the caller retracts its publications first (from 1.6.0 the DELETE retracts them itself)`;
  return [departure('delete-published', 'event', message, 'retractFirst', { about: 'event', name: 'published event deleted before 1.6.0', mark: m[1] })];
}
