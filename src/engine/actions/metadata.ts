import type { Exchange } from '../../model/index.js';
import { notAnswering, parseJsonBody, type MultipartPart } from '../../http/index.js';
import { isEmptyValue } from '../../checks/families/metadata.js';
import { createdIdentifiers, eventCreateParts } from '../event-form.js';
import { waitVisible } from '../create.js';
import type { ScenarioEnv } from '../env.js';
import type { Action } from './types.js';

/**
 * Actions of the metadata family (names listed in src/scenario/actions/metadata.ts).
 * spec § Metadata catalog: "Further configurable catalogs exist, for example license/episode." Deleting a catalog
 * needs one other than dublincore/episode, so an event is created with a second catalog part.
 */

interface ExtraCatalog {
  flavor: string;
  fields: Record<string, string | string[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function catalogParam(v: unknown): ExtraCatalog {
  const c = v as Partial<ExtraCatalog> | null;
  if (!c || typeof c.flavor !== 'string' || !c.fields || typeof c.fields !== 'object') {
    throw new Error('action parameter "catalog" must be {flavor, fields: {id: value}}');
  }
  return { flavor: c.flavor, fields: c.fields };
}

/** The standard create body (event-form.ts) with one more catalog in its metadata part. */
export function partsWithCatalog(parts: MultipartPart[], extra: ExtraCatalog): MultipartPart[] {
  return parts.map((p) => {
    if (p.name !== 'metadata' || !('value' in p)) return p;
    const catalogs = JSON.parse(p.value) as unknown[];
    const fields = Object.entries(extra.fields).map(([id, value]) => ({ id, value }));
    return { name: 'metadata', value: JSON.stringify([...catalogs, { flavor: extra.flavor, fields }]) };
  });
}

/** Whether GET ?type= answered the catalog with at least one of the sent fields holding a value. */
function kept(ex: Exchange, extra: ExtraCatalog): boolean {
  const body = parseJsonBody(ex);
  if (ex.response?.status !== 200 || !body.ok || !Array.isArray(body.value)) return false;
  return body.value.some((f) => {
    const o = f as { id?: unknown; value?: unknown } | null;
    return typeof o?.id === 'string' && o.id in extra.fields && !isEmptyValue(o.value);
  });
}

/** Polls GET /metadata?type=<flavor> (bounded by --settle-ms) until the catalog is there with values. */
async function waitCatalog(env: ScenarioEnv, id: string, extra: ExtraCatalog): Promise<{ exchange: Exchange; ok: boolean }> {
  const deadline = Date.now() + env.config.settleMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const exchange = await env.clients.admin.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}/metadata`, query: { type: extra.flavor } });
    if (kept(exchange, extra)) return { exchange, ok: true };
    if (Date.now() + delay > deadline || notAnswering(exchange)) return { exchange, ok: false };
    await sleep(delay);
  }
}

/**
 * create-with-catalog {title, …episode fields, catalog: {flavor, fields}}: POST /api/events with the extra catalog,
 * then waits until GET ?type=<flavor> shows it. Value {identifier, skip}: `skip` is '' when the server kept the
 * catalog, else the reason the dependent checks are skipped (never a failure: which catalogs exist is configuration).
 */
const createWithCatalog: Action = async (env, params) => {
  const { catalog, ...fields } = params;
  const extra = catalogParam(catalog);
  const parts = eventCreateParts({ fields: fields as Record<string, string | string[]> }, { tag: env.tag, workflow: env.config.workflow, adminRoles: ['ROLE_ADMIN'] });
  const post = await env.clients.admin.send({ method: 'POST', path: '/api/events', multipart: partsWithCatalog(parts, extra) });
  const body = parseJsonBody(post);
  const status = post.response?.status ?? 0;
  const ids = status >= 200 && status < 300 ? createdIdentifiers(body.ok ? body.value : undefined, post.response?.headers['location']) : [];
  env.cleanup.add(...ids);
  const missing = `evconf-missing-${env.tag}`;
  if (ids.length === 0) {
    const why = post.response ? `POST /api/events → ${status}` : `POST /api/events failed: ${post.error?.code ?? 'no response'}`;
    return { exchanges: [post], value: { identifier: missing, skip: `precondition: the server did not create an event carrying a ${extra.flavor} catalog (${why}); it may not have that catalog configured` } };
  }
  const id = ids[0];
  if (!(await waitVisible(env, id))) {
    return { exchanges: [post], value: { identifier: id, skip: `precondition: created event ${id} never became readable within --settle-ms` } };
  }
  const read = await waitCatalog(env, id, extra);
  const skip = read.ok ? '' : `precondition: the server does not keep the ${extra.flavor} catalog sent on create (GET ?type=${extra.flavor} → ${read.exchange.response?.status ?? read.exchange.error?.code}); it may not have that catalog configured`;
  return { exchanges: [post, read.exchange], value: { identifier: id, skip } };
};

export const IMPL_METADATA: Record<string, Action> = { 'create-with-catalog': createWithCatalog };
