import type { CaseKit } from './case.js';
import { memberFor } from './members.js';
import { episodeFromListing, isBroken, readEpisode, readEvent, sameValue } from './reads.js';
import { broken, OK, withNoted, type Broken, type Verdict } from './verdict.js';

type Values = Record<string, string | string[]>;

/**
 * Every field of `expect` reads back equal in dublincore/episode (GET /metadata?type=dublincore/episode). On a
 * difference the full listing (GET /metadata) decides: if it shows the expected values, the `?type` read is at
 * fault (metadata.get-type.values), else the write (`rule`).
 */
export async function episodeReadsBack(kit: CaseKit, id: string, expect: Values, rule: string, what: string): Promise<Verdict> {
  const fields = await readEpisode(kit, id);
  if (isBroken(fields)) return fields;
  const wrong = Object.entries(expect).find(([f, v]) => !sameValue(v, fields.get(f)));
  if (!wrong) return OK;
  const [field, value] = wrong;
  const listing = await episodeFromListing(kit, id);
  if (listing && Object.entries(expect).every(([f, v]) => sameValue(v, listing.get(f)))) {
    return broken('metadata.get-type.values', `GET /metadata?type=dublincore/episode shows field '${field}' other than GET /metadata does`, { [field]: value }, { [field]: fields.get(field) ?? null });
  }
  return broken(rule, `${what}: field '${field}' of dublincore/episode reads back different`, { [field]: value }, { [field]: fields.get(field) ?? null });
}

/**
 * The event object shows the catalog values in its members (spec § Event: "A field marked * is a metadata field
 * of the catalog with flavor dublincore/episode"). A member the version's shape names but the object lacks is a
 * fault of the shape (events.get.schema): it is noted on the verdict and the other members are still compared
 * (issue 23 item 7: a missing member says nothing of the state the case goes on checking). A different value
 * breaks `rule`. Call it inside CaseKit.settle, which records what is noted.
 */
export async function membersShow(kit: CaseKit, id: string, expect: Values, rule: string, what: string): Promise<Verdict> {
  const event = await readEvent(kit, id);
  if (isBroken(event)) return event;
  const noted: Broken[] = [];
  for (const [field, value] of Object.entries(expect)) {
    const member = memberFor(field, kit.env.version);
    if (!member) continue;
    if (!(member in event)) {
      if (noted.length === 0) noted.push(broken('events.get.schema', `GET /api/events/{id} has no member '${member}' (version ${kit.env.version})`, { member }, { members: Object.keys(event) }));
      continue;
    }
    if (!sameValue(value, event[member])) {
      return withNoted(broken(rule, `${what}: event member '${member}' (catalog field '${field}') reads back different`, { [member]: value }, { [member]: event[member] ?? null }), noted);
    }
  }
  return withNoted(OK, noted);
}
