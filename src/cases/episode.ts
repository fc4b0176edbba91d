import type { CaseKit } from './case.js';
import { memberFor } from './members.js';
import { EPISODE } from './api.js';
import { judgeBy } from './judge.js';
import { isBroken, readCatalog, readEventReply } from './reads.js';
import { serverField } from '../core/capabilities.js';
import { broken, OK, withNoted, type Broken, type Verdict } from './verdict.js';

type Values = Record<string, string | string[]>;

const METADATA_VALUES = judgeBy('metadata-values');
const EVENT_FIELDS = judgeBy('event-fields');

/**
 * Every field of `expect` reads back equal in dublincore/episode (GET /metadata?type=dublincore/episode; check
 * metadata-values). On a difference the full listing (GET /metadata) decides: if it shows the expected values, the
 * `?type` read is at fault (metadata.get-type.values), else the write (`rule`).
 */
export async function episodeReadsBack(kit: CaseKit, id: string, expect: Values, rule: string, what: string): Promise<Verdict> {
  const r = await readCatalog(kit, id);
  if (isBroken(r)) return r;
  // Field ids as the server names them (config fieldIds).
  const values = Object.fromEntries(Object.entries(expect).map(([f, v]) => [serverField(kit.env.caps, f), v]));
  const v = METADATA_VALUES(kit.env, r, rule, { values }, `${what}: dublincore/episode`);
  if (v.ok) return v;
  const listing = await kit.api.send({ method: 'GET', path: kit.api.path(id, '/metadata') });
  if (listing.status === 200 && METADATA_VALUES(kit.env, listing, rule, { flavor: EPISODE, values }).ok) {
    return broken('metadata.get-type.values', 'GET /metadata?type=dublincore/episode shows the fields other than GET /metadata does', v.expected, v.actual);
  }
  return v;
}

/**
 * The event object shows the catalog values in its members (spec § Event: "A field marked * is a metadata field
 * of the catalog with flavor dublincore/episode"; check event-fields). A member the version's shape names but the
 * object lacks is a fault of the shape (events.get.schema): it is noted on the verdict and the other members are
 * still compared (a missing member says nothing of the state the case goes on checking). A
 * different value breaks `rule`. Call it inside CaseKit.settle, which records what is noted.
 */
export async function membersShow(kit: CaseKit, id: string, expect: Values, rule: string, what: string): Promise<Verdict> {
  const r = await readEventReply(kit, id);
  if (isBroken(r)) return r;
  const event = r.body as Record<string, unknown>;
  const noted: Broken[] = [];
  const shown: Values = {};
  for (const [field, value] of Object.entries(expect)) {
    const member = memberFor(field, kit.env.version);
    if (!member) continue;
    if (member in event) shown[field] = value;
    else if (noted.length === 0) noted.push(broken('events.get.schema', `GET /api/events/{id} has no member '${member}' (version ${kit.env.version})`, { member }, { members: Object.keys(event) }));
  }
  // event-fields skips when no field it is given has a member in this version: nothing to compare then.
  const v = Object.keys(shown).length === 0 ? OK : EVENT_FIELDS(kit.env, r, rule, { fields: shown }, what);
  return withNoted(v, noted);
}
