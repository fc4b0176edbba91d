import type fc from 'fast-check';
import type { AclEntry } from '../../generators/index.js';
import { keysOf } from '../../cases/acl.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { show } from '../verify.js';
import { settleViews } from '../views.js';

/**
 * POST /api/events/{id} with only an acl part (allowing entries: `allow` on create/update is ignored by real
 * servers): the ACL is the one sent (events.update.acl) and the catalog, not sent, stays (events.update.partial).
 */
export class UpdateAcl implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly acl: AclEntry[]) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    r.step(`update(${e.label}, acl only ${show(this.acl)})`);
    r.expect(accepted(r.kit.env, await r.kit.api.update(e.id, { acl: this.acl }), 'events.update.acl', 'POST /api/events/{id} (acl part)'));
    e.acl = keysOf(this.acl);
    r.later([e.label], async (lane) => lane.expect(await settleViews(lane, e, { acl: 'events.update.acl', episode: 'events.update.partial' }, `after update(${e.label}, acl only)`)));
  }

  toString(): string {
    return `update(#${this.pick}, acl only ${show(this.acl)})`;
  }
}
