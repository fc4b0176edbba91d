import { API_VERSIONS, type ApiVersion, type Exchange, type Observation } from '../model/index.js';
import { parseJsonBody, type FormEncoding, type HttpClient, type MultipartPart } from '../http/index.js';
import type { RunConfig } from '../config/types.js';
import type { RuleBook } from '../spec/rules.js';
import { isoUtc } from '../spec/datetime.js';
import { createdIdentifiers, eventCreateParts, type EventSpec } from './event-form.js';
import { openCapabilities, type Capabilities, type Choice } from './capabilities.js';
import { SHIPPED_MEDIA, SHIPPED_MEDIA_PATH } from './media.js';
import { waitReadable } from './readiness.js';
import { learnFieldIds } from './field-ids.js';
import { learnCatalogs } from './probe-catalogs.js';
import { relative } from 'node:path';
import { PROJECT_ROOT } from '../spec/paths.js';

/**
 * The capability probe (ARCHITECTURE.md, principle 2): at the start of each version, learn once what the server needs in order to be
 * tested, so that every stage adapts the same way. Each question is one create (registered for cleanup):
 * - can it create an event from metadata, acl and processing alone? If not (4xx), does the shipped media file help?
 *   (spec § POST /api/events: "It creates events from metadata, an access control list, processing instructions and
 *   uploaded media tracks": media is not said to be optional.)
 * - does it accept a series id evconf makes (isPartOf)? Else --series-id, else series checks skip.
 * - does it schedule on a capture agent evconf names (1.1.0+)? Else --agent-id, else scheduling checks skip.
 * - which catalogs and episode field ids does it show (GET /metadata)? Recorded as observations; the field ids the
 *   spec does not give (presenters, series, rights holder, …) are mapped to the server's own (field-ids.ts).
 * A refusal is never a failure: it is what a conformant server may legally do with an optional input.
 */

export interface ProbeOptions {
  client: HttpClient;
  version: ApiVersion;
  book: RuleBook;
  config: Pick<RunConfig, 'workflow' | 'settleMs' | 'agentId' | 'seriesId' | 'fieldIds'>;
  /** Tag of the probe's events (titles, subjects). */
  tag: string;
  /** The capture agent evconf would use (its own id). */
  agent: string;
  /** The run's tag (the probe's schedules take a day of their own by it; default: `tag`). */
  runTag?: string;
  /** Where every created event is registered (deleted at the end of the version). */
  register(...ids: string[]): void;
  /** The version's clients' form encoding (switched to multipart when the server wants that). */
  formEncoding?: FormEncoding;
}

export interface ProbeOutcome {
  caps: Capabilities;
  observations: Observation[];
  exchanges: Exchange[];
}

/** Where the probe's schedules go: far-future hours the scenarios do not use (they schedule in 2090-2093, or from 2100 on one shared agent). */
const PROBE_BASE = Date.UTC(2094, 6, 1);
const HOUR_MS = 3_600_000;
/** Days of PROBE_BASE a run's probe may take (by its tag), and schedules a version's probe tries at most. */
const PROBE_DAYS = 150;
export const PROBE_SLOTS = 3;

/** A short stable hash of a text (FNV-1a, 32 bit). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The start of the probe's k-th schedule (k < PROBE_SLOTS) in a version: an hour of its own per version and try, on
 * a day drawn from the run, so that the probe never schedules where it scheduled before, on the shared capture agent
 * too (--agent-id): not where an earlier version's probe did (its delete may not be visible yet in a lagging index,
 * ARCHITECTURE.md, principle 7), nor where another run's did (mostly).
 */
export function probeSlotStart(runTag: string, version: ApiVersion, k: number): number {
  const v = Math.max(0, API_VERSIONS.indexOf(version));
  return PROBE_BASE + (hash(runTag) % PROBE_DAYS) * 24 * HOUR_MS + (v * PROBE_SLOTS + k) * HOUR_MS;
}

/** The capture-agent input a schedule names when the server wants inputs (docs/opencast-notes.md: usually "default"). */
const DEFAULT_INPUTS = ['default'];

const refused = (status: number) => status >= 400 && status < 500 && status !== 409;

