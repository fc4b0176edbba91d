import type fc from 'fast-check';
import type { Reply } from '../../cases/api.js';
import { accepted, statusIs } from '../../cases/expect.js';
import type { Judging } from '../../cases/judge.js';
import { broken, OK, type Verdict } from '../../cases/verdict.js';
import type { EventModel } from '../model.js';
import { SCHEDULES, type Real } from '../real.js';

/** Gone: 404, or a success whose body is not this event (what GET of an unknown id answers is events.get.404's business). */
function gone(env: Judging, res: Reply, id: string, label: string): Verdict {
  const body = res.body as { identifier?: unknown } | undefined;
  if (res.status !== 404 && res.status !== undefined && res.status < 300 && body?.identifier !== id) return OK;
  return statusIs(env, res, [404], 'events.delete.gone', `GET ${label} after delete`);
}

/** Sub-resources of a deleted event and the rule of their 404 (spec § Access policy, § Metadata: 404 for an unknown event). */
const SUB_404: readonly [string, string][] = [['/acl', 'acl.get.404'], ['/metadata', 'metadata.get.404']];

/**
 * One attempt at every view of a deleted event: the single GET (gone), each sub-resource (404, where its rule is
 * judged in the run) and the list filtered to the sequence's events (not listed), read side by side.
 */
export async function goneEverywhere(r: Real, id: string, label: string): Promise<Verdict> {
  const kit = r.kit;
  const subs = SUB_404.filter(([, rule]) => (r.opts.viewRules ?? []).includes(rule));
  for (const [, rule] of subs) kit.exercised.add(rule);
  const [single, list, ...reads] = await Promise.all([
    kit.api.get(id),
    kit.api.list({ filter: `textFilter:${kit.tag}` }),
    ...subs.map(([path]) => kit.api.send({ method: 'GET', path: kit.api.path(id, path) })),
  ]);
  const v = gone(kit.env, single, id, label);
  if (!v.ok) return v;
  if (list.status === 200 && Array.isArray(list.body) && list.body.some((x) => (x as { identifier?: unknown } | null)?.identifier === id)) {
    return broken('events.delete.gone', `${label} is still listed after its delete (GET /api/events?filter=textFilter:<sequence tag>)`, { listed: false }, { identifier: id });
  }
  for (const [i, [path, rule]] of subs.entries()) {
    const s = statusIs(kit.env, reads[i], [404], rule, `GET /api/events/{id}${path} of ${label} after its delete`);
    if (!s.ok) return s;
  }
  return OK;
}

/** DELETE /api/events/{id}: the event is gone afterwards (events.delete.gone: "Deletes the event."). */
export class DeleteEvent implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    // A delete frees the event's slot: a later schedule write waits for it to read back.
    const keys = e.slot !== undefined ? [e.label, SCHEDULES] : [e.label];
    await r.turn(keys);
    r.step(`delete(${e.label})`);
    r.expect(accepted(r.kit.env, await r.kit.api.remove(e.id), 'events.delete.gone', 'DELETE /api/events/{id}'));
    m.remove(e);
    r.later(keys, async (lane) => lane.expect(await lane.kit.settle('events.delete.gone', () => goneEverywhere(lane, e.id, e.label))));
  }

  toString(): string {
    return `delete(#${this.pick})`;
  }
}
