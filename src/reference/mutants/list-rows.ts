import type { Ctx } from '../app.js';
import { flagOn } from '../latitude/shape.js';
import type { SortKey } from '../list-params.js';
import { atLeast } from '../version.js';
import type { EventView } from '../view.js';
import { family } from './types.js';

/**
 * List rows that do not match their events: a row showing a member of another row, rows repeated or collapsed under
 * a sort, a with* member wrong in the list only (the single GET stays right). The bug sites work on the list's rows.
 */
export const LIST_ROW_MUTANTS = family({
  'list-row-publications-from-previous-row': {
    rule: 'events.list.withpublications',
    description: 'GET /api/events?withpublications=true: a row whose event has no publication shows the publications of the row before it (a row buffer not cleared); the single GET and GET …/publications of that event show none.',
  },
  'list-row-extra-catalog-from-previous-row': {
    rule: 'events.list.withmetadata',
    description: 'GET /api/events?withmetadata=true: a row lacking a catalog that the row before it has (license/episode, …) shows that catalog of the previous row too; GET …/metadata of the event shows only its own catalogs.',
  },
  'list-row-acl-deny-shown-allow': {
    rule: 'events.list.withacl',
    description: 'GET /api/events?withacl=true shows every ACL entry with allow true: a deny entry (allow false) is listed as an allow; GET /api/events/{id}?withacl=true and GET …/acl show it as a deny.',
  },
  'list-withacl-row-per-read-entry': {
    rule: 'events.list.withacl',
    description: 'GET /api/events?withacl=true joins the ACL: an event is listed once per ACL entry of action read (twice for two read roles), each row showing the whole ACL; without withacl, and for events with one read entry, each event is listed once.',
  },
  'list-page-ties-reversed-after-first': {
    rule: 'events.list.pages',
    description: 'A sorted list breaks ties between equal sort keys by identifier ascending on the first page (no offset) but descending on later pages: with four events of one title, sort=title:ASC&limit=2 gives the same two events at offset 0 and at offset 2, and the other two on no page; lists without ties page right.',
  },
  'sort-presenter-row-per-presenter': {
    rule: 'events.list.sort.presenter',
    description: 'sort=presenter joins the presenters: an event with two presenters is listed twice, once at the place of each presenter (ASC or DESC); events with one presenter or none are listed once.',
  },
  'sort-series-name-collapses-series': {
    rule: 'events.list.sort.series_name',
    description: 'sort=series_name lists one row per series (a DISTINCT over the series key): of several events with the same is_part_of only the first is listed; events without a series are all listed.',
    since: '1.1.0',
  },
  'list-row-title-from-state-group-head': {
    rule: 'events.list.rows',
    description: 'GET /api/events?sort=workflow_state:…: every row after the first of a run of rows in one processing state shows the title of that run\'s first row (a group header kept across the group); the order is right, the identifiers are right, and the single GET and every list not sorted by workflow_state show each event\'s own title.',
    caughtBy: 'oracles',
  },
});

type Row = Record<string, unknown>;

const BUGS = ['list-row-title-from-state-group-head', 'list-withacl-row-per-read-entry', 'list-row-publications-from-previous-row', 'list-row-extra-catalog-from-previous-row', 'list-row-acl-deny-shown-allow', 'sort-presenter-row-per-presenter', 'sort-series-name-collapses-series'] as const;

/** The member a with* flag adds (its name is a latitude choice: acl or withacl, …). */
function member(row: Row, name: string): string | undefined {
  if (name in row) return name;
  if (`with${name}` in row) return `with${name}`;
  return undefined;
}

/** The first sort criterion as sent (name and direction), or undefined. */
function firstSort(ctx: Ctx): { name: string; desc: boolean } | undefined {
  const raw = ctx.url.searchParams.get('sort');
  if (!raw) return undefined;
  const [name, dir = ''] = raw.split(',')[0].split(':');
  return { name: name.trim(), desc: dir.trim().toUpperCase().startsWith('DESC') };
}

function codePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Bug site (handlers/list.ts, the list body text): rows changed after the query ran. */
export function listRowsBody(ctx: Ctx, text: string): string {
  const { app } = ctx;
  if (!BUGS.some((n) => app.bug(n))) return text;
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) return text;
  let rows = parsed as Row[];
  const orig = rows.map((r) => ({ ...r }));
  const q = ctx.url.searchParams;
  if (app.bug('list-row-publications-from-previous-row') && flagOn(app, q.get('withpublications'))) {
    rows.forEach((row, i) => {
      const key = member(row, 'publications');
      const prev = i > 0 ? orig[i - 1] : undefined;
      if (key && prev && Array.isArray(row[key]) && (row[key] as unknown[]).length === 0 && Array.isArray(prev[key]) && (prev[key] as unknown[]).length > 0) row[key] = prev[key];
    });
  }
  if (app.bug('list-row-extra-catalog-from-previous-row') && flagOn(app, q.get('withmetadata'))) {
    rows.forEach((row, i) => {
      const key = member(row, 'metadata');
      const prev = i > 0 ? orig[i - 1] : undefined;
      if (!key || !prev || !Array.isArray(row[key]) || !Array.isArray(prev[key])) return;
      const own = row[key] as Row[];
      const flavors = new Set(own.map((c) => c.flavor));
      const borrowed = (prev[key] as Row[]).filter((c) => !flavors.has(c.flavor));
      if (borrowed.length > 0) row[key] = [...own, ...borrowed];
    });
  }
  if (app.bug('list-row-acl-deny-shown-allow') && flagOn(app, q.get('withacl'))) {
    for (const row of rows) {
      const key = member(row, 'acl');
      if (key && Array.isArray(row[key])) row[key] = (row[key] as Row[]).map((e) => ({ ...e, allow: true }));
    }
  }
  if (app.bug('list-withacl-row-per-read-entry') && flagOn(app, q.get('withacl'))) {
    rows = rows.flatMap((row) => {
      const key = member(row, 'acl');
      const reads = key && Array.isArray(row[key]) ? (row[key] as Row[]).filter((e) => e.action === 'read').length : 0;
      return Array.from({ length: Math.max(1, reads) }, () => row);
    });
  }
  const sort = firstSort(ctx);
  if (app.bug('list-row-title-from-state-group-head') && sort?.name === 'workflow_state') {
    let head: Row | undefined;
    rows.forEach((row, i) => {
      if (!head || head.processing_state !== orig[i].processing_state) head = orig[i];
      else if (typeof row.title === 'string' && typeof head.title === 'string') row.title = head.title;
    });
  }
  if (app.bug('sort-presenter-row-per-presenter') && sort?.name === 'presenter') {
    const pairs = rows.flatMap((row) => {
      const names = (row.presenter ?? row.presenters) as unknown;
      const list = Array.isArray(names) && names.length > 0 ? (names as string[]) : [''];
      return list.map((name) => ({ row, name }));
    });
    pairs.sort((a, b) => (sort.desc ? -1 : 1) * codePoint(a.name, b.name));
    rows = pairs.map((p) => p.row);
  }
  if (app.bug('sort-series-name-collapses-series') && sort?.name === 'series_name' && atLeast(ctx.version, '1.1.0')) {
    const seen = new Set<string>();
    rows = rows.filter((row) => {
      const s = typeof row.is_part_of === 'string' ? row.is_part_of : '';
      if (s === '') return true;
      if (seen.has(s)) return false;
      seen.add(s);
      return true;
    });
  }
  return JSON.stringify(rows);
}

// --- list-page-ties-reversed-after-first (hook listPaging.page) ----------------------------------------------------

type Page = { skip: number; limit: number | undefined; sort: SortKey[]; offset: number };

/** Bug site (handlers/list.ts, skip, limit and sort together): ties by identifier descending past the first page. */
export function listRowsPage(ctx: Ctx, p: Page): Page {
  if (!ctx.app.bug('list-page-ties-reversed-after-first') || p.skip === 0 || p.sort.length === 0) return p;
  const tie: SortKey = { name: p.sort[0].name, desc: true, by: { label: 'ties-by-id', value: (v: EventView) => v.id } };
  return { ...p, sort: [...p.sort, tie] };
}
