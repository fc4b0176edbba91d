import type { Ctx } from '../app.js';
import { renderCatalogs } from '../catalogs.js';
import { copyEpisode, EPISODE_FLAVOR } from '../episode.js';
import type { AclEntry, EpisodeValues, EventRecord, ExtraCatalog, UploadedTrack } from '../types.js';
import { family } from './types.js';

/**
 * Planted bugs that show only in one view of an event after a particular sequence of writes: the proof that the
 * stateful stage's model, which judges every view a command may change (src/stateful/views.ts), can fail. Each helper
 * below is one bug site, registered at its hook point in ./hooks.ts; each returns
 * its value unchanged unless its bug is switched on.
 */
export const STATEFUL_VIEW_MUTANTS = family({
  'recreated-inherits-acl': {
    rule: 'events.create.acl',
    description: 'An event created with the title of a deleted event takes over the deleted event\'s ACL (the index row of the title is reused) instead of the ACL of its own create: a new event whose title no deleted event had is right, and so is one whose predecessor still had the ACL it was created with.',
    // Only a sequence that changes an event's ACL, deletes it and creates its title again shows it: the stateful
    // stage's longer runs (src/stateful/mutants.it.test.ts).
    caughtBy: 'properties',
  },
  'recreated-inherits-catalog': {
    rule: 'events.create.metadata',
    description: 'An event created with the title of a deleted event takes over the deleted event\'s dublincore/episode values as they were at its delete, instead of the catalog its own create sent: right unless the deleted event was changed after its creation.',
    caughtBy: 'properties',
  },
  'list-withacl-stale-after-acl-write': {
    rule: 'events.list.withacl',
    description: 'GET /api/events?withacl=true shows in each row the ACL the event was created with: PUT /acl, POST /acl/{action}, DELETE /acl/{action}/{role} and an update\'s acl part do not reach the list\'s ACL index. GET /acl and the single GET with withacl are right.',
  },
  'get-withmetadata-second-catalog-as-created': {
    rule: 'events.get.withmetadata',
    description: 'GET /api/events/{id}?withmetadata=true shows the catalogs other than dublincore/episode as they were created: a PUT or DELETE of /metadata?type=<that flavor> does not reach the single GET\'s member (GET /metadata?type and the list with withmetadata are right).',
  },
  'media-stale-after-track': {
    rule: 'track.post.adds',
    description: 'GET /api/events/{id}/media answers from the media package of the event\'s last processing run: tracks POST /track added (which starts no workflow) do not show. The tracks uploaded with the event show.',
  },
});

interface Created {
  acl: AclEntry[];
  extras: Map<string, ExtraCatalog>;
}

/** Per server: the ACL and second catalogs of each event as created; the ACL and catalog of deleted events by title. */
const created = new WeakMap<object, Map<string, Created>>();
const deleted = new WeakMap<object, Map<string, { acl: AclEntry[]; episode: EpisodeValues }>>();

function mapOf<V>(m: WeakMap<object, Map<string, V>>, app: object): Map<string, V> {
  let x = m.get(app);
  if (!x) m.set(app, (x = new Map()));
  return x;
}

const copyExtras = (extras: ReadonlyMap<string, ExtraCatalog>) => new Map([...extras].map(([f, c]) => [f, new Map(c)]));

/** Bug site (hook deleteEvent.deleting): remembers a deleted event's ACL and catalog by its title. */
export function statefulDeleting(ctx: Ctx, rec: EventRecord): void {
  const bug = ctx.app.bug;
  if (!bug('recreated-inherits-acl') && !bug('recreated-inherits-catalog')) return;
  mapOf(deleted, ctx.app).set(rec.episode.title, { acl: rec.acl.map((e) => ({ ...e })), episode: copyEpisode(rec.episode) });
}

/** Bug site (hook stored): a new event takes over a deleted one's ACL or catalog; remembers each as created. */
export function statefulCreated(ctx: Ctx, recs: EventRecord[]): void {
  const bug = ctx.app.bug;
  if (bug('list-withacl-stale-after-acl-write') || bug('get-withmetadata-second-catalog-as-created')) {
    for (const rec of recs) mapOf(created, ctx.app).set(rec.id, { acl: rec.acl.map((e) => ({ ...e })), extras: copyExtras(rec.extraCatalogs) });
  }
  if (!bug('recreated-inherits-acl') && !bug('recreated-inherits-catalog')) return;
  for (const rec of recs) {
    const before = mapOf(deleted, ctx.app).get(rec.episode.title);
    if (!before) continue;
    if (bug('recreated-inherits-acl')) rec.acl = before.acl.map((e) => ({ ...e }));
    if (bug('recreated-inherits-catalog')) rec.episode = copyEpisode(before.episode);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The member of an event object that a flag added, whatever its name (latitude with-member-names). */
const memberKey = (o: Obj, flag: string) => [flag, `with${flag}`].find((k) => k in o);

/** Bug site (hook listBody): the rows' ACLs as created (list-withacl-stale-after-acl-write). */
export function statefulListBody(ctx: Ctx, text: string): string {
  if (!ctx.app.bug('list-withacl-stale-after-acl-write') || ctx.url.searchParams.get('withacl') === null) return text;
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    return text;
  }
  if (!Array.isArray(rows)) return text;
  const made = mapOf(created, ctx.app);
  for (const row of rows) {
    if (!isObj(row) || typeof row.identifier !== 'string') continue;
    const k = memberKey(row, 'acl');
    const first = made.get(row.identifier);
    if (k !== undefined && first) row[k] = first.acl;
  }
  return JSON.stringify(rows);
}

/** What the catalogs' derived fields are rendered from (as serialize.ts renders them). */
function viewOf(ctx: Ctx, rec: EventRecord) {
  const v = ctx.app.store.view(rec.id);
  return { id: rec.id, createdMs: rec.createdMs, startMs: v.bibStartMs, durationMs: v.durationMs };
}

/** Bug site (hook eventBody.body): the single GET's catalogs other than dublincore/episode as created. */
export function statefulGetBody(ctx: Ctx, text: string, rec: EventRecord): string {
  if (!ctx.app.bug('get-withmetadata-second-catalog-as-created') || ctx.url.searchParams.get('withmetadata') === null) return text;
  const first = mapOf(created, ctx.app).get(rec.id);
  if (!first) return text;
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isObj(o)) return text;
  const k = memberKey(o, 'metadata');
  if (k === undefined || !Array.isArray(o[k])) return text;
  const episode = (o[k] as unknown[]).filter((c) => isObj(c) && c.flavor === EPISODE_FLAVOR);
  const asCreated = renderCatalogs(rec.episode, viewOf(ctx, rec), first.extras).filter((c) => c.flavor !== EPISODE_FLAVOR);
  o[k] = [...episode, ...asCreated];
  return JSON.stringify(o);
}

/** Bug site (hook shown): only the tracks uploaded with the event (none of POST /track's flavors). */
export function statefulMediaTracks(ctx: Ctx, tracks: UploadedTrack[]): UploadedTrack[] {
  return ctx.app.bug('media-stale-after-track') ? tracks.filter((t) => t.flavor === undefined) : tracks;
}
