import type fc from 'fast-check';
import { statusIs } from '../../cases/expect.js';
import { mediaPart } from '../../core/media.js';
import { TRACK_FLAVOR, type EventModel } from '../model.js';
import type { Real } from '../real.js';
import { settleViews } from '../views.js';

/** Addendum § POST /track, rule 2: "a workflow in state INSTANTIATED, RUNNING, PAUSED or FAILING" answers 409. */
const ACTIVE: ReadonlySet<string> = new Set(['INSTANTIATED', 'RUNNING', 'PAUSED', 'FAILING']);

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

/**
 * Reads the event (not recorded as evidence) until its processing_state is none of ACTIVE, within the run's
 * processing timeout; the last state seen.
 */
async function untilIdle(r: Real, id: string): Promise<string | undefined> {
  const env = r.kit.env;
  const deadline = Date.now() + (env.config.processingTimeoutMs ?? env.config.settleMs);
  let state: string | undefined;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    const res = await r.kit.api.send({ method: 'GET', path: r.kit.api.path(id) }, false);
    const s = (res.body as { processing_state?: unknown } | undefined)?.processing_state;
    state = res.status === 200 && typeof s === 'string' ? s : undefined;
    if ((state !== undefined && !ACTIVE.has(state)) || Date.now() + delay > deadline || env.signal?.aborted) return state;
    await sleep(delay);
  }
}

/**
 * POST /api/events/{id}/track (addendum § POST /api/events/{event_id}/track; a server-release feature: only where the
 * server offers it) of one file of the stage's own flavor, once the event's processing has ended (rule 2: 409 while a
 * workflow is active; not a scheduled event, whose workflow waits for its recording): 200 (track.post.200), and GET
 * /media lists the model's tracks of that flavor: one more (track.post.adds), or exactly the new one with
 * overwriteExisting=true over earlier ones (track.post.overwrite).
 */
export class PostTrack implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly overwrite: boolean) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.some((e) => e.slot === undefined);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const unscheduled = m.live.filter((e) => e.slot === undefined);
    const e = unscheduled[this.pick % unscheduled.length];
    await r.turn([e.label]);
    r.step(`postTrack(${e.label}, ${TRACK_FLAVOR}${this.overwrite ? ', overwriteExisting' : ''})`);
    const env = r.kit.env;
    const state = await untilIdle(r, e.id);
    const res = await r.kit.api.send({
      method: 'POST', path: r.kit.api.path(e.id, '/track'),
      multipart: [{ name: 'flavor', value: TRACK_FLAVOR }, { name: 'overwriteExisting', value: String(this.overwrite) }, { ...mediaPart(), name: 'track', filename: 'evconf-track.wav' }],
    });
    // Processing still active when the wait ran out: a 409 is the answer rule 2 asks for, and nothing changed.
    if (res.status === 409 && state !== undefined && ACTIVE.has(state)) return;
    r.kit.exercised.add('track.post.200');
    r.expect(statusIs(env, res, [200], 'track.post.200', 'POST /api/events/{id}/track'));
    // With no earlier track of the flavor there is nothing to overwrite: the upload adds (track.post.adds).
    const overwrites = this.overwrite && (e.tracks ?? 0) > 0;
    e.tracks = this.overwrite ? 1 : (e.tracks ?? 0) + 1;
    r.later([e.label], async (lane) => lane.expect(await settleViews(lane, e, { tracks: overwrites ? 'track.post.overwrite' : 'track.post.adds' }, `after postTrack(${e.label})`)));
  }

  toString(): string {
    return `postTrack(#${this.pick}${this.overwrite ? ', overwriteExisting' : ''})`;
  }
}
