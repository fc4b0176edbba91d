import type { Ctx } from '../app.js';
import type { SortKey } from '../list-params.js';
import type { EventRecord } from '../types.js';
import { atLeast } from '../version.js';
import { family } from './types.js';
import { latin1Value } from './mutant-state.js';

/**
 * Planted bugs in the rows of GET /api/events: a row that does not match its event, or a list that does not relate to
 * the same list asked another way (sorted, paged, filtered with OR). They are the proof that the general oracles of
 * src/oracles can fail (list-rows.ts: every row against its event's single GET and sub-resources; list-invariants.ts:
 * sorts permute, pages partition, filters select, ORs unite). Each helper below is one bug site, registered at its
 * hook point in ./hooks.ts; each returns its value unchanged unless its bug is switched on.
 */
export const LIST_VIEW_MUTANTS = family({
  'list-row-publications-from-neighbour': {
    rule: 'events.list.withpublications',
    description: 'GET /api/events?withpublications=true: the row of an event without publications shows the publications of the row before it (a variable kept across the rows of the serializer loop); the single GET and GET …/publications of that event show none, and a list of published events only is right.',
  },
  'list-row-acl-joined-before-sort': {
    rule: 'events.list.withacl',
    description: 'GET /api/events?withacl=true&sort=…: the ACLs are fetched in creation order and zipped with the sorted rows by position, so a row shows the ACL of the event created at its position; unsorted lists, and sorted lists whose order is creation order, are right.',
  },
  'list-row-title-stale-after-metadata-put': {
    rule: 'events.list.rows',
    description: 'The list reads the title from an index that PUT /metadata?type=dublincore/episode does not update (POST /api/events/{id} and creation do): after a metadata PUT, the list row keeps the earlier title while GET /api/events/{id} and the catalog show the new one.',
  },
  'list-row-text-normalized-nfc': {
    rule: 'events.list.rows',
    description: 'The list reads titles and descriptions from a search index that normalizes text to NFC: a title holding a decomposed accent (e + U+0301) is listed composed (U+00E9), while GET /api/events/{id} and the catalog keep the text as written; text without combining marks is listed right.',
  },
  'list-row-metadata-latin1': {
    rule: 'events.list.withmetadata',
    description: 'GET /api/events?withmetadata=true: the catalogs included in the rows carry text fields decoded as ISO-8859-1 (UTF-8 bytes read one by one: "é" becomes "Ã©"); the title member of the row, the single GET and GET …/metadata are right, and ASCII text is right everywhere.',
  },
  'list-sort-repeats-tied-rows': {
    rule: 'events.list.pages',
    description: 'Pages after the first break ties in the sort keys by identifier descending, the first page by creation order: events equal under every criterion of the sort are repeated on two pages or never listed; with distinct keys the pages are right.',
  },
  'list-sort-location-collapses-ties': {
    rule: 'events.list.sort.location',
    description: 'sort=location lists one row per location (a DISTINCT over the sort key): of events at the same location only the first is listed; lists of events at distinct locations are right.',
  },
  'list-sort-presenter-row-per-presenter': {
    rule: 'events.list.sort.presenter',
    description: 'sort=presenter joins the presenters: an event with two presenters is listed once per presenter (twice); events with one presenter are listed once.',
  },
  'list-or-repeats-events-matching-both': {
    rule: 'events.list.filter.or',
    description: 'From 1.5.0, a repeated contributors keyword is run as a UNION ALL: an event whose contributors match two of the values is listed twice; events matching one value are listed once.',
    since: '1.5.0',
  },
});

type Obj = Record<string, unknown>;

/** The member of a row that a flag added, whatever its name (latitude with-member-names). */
function memberKey(row: Obj, flag: string): string {
  return [flag, `with${flag}`].find((k) => k in row) ?? flag;
}

