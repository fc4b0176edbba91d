import type { Exchange, LearnedCatalog } from '../model/index.js';
import { parseJsonBody } from '../http/index.js';
import { catalogDefs, describeCatalog, OWN_CATALOGS, writableFields } from './catalogs.js';

/**
 * The probe's catalog question. spec § Metadata catalog: "Further configurable catalogs exist,
 * for example license/episode." Which catalogs a server has, and their fields, is its configuration:
 * 1. the catalogs a new event shows (GET /metadata of the probe's event) are the server's own: learned with each
 *    field's id, type, readOnly, required and collection;
 * 2. where those are fewer than the checks use (two catalogs, one with two writable fields), evconf's own catalogs
 *    whose flavors the server does not show are sent on one create: those kept (read back with their values) may be
 *    written too. A refusal is legal and final: the checks that need more catalogs are skipped, with this finding.
 */

export interface CatalogProbe {
  /** Creates an event carrying `extra` catalogs besides the episode; its id when created. */
  create(extra: { flavor: string; fields: { id: string; value: string }[] }[]): Promise<{ ex: Exchange; id?: string }>;
  /** GET /metadata of an event once it is readable (undefined when it never became readable). */
  read(id: string): Promise<Exchange | undefined>;
  observe(topic: string, value: string, context?: string): void;
  tag: string;
}

const enough = (list: readonly LearnedCatalog[]) => list.filter((c) => writableFields(c).length > 0).length >= 2
  && list.some((c) => writableFields(c).length >= 2);

function why(ex: Exchange): string {
  const st = ex.response?.status;
  if (st === undefined) return ex.error?.code ?? 'no response';
  const body = (ex.response?.body ?? '').replace(/\s+/g, ' ').slice(0, 120);
  return body ? `${st}: ${body}` : String(st);
}

/** Whether the catalog list holds `c` with every field sent holding the value sent. */
function keptIn(body: unknown, flavor: string, sent: { id: string; value: string }[]): boolean {
  if (!Array.isArray(body)) return false;
  const c = body.find((x) => (x as { flavor?: unknown } | null)?.flavor === flavor) as { fields?: unknown } | undefined;
  if (!c || !Array.isArray(c.fields)) return false;
  return sent.every((s) => (c.fields as { id?: unknown; value?: unknown }[]).some((f) => f?.id === s.id && (f.value === s.value || (Array.isArray(f.value) && f.value.includes(s.value)))));
}

/** `shown`: the GET /metadata body of an event created without extra catalogs. Returns what evconf may write, and a note. */
export async function learnCatalogs(shown: unknown, p: CatalogProbe): Promise<{ list: LearnedCatalog[]; note: string }> {
  const listed = catalogDefs(shown, 'listed');
  for (const c of listed) p.observe('catalog-fields', describeCatalog(c), 'GET /api/events/{id}/metadata');
  if (enough(listed)) return { list: listed, note: `the server shows ${listed.map((c) => c.flavor).join(', ')}` };
  const offered = OWN_CATALOGS.filter((o) => !listed.some((c) => c.flavor === o.flavor));
  const sent = offered.map((o) => ({ flavor: o.flavor, fields: o.fields.map((f, i) => ({ id: f.id, value: `evconf-probe${i + 1} ${p.tag}` })) }));
  const made = await p.create(sent);
  const shownText = listed.length > 0 ? `the server shows ${listed.map((c) => c.flavor).join(', ')}` : 'the server shows no catalog besides dublincore/episode';
  if (!made.id) {
    const note = `${shownText}, and refused evconf's own (${offered.map((o) => o.flavor).join(', ')}) on create: ${why(made.ex)}`;
    p.observe('catalogs-accepted', note, 'POST /api/events');
    return { list: listed, note };
  }
  const read = await p.read(made.id);
  const parsed = read ? parseJsonBody(read) : undefined;
  const body = parsed?.ok ? parsed.value : undefined;
  const kept = offered.filter((o, i) => keptIn(body, o.flavor, sent[i].fields));
  // The fields as the server lists them (types, required), for the kept catalogs.
  const defs = catalogDefs(body, 'accepted').filter((c) => kept.some((k) => k.flavor === c.flavor));
  const list = [...listed, ...defs];
  const note = kept.length > 0
    ? `${shownText}; it kept evconf's own ${kept.map((k) => k.flavor).join(', ')} when sent on create`
    : `${shownText}, and did not keep evconf's own (${offered.map((o) => o.flavor).join(', ')}) sent on create`;
  p.observe('catalogs-accepted', note, 'POST /api/events');
  return { list, note };
}
