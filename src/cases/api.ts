import type { Exchange } from '../model/index.js';
import { parseJsonBody, type MultipartPart, type RequestSpec } from '../http/index.js';
import { ADMIN_ROLE, type PhaseEnv } from './phase-env.js';
import { createdIdentifiers, sendsMedia, withInputs } from '../core/event-form.js';
import { serverField } from '../core/capabilities.js';
import { mediaPart } from '../core/media.js';
import { giveUpTest } from '../core/readiness.js';

/** One response: the exchange, its status (undefined on a transport failure) and the parsed JSON body if any. */
export interface Reply {
  ex: Exchange;
  status?: number;
  body?: unknown;
}

export interface AclItem {
  allow?: boolean;
  action: string;
  role: string;
}

/** What POST /api/events sends (spec § POST /api/events, parts table); `raw` replaces a part's JSON text. */
export interface CreateSpec {
  /** dublincore/episode fields by id; the title is sent as given (callers tag it). */
  fields: Record<string, string | string[]>;
  acl?: AclItem[];
  processing?: { workflow: string; configuration: Record<string, string> };
  scheduling?: Record<string, unknown>;
  /** An extra catalog (flavor other than dublincore/episode). */
  extra?: { flavor: string; fields: Record<string, string> };
  raw?: Partial<Record<'metadata' | 'acl' | 'processing' | 'scheduling', string>>;
  /** Upload the shipped media file even where the server does not need it (an event that gets publications). */
  media?: boolean;
}

export const EPISODE = 'dublincore/episode';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const list = (f: Record<string, unknown>) => Object.entries(f).map(([id, value]) => ({ id, value }));

/** Identifiers a create response names: {identifier}, [{identifier}] (rrule) or the Location path. */
export function createdIds(r: Reply): string[] {
  if (r.status === undefined || r.status < 200 || r.status > 299) return [];
  return createdIdentifiers(r.body, r.ex.response?.headers['location']);
}

/**
 * The event endpoints as one small client that records every exchange of a case (the evidence of a failure)
 * and registers what it creates for cleanup (ARCHITECTURE.md, principle 6). Never throws on an HTTP status.
 */
export class EventApi {
  readonly exchanges: Exchange[] = [];

  constructor(
    readonly env: PhaseEnv,
    readonly created: string[] = [],
    /** Events this client has seen readable (a 404 for them later means gone, not "not indexed yet"). */
    readonly seen = new Set<string>(),
  ) {}

  /**
   * A client for work that runs beside this one's (a command sequence's deferred read-back): its own exchanges (the
   * evidence of that work alone, in the order sent), the same created events and readable set.
   */
  lane(): EventApi {
    return new EventApi(this.env, this.created, this.seen);
  }

  async send(spec: RequestSpec, record = true): Promise<Reply> {
    const ex = await this.env.clients.admin.send(spec);
    if (record) this.exchanges.push(ex);
    const parsed = parseJsonBody(ex);
    return { ex, status: ex.response?.status, ...(parsed.ok ? { body: parsed.value } : {}) };
  }

  path(id: string, rest = ''): string {
    return `/api/events/${encodeURIComponent(id)}${rest}`;
  }

  /** Episode fields with the server's field ids (config fieldIds). */
  private episode(f: Record<string, unknown>): { id: string; value: unknown }[] {
    return list(f).map((x) => ({ ...x, id: serverField(this.env.caps, x.id) }));
  }

  parts(s: Partial<CreateSpec>): MultipartPart[] {
    const parts: MultipartPart[] = [];
    if (s.fields || s.extra || s.raw?.metadata) {
      const catalogs = [
        ...(s.fields ? [{ flavor: EPISODE, fields: this.episode(s.fields) }] : []),
        ...(s.extra ? [{ flavor: s.extra.flavor, fields: list(s.extra.fields) }] : []),
      ];
      parts.push({ name: 'metadata', value: s.raw?.metadata ?? JSON.stringify(catalogs) });
    }
    if (s.acl || s.raw?.acl) parts.push({ name: 'acl', value: s.raw?.acl ?? JSON.stringify(s.acl) });
    if (s.processing || s.raw?.processing) parts.push({ name: 'processing', value: s.raw?.processing ?? JSON.stringify(s.processing) });
    if (s.scheduling || s.raw?.scheduling) parts.push({ name: 'scheduling', value: s.raw?.scheduling ?? JSON.stringify(s.scheduling) });
    return parts;
  }

  /** POST /api/events with acl (default: the admin role may read and write), metadata and processing. */
  async create(s: CreateSpec): Promise<Reply & { ids: string[]; media: boolean }> {
    const full: CreateSpec = {
      ...s,
      acl: s.acl ?? [{ allow: true, action: 'read', role: ADMIN_ROLE }, { allow: true, action: 'write', role: ADMIN_ROLE }],
      processing: s.processing ?? { workflow: this.env.config.workflow, configuration: {} },
      // The inputs the probe found the server to require on a scheduled create (src/core/probe.ts).
      ...(s.scheduling ? { scheduling: withInputs(s.scheduling, this.env.caps) } : {}),
    };
    // The shipped media file where the server refuses an event without media (the probe; src/core/probe.ts).
    const media = sendsMedia({ scheduling: s.scheduling, media: s.media }, this.env.caps) ? [mediaPart(this.env.caps?.media ?? undefined)] : [];
    const r = await this.send({ method: 'POST', path: '/api/events', multipart: [...this.parts(full), ...media] });
    const ids = createdIds(r);
    this.env.cleanup.add(...ids);
    this.created.push(...ids);
    return { ...r, ids, media: media.length > 0 };
  }

