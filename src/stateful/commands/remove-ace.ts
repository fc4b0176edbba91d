import type fc from 'fast-check';
import { aclParts } from '../../cases/acl.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { settleViews } from '../views.js';

/** DELETE /acl/{action}/{role} of an existing entry: gone (acl.remove.removes), others unchanged (acl.remove.others-unaffected). */
export class RemoveAce implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly entry: number) {}

  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0 && m.pick(this.pick).acl.length > 0;
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    const [, action, role] = e.acl[this.entry % e.acl.length].split('|');
    const pair = `${action}|${role}`;
    r.step(`removeAce(${e.label}, ${action}, ${role})`);
    r.expect(accepted(r.kit.env, await r.kit.api.removeAce(e.id, action, role), 'acl.remove.removes', `DELETE /api/events/{id}/acl/${action}/${role}`));
    e.acl = e.acl.filter((k) => !k.endsWith(`|${pair}`));
    r.kit.exercised.add('acl.remove.others-unaffected');
    r.later([e.label], async (lane) => {
      const own = () => aclParts(lane.kit, e.id, { keep: e.acl, lacks: true, pair }, { own: 'acl.remove.removes', others: 'acl.remove.others-unaffected' });
      lane.expect(await settleViews(lane, e, { acl: 'acl.remove.removes' }, `after removeAce(${e.label})`, { own, ownSub: ['acl'] }));
    });
  }

  toString(): string {
    return `removeAce(#${this.pick}, entry ${this.entry})`;
  }
}
