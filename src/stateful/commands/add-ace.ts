import type fc from 'fast-check';
import { aclParts } from '../../cases/acl.js';
import { accepted } from '../../cases/expect.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import { settleViews } from '../views.js';

/** POST /acl/{action} role: the entry is there (acl.add.adds), the others unchanged (acl.add.others-unaffected). */
export class AddAce implements fc.AsyncCommand<EventModel, Real> {
  constructor(readonly pick: number, readonly action: string, readonly role: string) {}

  /** Not over a deny entry of the same pair (what that means is not shown). */
  check(m: Readonly<EventModel>): boolean {
    return m.live.length > 0 && !m.pick(this.pick).acl.includes(`deny|${this.action}|${this.role}`);
  }

  async run(m: EventModel, r: Real): Promise<void> {
    const e = m.pick(this.pick);
    await r.turn([e.label]);
    const pair = `${this.action}|${this.role}`;
    r.step(`addAce(${e.label}, ${this.action}, ${this.role})`);
    r.expect(accepted(r.kit.env, await r.kit.api.addAce(e.id, this.action, this.role), 'acl.add.adds', `POST /api/events/{id}/acl/${this.action}`));
    const keep = e.acl.filter((k) => !k.endsWith(`|${pair}`));
    e.acl = [...keep, `allow|${pair}`].sort();
    r.kit.exercised.add('acl.add.others-unaffected');
    r.later([e.label], async (lane) => {
      const own = () => aclParts(lane.kit, e.id, { keep, has: { allow: true, action: this.action, role: this.role }, pair }, { own: 'acl.add.adds', others: 'acl.add.others-unaffected' });
      lane.expect(await settleViews(lane, e, { acl: 'acl.add.adds' }, `after addAce(${e.label})`, { own, ownSub: ['acl'] }));
    });
  }

  toString(): string {
    return `addAce(#${this.pick}, ${this.action}, ${this.role})`;
  }
}