  /** POST /api/events/{id}: only the parts given are sent ("Only what is sent is changed"). */
  update(id: string, s: Partial<CreateSpec>): Promise<Reply> {
    return this.send({ method: 'POST', path: this.path(id), multipart: this.parts(s) });
  }

  get(id: string): Promise<Reply> {
    return this.send({ method: 'GET', path: this.path(id) });
  }

  list(query: Record<string, string | undefined>): Promise<Reply> {
    return this.send({ method: 'GET', path: '/api/events', query });
  }

  catalog(id: string, flavor = EPISODE): Promise<Reply> {
    return this.send({ method: 'GET', path: this.path(id, '/metadata'), query: { type: flavor } });
  }

  putCatalog(id: string, values: Record<string, unknown> | string, flavor = EPISODE): Promise<Reply> {
    const text = typeof values === 'string' ? values : JSON.stringify(flavor === EPISODE ? this.episode(values) : list(values));
    return this.send({ method: 'PUT', path: this.path(id, '/metadata'), query: { type: flavor }, form: { metadata: text } });
  }

  deleteCatalog(id: string, flavor: string): Promise<Reply> {
    return this.send({ method: 'DELETE', path: this.path(id, '/metadata'), query: { type: flavor } });
  }

  acl(id: string): Promise<Reply> {
    return this.send({ method: 'GET', path: this.path(id, '/acl') });
  }

  putAcl(id: string, acl: AclItem[]): Promise<Reply> {
    return this.send({ method: 'PUT', path: this.path(id, '/acl'), form: { acl: JSON.stringify(acl) } });
  }

  addAce(id: string, action: string, role: string): Promise<Reply> {
    return this.send({ method: 'POST', path: this.path(id, `/acl/${encodeURIComponent(action)}`), form: { role } });
  }

  removeAce(id: string, action: string, role: string): Promise<Reply> {
    return this.send({ method: 'DELETE', path: this.path(id, `/acl/${encodeURIComponent(action)}/${encodeURIComponent(role)}`) });
  }

  scheduling(id: string): Promise<Reply> {
    return this.send({ method: 'GET', path: this.path(id, '/scheduling') });
  }

  putScheduling(id: string, scheduling: Record<string, unknown> | string): Promise<Reply> {
    const text = typeof scheduling === 'string' ? scheduling : JSON.stringify(scheduling);
    return this.send({ method: 'PUT', path: this.path(id, '/scheduling'), form: { scheduling: text } });
  }

  /** DELETE /api/events/{id}; waits out 202 (bounded by --settle-ms); forgets the id once it is gone. */
  async remove(id: string, record = true): Promise<Reply> {
    let r = await this.send({ method: 'DELETE', path: this.path(id) }, record);
    // Disposal: a 404 for an event never seen readable may be an index that has not shown it yet (ARCHITECTURE.md, principle 7): it
    // counts as gone only once a short wait has not shown it; if it shows up, it is deleted again (else it would be
    // left behind).
    if (r.status === 404 && !record && !this.seen.has(id) && (await this.appears(id))) r = await this.send({ method: 'DELETE', path: this.path(id) }, record);
    let gone = r.status === 204 || r.status === 200 || r.status === 404;
    if (r.status === 202) {
      const deadline = Date.now() + this.env.config.settleMs;
      const giveUp = giveUpTest(this.env.clients.admin);
      while (!gone && Date.now() < deadline) {
        await this.nap(100);
        const read = await this.send({ method: 'GET', path: this.path(id) }, false);
        gone = read.status === 404;
        // A GET the server will not answer: the event stays registered for the run's cleanup.
        if (giveUp(read.ex)) break;
      }
    }
    if (gone) this.env.cleanup.forget(id);
    return r;
  }

  /** A pause between polls of a disposal, counted as an idle wait while it lasts (WaitLedger.idle). */
  private async nap(ms: number): Promise<void> {
    const end = this.env.waits?.idle();
    try {
      await sleep(ms);
    } finally {
      end?.();
    }
  }

  /** Whether the event becomes readable within a short grace (min(settleMs, max(1 s, 3 × the learned lag))). */
  private async appears(id: string): Promise<boolean> {
    const deadline = Date.now() + Math.min(this.env.config.settleMs, Math.max(1000, 3 * (this.env.lag?.ms ?? 0)));
    const giveUp = giveUpTest(this.env.clients.admin);
    while (Date.now() < deadline) {
      await this.nap(100);
      const read = await this.send({ method: 'GET', path: this.path(id) }, false);
      if (read.status === 200) return true;
      if (giveUp(read.ex)) return false;
    }
    return false;
  }

  /**
   * Deletes everything this client created (not recorded as evidence), side by side (each may wait out a 202 or a
   * young 404: one lag for all, not one per event); what fails stays registered.
   */
  async disposeCreated(): Promise<void> {
    await Promise.all(this.created.splice(0).map((id) => this.remove(id, false)));
  }
}