/** The first line of a body, for a reason text. */
function why(ex: Exchange): string {
  const st = ex.response?.status;
  if (st === undefined) return ex.error?.code ?? 'no response';
  const body = (ex.response?.body ?? '').replace(/\s+/g, ' ').slice(0, 120);
  return body ? `${st}: ${body}` : String(st);
}

/** The create body with more catalogs appended to its metadata part. */
function withCatalogs(parts: MultipartPart[], extra: { flavor: string; fields: { id: string; value: string }[] }[]): MultipartPart[] {
  if (extra.length === 0) return parts;
  return parts.map((p) => (p.name === 'metadata' && 'value' in p ? { name: 'metadata', value: JSON.stringify([...(JSON.parse(p.value) as unknown[]), ...extra]) } : p));
}

export async function probeServer(o: ProbeOptions): Promise<ProbeOutcome> {
  const observations: Observation[] = [];
  const exchanges: Exchange[] = [];
  const observe = (topic: string, value: string, context?: string) => observations.push({ topic, apiVersion: o.version, value, ...(context ? { context } : {}) });
  const caps = openCapabilities(o.version, o.config.fieldIds);
  let n = 0;
  const create = async (spec: EventSpec, extra: { flavor: string; fields: { id: string; value: string }[] }[] = []): Promise<{ ex: Exchange; id?: string }> => {
    const parts = withCatalogs(eventCreateParts(spec, { tag: o.tag, workflow: o.config.workflow, adminRoles: ['ROLE_ADMIN'], caps }), extra);
    const ex = await o.client.send({ method: 'POST', path: '/api/events', multipart: parts });
    exchanges.push(ex);
    const status = ex.response?.status ?? 0;
    const parsed = parseJsonBody(ex);
    const ids = status >= 200 && status < 300 ? createdIdentifiers(parsed.ok ? parsed.value : undefined, ex.response?.headers['location']) : [];
    o.register(...ids);
    return { ex, ...(ids[0] ? { id: ids[0] } : {}) };
  };
  const title = () => `probe ${++n}`;

  // 1. Media. The create with metadata, acl and processing only; on a refusal the same with the shipped file.
  let base = await create({ fields: { title: title() } });
  if (!base.id && refused(base.ex.response?.status ?? 0)) {
    const plain = why(base.ex);
    caps.media = SHIPPED_MEDIA;
    const withMedia = await create({ fields: { title: title() } });
    if (withMedia.id) {
      base = withMedia;
      observe('create-needs-media', `refused without media (${plain}); every create without a schedule uploads ${relative(PROJECT_ROOT, SHIPPED_MEDIA_PATH)} as part ${SHIPPED_MEDIA.part}`, 'POST /api/events');
    } else {
      caps.media = null;
      observe('create-needs-media', `refused without media (${plain}) and with the shipped media file too (${why(withMedia.ex)})`, 'POST /api/events');
    }
  } else {
    observe('create-needs-media', base.id ? 'no: created from metadata, acl and processing alone' : `undetermined: POST /api/events → ${why(base.ex)}`, 'POST /api/events');
  }

  // 2. Catalogs and field ids, as GET /metadata of the first probe event shows them; the episode field ids the spec
  //    does not give are learned from them (field-ids.ts), before any create sends such a field.
  let catalogsLearned: Promise<void> | undefined;
  if (base.id && (await waitReadable(o.client, base.id, o.config.settleMs))) {
    const ex = await o.client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(base.id)}/metadata` });
    exchanges.push(ex);
    const parsed = parseJsonBody(ex);
    if (parsed.ok && Array.isArray(parsed.value)) {
      const cats = parsed.value as { flavor?: unknown; fields?: unknown }[];
      observe('catalogs', cats.map((c) => String(c?.flavor)).join(', ') || 'none', 'GET /api/events/{id}/metadata');
      const episode = cats.find((c) => c?.flavor === 'dublincore/episode');
      if (Array.isArray(episode?.fields)) {
        const ids = (episode.fields as { id?: unknown }[]).map((f) => String(f?.id)).sort();
        observe('episode-field-ids', ids.join(', '), 'GET /api/events/{id}/metadata (dublincore/episode)');
        caps.fieldIds = learnFieldIds(ids, o.config.fieldIds);
        const learned = Object.entries(caps.fieldIds).filter(([k]) => !(k in o.config.fieldIds));
        if (learned.length > 0) observe('field-id-map', `learned from the server's catalog: ${learned.map(([k, v]) => `${k}→${v}`).join(', ')}`, 'GET /api/events/{id}/metadata (dublincore/episode)');
      }
      // The catalogs besides dublincore/episode are learned from an event of their own, which takes the index's lag
      // to read: beside the steps below (nothing they send depends on them), awaited at the end.
      catalogsLearned = learnCatalogs(cats, {
        tag: o.tag,
        observe,
        create: async (extra) => {
          const made = await create({ fields: { title: title() } }, extra);
          return made;
        },
        read: async (id) => {
          if (!(await waitReadable(o.client, id, o.config.settleMs))) return undefined;
          const r = await o.client.send({ method: 'GET', path: `/api/events/${encodeURIComponent(id)}/metadata` });
          exchanges.push(r);
          return r;
        },
      }).then((c) => { caps.catalogs = c; });
      // Handled where it is awaited, below; until then a failure must not count as unhandled.
      catalogsLearned.catch(() => undefined);
    }
  }
  // 2b. ACL action names ("the set of valid action names: not shown", spec § Authentication): an ACL with an action
  //     of evconf's own is put on the probe event; when it is refused and the same ACL with read and write only is
  //     accepted, generated ACLs use read and write only.
  if (base.id) {
    const put = (acl: unknown[]) => o.client.send({ method: 'PUT', path: `/api/events/${encodeURIComponent(base.id!)}/acl`, form: { acl: JSON.stringify(acl) } });
    const admin = { allow: true, action: 'read', role: 'ROLE_ADMIN' };
    // Form encoding ("send form parameters": which encoding is not said): a plain ACL urlencoded; when that is
    // refused and the same ACL as multipart/form-data is taken, every form request of the version goes multipart.
    const plainAcl = [admin, { allow: true, action: 'write', role: 'ROLE_ADMIN' }];
    const urlencoded = await put(plainAcl);
    exchanges.push(urlencoded);
    if (refused(urlencoded.response?.status ?? 0) && o.formEncoding) {
      o.formEncoding.mode = 'multipart';
      const multipart = await put(plainAcl);
      exchanges.push(multipart);
      const ok = (multipart.response?.status ?? 0) >= 200 && (multipart.response?.status ?? 0) < 300;
      if (ok) caps.formEncoding = 'multipart';
      else o.formEncoding.mode = 'urlencoded';
      observe('form-encoding', ok ? `form parameters sent urlencoded were refused (${why(urlencoded)}) and taken as multipart/form-data; every form request sends multipart` : `undetermined: PUT /acl refused urlencoded (${why(urlencoded)}) and multipart (${why(multipart)})`, 'PUT /api/events/{id}/acl');
    }
    const own = await put([admin, { allow: true, action: 'annotate', role: 'ROLE_EVCONF_PROBE' }]);
    exchanges.push(own);
    const st = own.response?.status ?? 0;
    if (refused(st)) {
      const plain = await put([admin, { allow: true, action: 'write', role: 'ROLE_ADMIN' }]);
      exchanges.push(plain);
      const ok = (plain.response?.status ?? 0) >= 200 && (plain.response?.status ?? 0) < 300;
      if (ok) caps.aclActions = ['read', 'write'];
      observe('acl-actions', ok ? `an ACL with the action "annotate" was refused (${why(own)}) and read/write accepted; generated ACLs use read and write only` : `undetermined: PUT /acl refused both an own action (${why(own)}) and read/write (${why(plain)})`, 'PUT /api/events/{id}/acl');
    } else {
      observe('acl-actions', st >= 200 && st < 300 ? 'any action name is accepted (an ACL with the action "annotate" was put)' : `undetermined: PUT /acl → ${why(own)}`, 'PUT /api/events/{id}/acl');
    }
  }

  // 3. Series ids: isPartOf = an id evconf makes (never an existing series).
  if (base.id) caps.series = await probeId('series', `${o.tag}series`, o.config.seriesId, '--series-id', 'an existing series',
    (id) => create({ fields: { title: title(), isPartOf: id } }), observe);

  // 4. Capture agents (the scheduling part exists from 1.1.0).
  const rule = o.book.get('events.create.schedule-single');
  if (base.id && rule && o.book.appliesTo(rule, o.version)) {
    // The plainest schedule the spec describes (start and end), so that only the agent can be what is refused.
    const scheduling = (agent: string, start: number, inputs?: string[]) => ({ agent_id: agent, start: isoUtc(start), end: isoUtc(start + 600_000), ...(inputs ? { inputs } : {}) });
    // A 409 is no refusal of the agent (the server checked the schedule against the agent's others): the slot is
    // taken (a schedule left on a shared agent), so the same create goes to the probe's next hour.
    let slot = 0;
    const schedule = async (agent: string, inputs?: string[]) => {
      for (;;) {
        const made = await create({ fields: { title: title() }, scheduling: scheduling(agent, probeSlotStart(o.runTag ?? o.tag, o.version, slot), inputs) });
        if (made.ex.response?.status !== 409 || slot + 1 >= PROBE_SLOTS) return made;
        slot++;
      }
    };
    // "Whether inputs is required: not shown." (spec § Scheduling): a schedule refused without inputs is sent again
    // with the input every capture agent has (docs/opencast-notes.md: usually ["default"]); when that one is accepted,
    // every scheduled create of the version carries it.
    let inputsNote: string | undefined;
    const attempt = async (id: string) => {
      const plain = await schedule(id);
      if (plain.id || !refused(plain.ex.response?.status ?? 0) || caps.inputs) return plain;
      const withInputs = await schedule(id, DEFAULT_INPUTS);
      if (withInputs.id) {
        caps.inputs = DEFAULT_INPUTS;
        inputsNote = `a schedule without inputs was refused (${why(plain.ex)}) and accepted with inputs ${JSON.stringify(DEFAULT_INPUTS)}; every scheduled create sends them`;
      }
      return withInputs.id ? withInputs : plain;
    };
    caps.agents = await probeId('capture agent', o.agent, o.config.agentId, '--agent-id', 'a registered agent', attempt, observe);
    observe('schedule-inputs', inputsNote ?? (caps.agents.kind === 'none' ? 'undetermined: no schedule was accepted' : 'not required: schedules without inputs are accepted'), 'POST /api/events');
  }

  await catalogsLearned;
  if (Object.keys(o.config.fieldIds).length > 0) {
    observe('field-id-map', Object.entries(o.config.fieldIds).map(([k, v]) => `${k}→${v}`).join(', '), 'config file fieldIds');
  }
  return { caps, observations, exchanges };
}