/** The rows of a list text, or undefined when it is not a JSON array. */
function parse(text: string): Obj[] | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as Obj[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The criteria names of the sort parameter. */
function sortNames(ctx: Ctx): string[] {
  return (ctx.url.searchParams.get('sort') ?? '').split(',').map((s) => s.split(':')[0].trim()).filter((s) => s !== '');
}

/** Bug sites (hook listBody): the row-level bugs, applied to the list's JSON text. */
export function listViewsBody(ctx: Ctx, text: string): string {
  const bug = ctx.app.bug;
  const q = ctx.url.searchParams;
  const on = [
    'list-row-publications-from-neighbour', 'list-row-acl-joined-before-sort', 'list-row-title-stale-after-metadata-put',
    'list-sort-location-collapses-ties', 'list-sort-presenter-row-per-presenter', 'list-or-repeats-events-matching-both',
    'list-row-text-normalized-nfc', 'list-row-metadata-latin1',
  ].filter((n) => bug(n as Parameters<typeof bug>[0]));
  if (on.length === 0) return text;
  let rows = parse(text);
  if (!rows) return text;
  if (on.includes('list-row-publications-from-neighbour') && q.get('withpublications') === 'true') {
    let previous: unknown;
    for (const row of rows) {
      const key = memberKey(row, 'publications');
      const own = row[key];
      if (Array.isArray(own) && own.length > 0) previous = own;
      else if (previous !== undefined && Array.isArray(own)) row[key] = previous;
    }
  }
  if (on.includes('list-row-acl-joined-before-sort') && q.get('withacl') === 'true' && sortNames(ctx).length > 0) {
    const seq = (r: Obj) => ctx.app.store.get(String(r.identifier))?.seq ?? 0;
    const byCreation = [...rows].sort((a, b) => seq(a) - seq(b));
    const acls = byCreation.map((r) => r[memberKey(r, 'acl')]);
    rows.forEach((r, i) => { r[memberKey(r, 'acl')] = acls[i]; });
  }
  if (on.includes('list-row-title-stale-after-metadata-put')) {
    for (const row of rows) {
      const rec = ctx.app.store.get(String(row.identifier));
      const stale = rec ? staleTitles.get(rec) : undefined;
      if (stale !== undefined && typeof row.title === 'string') row.title = stale;
    }
  }
  if (on.includes('list-row-text-normalized-nfc')) {
    for (const row of rows) {
      for (const k of ['title', 'description']) if (typeof row[k] === 'string') row[k] = (row[k] as string).normalize('NFC');
    }
  }
  if (on.includes('list-row-metadata-latin1') && q.get('withmetadata') === 'true') {
    for (const row of rows) {
      const catalogs = row[memberKey(row, 'metadata')];
      if (!Array.isArray(catalogs)) continue;
      for (const c of catalogs as Obj[]) {
        if (!Array.isArray(c.fields)) continue;
        for (const f of c.fields as Obj[]) f.value = latin1Value(f.value);
      }
    }
  }
  if (on.includes('list-sort-location-collapses-ties') && sortNames(ctx).includes('location')) {
    const seen = new Set<string>();
    rows = rows.filter((r) => {
      const key = JSON.stringify(r.location ?? null);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  if (on.includes('list-sort-presenter-row-per-presenter') && sortNames(ctx).includes('presenter')) {
    const limit = Number.parseInt(q.get('limit') ?? '', 10);
    rows = rows.flatMap((r) => {
      const p = r.presenter ?? r.presenters;
      return Array.isArray(p) && p.length > 1 ? p.map(() => r) : [r];
    });
    if (limit > 0) rows = rows.slice(0, limit);
  }
  if (on.includes('list-or-repeats-events-matching-both') && atLeast(ctx.version, '1.5.0')) {
    const values = q.getAll('filter').flatMap((f) => f.split(',')).filter((e) => e.startsWith('contributors:')).map((e) => e.slice('contributors:'.length));
    if (values.length > 1) {
      rows = rows.flatMap((r) => {
        const c = r.contributor ?? r.contributors;
        const list = Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(',').map((s) => s.trim()) : [];
        const n = values.filter((v) => list.includes(v)).length;
        return n > 1 ? Array.from({ length: n }, () => r) : [r];
      });
    }
  }
  return JSON.stringify(rows);
}

/** Titles the list index still shows after a metadata PUT (list-row-title-stale-after-metadata-put). */
const staleTitles = new WeakMap<EventRecord, string>();

/** Bug site (hook beforeWrite): a metadata PUT leaves the list index's title behind; any other write refreshes it. */
export function listViewsBeforeWrite(ctx: Ctx, rec: EventRecord): void {
  if (!ctx.app.bug('list-row-title-stale-after-metadata-put')) return;
  const metadataPut = ctx.req.method === 'PUT' && /\/metadata\/?$/.test(ctx.url.pathname);
  if (metadataPut) {
    if (!staleTitles.has(rec)) staleTitles.set(rec, rec.episode.title);
  } else if (!/\/acl(\/|$)/.test(ctx.url.pathname)) {
    staleTitles.delete(rec);
  }
}

/** Bug site (hook listPaging.page): pages after the first break sort ties by identifier descending. */
export function listViewsPage<P extends { skip: number; sort: SortKey[] }>(ctx: Ctx, p: P): P {
  if (!ctx.app.bug('list-sort-repeats-tied-rows') || p.skip === 0 || p.sort.length === 0) return p;
  const tie: SortKey = { name: p.sort[0].name, desc: true, by: { label: 'ties-by-identifier-desc', value: (v) => v.id } };
  return { ...p, sort: [...p.sort, tie] };
}

