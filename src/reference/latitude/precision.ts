import type { App } from '../app.js';
import { keptAt, type KeptPrecision } from '../time.js';
import type { Schedule } from '../types.js';

/**
 * datetime-precision (spec § Scheduling information: "datetime (UTC)", "Duration of the recording in milliseconds";
 * no precision given): what this server keeps of a datetime. Applied where a datetime is stored (a creation time, a
 * schedule's start and end, so also the end of start + a duration with a fraction of a second); every view shows
 * what was kept (src/reference/time.ts isoSeconds: `.sss` only for a kept fraction; millis-always adds `.000` to the
 * others on the wire, src/reference/latitude/wire.ts).
 */
export function keptPrecision(app: App): KeptPrecision {
  const alt = app.lat('datetime-precision');
  return alt === 'seconds-cut' || alt === 'seconds-rounded' ? alt : 'milliseconds';
}

/** The instant this server stores for `ms`. */
export function kept(app: App, ms: number): number {
  return keptAt(ms, keptPrecision(app));
}

/** A schedule as this server stores it (start and end at its precision). */
export function keptSchedule(app: App, s: Schedule): Schedule {
  const startMs = kept(app, s.startMs);
  const endMs = kept(app, s.endMs);
  return startMs === s.startMs && endMs === s.endMs ? s : { ...s, startMs, endMs };
}