/**
 * Whether the server accepts an id evconf makes (`own`); if it refuses (4xx), the user's id (`given`) when that is
 * accepted, else `none` with the reason that names the flag to give.
 */
async function probeId(
  what: string, own: string, given: string | undefined, flag: string, hint: string,
  attempt: (id: string) => Promise<{ ex: Exchange; id?: string }>,
  observe: (topic: string, value: string, context?: string) => void,
): Promise<Choice> {
  const topic = what === 'series' ? 'series-ids' : 'capture-agents';
  const first = await attempt(own);
  if (first.id || !refused(first.ex.response?.status ?? 0)) {
    observe(topic, first.id ? `accepts ids evconf makes (${own})` : `undetermined: POST /api/events → ${why(first.ex)}; evconf uses its own ids`, 'POST /api/events');
    return { kind: 'own' };
  }
  const reason = `the server refused ${what} ${own} (${first.ex.response?.status})`;
  if (given) {
    const second = await attempt(given);
    if (second.id) {
      observe(topic, `${reason}; every stage uses ${flag} ${given}`, 'POST /api/events');
      return { kind: 'fixed', id: given };
    }
    // 409 at every hour the probe tried: the server checked the schedules against the agent's others, so it knows
    // the agent; the hours are taken (schedules left on it by someone else). The user's agent is used.
    if (second.ex.response?.status === 409) {
      observe(topic, `${reason}; every stage uses ${flag} ${given} (the probe's schedules on it were answered 409 at each hour tried: it is known, those hours are taken)`, 'POST /api/events');
      return { kind: 'fixed', id: given };
    }
    const text = `${reason}, and ${flag} ${given} too (${second.ex.response?.status ?? second.ex.error?.code}); give ${flag} with ${hint}`;
    observe(topic, text, 'POST /api/events');
    return { kind: 'none', reason: text };
  }
  const text = `${reason}; give ${flag} with ${hint}`;
  observe(topic, text, 'POST /api/events');
  return { kind: 'none', reason: text };
}
