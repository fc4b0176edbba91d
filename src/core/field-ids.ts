/**
 * Which dublincore/episode field ids a server uses (adaptive setup, ARCHITECTURE.md, principle 2).
 *
 * spec § Metadata catalog: "Field ids used in the samples: title, subjects, description, startDate (format date),
 * startTime (format time with UTC designator), license". The ids of the other catalog fields (presenter*,
 * contributor*, location*, language*, rightsholder*, is_part_of*, source* of § Event) are not given: a server may
 * name them after the event members (`presenter`, `is_part_of`, `rightsholder`) or as Opencast does (`creator`,
 * `isPartOf`, `rightsHolder`). evconf names them the Opencast way; this maps each name to the id the server shows in
 * its own catalog (GET /api/events/{id}/metadata), so every stage sends and reads the server's ids.
 */

/**
 * evconf's field name → the names a server may give the same field (compared after {@link norm}), in order of
 * preference. For the presenters a field named after the event member wins over `creator`: a server that names
 * its fields after the members may have a `creator` field for the technical creator (§ Event: "creator | string |
 * Technical creator", not a catalog field).
 */
const SYNONYMS: Record<string, readonly string[]> = {
  creator: ['presenter', 'presenters', 'creator', 'creators'],
  contributor: ['contributor', 'contributors'],
  subjects: ['subjects', 'subject'],
  isPartOf: ['ispartof', 'series', 'seriesid', 'seriesidentifier'],
  rightsHolder: ['rightsholder', 'rights'],
  language: ['language', 'lang'],
  location: ['location'],
  source: ['source'],
  license: ['license', 'licence'],
  description: ['description'],
  title: ['title'],
};

/** evconf's names of the dublincore/episode fields (each mapped to the server's id by learnFieldIds). */
export const FIELD_NAMES: readonly string[] = Object.keys(SYNONYMS);

/** Lower case, letters and digits only: `is_part_of`, `isPartOf` and `IsPartOf` all become `ispartof`. */
const norm = (id: string) => id.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The map evconf name → server id: for each field the first of its names (in order of preference) that the server
 * shows. Names the user mapped (`given`) are kept as given; a field the server shows under evconf's own name, or not
 * at all, needs no entry (evconf then sends its own name).
 */
export function learnFieldIds(serverIds: readonly string[], given: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...given };
  const taken = new Set(Object.values(given));
  for (const [name, synonyms] of Object.entries(SYNONYMS)) {
    if (name in given) continue;
    const hit = synonyms.map((s) => serverIds.find((id) => norm(id) === s && !taken.has(id))).find((x) => x !== undefined);
    if (hit === undefined) continue;
    taken.add(hit);
    if (hit !== name) out[name] = hit;
  }
  return out;
}
