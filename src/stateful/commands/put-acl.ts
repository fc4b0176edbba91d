import type fc from 'fast-check';
import type { AclEntry } from '../../generators/index.js';
import { keysOf } from '../../cases/acl.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { show } from '../verify.js';
import { settleViews } from '../views.js';

/** PUT /acl: the ACL read back is the set sent (acl.put.overwrites: "The existing ACL is overwritten."). */
export class PutAcl implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly acl: AclEntry[]) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    r.step(`putAcl(${e.label}, ${show(this.acl)})`);
    r.expect(accepted(r.kit.env, await r.kit.api.putAcl(e.id, this.acl), 'acl.put.overwrites', 'PUT /api/events/{id}/acl'));
    e.acl = keysOf(this.acl);
    r.later([e.label], async (lane) => lane.expect(await settleViews(lane, e, { acl: 'acl.put.overwrites' }, `after putAcl(${e.label})`)));
  }

  toString(): string {
    return `putAcl(#${this.pick}, ${show(this.acl)})`;
  }
}
