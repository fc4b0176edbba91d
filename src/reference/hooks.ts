import type { App, Ctx, Endpoint, Reply } from './app.js';
import type { BugFn, Handler } from './bug.js';
import type { ConflictEntry, ConflictRules } from './conflicts.js';
import type { FieldInput } from './episode.js';
import type { EventParts } from './event-parts.js';
import type { ListParams } from './list-params.js';
import type { ListQuery } from './list-run.js';
import type { PlanHooks, ScheduleInput } from './schedule.js';
import type { FilePart, Form } from './form.js';
import type { SerializeVariant, WithFlags } from './serialize.js';
import type { AclEntry, Caller, EpisodeValues, EventRecord, ExtraCatalog, Publication, Schedule, UploadedTrack } from './types.js';
import type { EventView } from './view.js';
import type { ApiVersion } from '../model/version.js';

/**
 * The fault points of the reference server, where its planted bugs act (ARCHITECTURE.md § The reference server). The
 * core imports nothing from mutants/: the server is built with a registry of faults (`Planted`, handed in by
 * index.ts), and the core asks a named point of the server answering, e.g. `hook(ctx).response(ctx, reply,
 * endpoint)`; the point applies the faults mutants/hooks.ts registers for it, in order, each `(ctx, value, extra) =>
 * value`. Every fault returns its value unchanged unless its planted bug is switched on, so with no bug on every point
 * is the identity (or, for the points whose value starts `undefined`, leaves the core's own answer in place). The
 * points are the request in (`request`), the list's parameters, query and rows (`list`), the access decision
 * (`authorize`), what a write reads, plans, stores or skips (`writeInput`, `writePlan`, `beforeWrite`, `stored`,
 * `writeSkipped`), what a read shows (`shown`) and the reply out (`response`). Where endpoints differ, the value
 * carries its endpoint (`at`, as the route table names it) and each fault acts on its own endpoint's. Where a bug
 * changes control flow, the point is a yes/no question (`writeSkipped`, `authorize`, …), or the value says what the
 * core does next (a reply instead, a check refused or not), whose core answer is the correct one.
 */

/** One patch of a hook point: returns `value`, changed if its bug is on. */
export type Patch<V, E = void> = (ctx: Ctx, value: V, extra: E) => V;

type Obj = Record<string, unknown>;

/** The catalog a PUT /metadata stores: the episode catalog, or an extended one. */
export type CatalogWrite = { episode: EpisodeValues; extra?: undefined } | { extra: ExtraCatalog; episode?: undefined };

/** How GET /api/events/{id} serializes its event. */
export interface EventShown {
  version: ApiVersion;
  flags: WithFlags;
  /** undefined = plainly. */
  variant?: SerializeVariant;
}

/**
 * An access to an event the caller asks for: read it (a GET), write it (a write endpoint), see it listed, or change
 * its ACL now (PUT, POST and DELETE of /acl and the acl part of an update, once the write check passed: an event
 * whose ACL cannot change for now answers 403), or add a track now (POST /track: 409 while its processing runs).
 */
export interface Access {
  access: 'read' | 'write' | 'list' | 'acl' | 'track';
  rec: EventRecord;
  caller: Caller;
}

/**
 * PUT /api/events/{id}/scheduling as read (spec § Scheduling information): the scheduling object sent and the
 * allowConflict parameter (1.2.0+).
 */
export interface SchedulingInput {
  at: 'PUT /api/events/{id}/scheduling';
  rec: EventRecord;
  /** The scheduling object sent; undefined = the parameter is missing or no JSON (the core answers 400). */
  input?: ScheduleInput;
  /** The allowConflict parameter as sent. */
  allowConflict?: string;
  /** Is allowConflict=true honoured (1.2.0+ and sent as true)? */
  asked: boolean;
  /** May anyone, not only an administrator, skip the conflict check? */
  anyone: boolean;
  /** A reply instead of the handler's (undefined = go on). */
  reply?: Reply;
}

/** POST /api/events/{id} as read (spec § POST /api/events/{event_id}), once its parts are checked. */
export interface UpdateInput {
  at: 'POST /api/events/{id}';
  rec: EventRecord;
  /** The parts sent, checked; a part left out here is not applied. */
  parts: EventParts;
  /** The catalog the sent fields apply to (the event's). */
  base: EpisodeValues;
  /** Is each part applied on its own, in order (metadata, acl, scheduling), so that a later part's refusal leaves the earlier ones applied? */
  partByPart: boolean;
  reply?: Reply;
}

/** POST /api/events as read (spec § POST /api/events): its parts, and how it plans schedules from the scheduling part. */
export interface CreateInput {
  at: 'POST /api/events';
  /** The request's parts and files. */
  form: Form;
  /** The parts, checked; undefined = they could not be read (the core answers 400 unless a buggy server reads them). */
  parts?: EventParts;
  /** How the schedules are planned from the scheduling part (none = as the spec's scheduling rules say). */
  rules: PlanHooks;
  reply?: Reply;
}

/** PUT /api/events/{id}/metadata as read (spec § Metadata): the fields sent for the catalog `type`. */
export interface MetadataPutInput {
  at: 'PUT /api/events/{id}/metadata';
  rec: EventRecord;
  type: string;
  /** The fields sent; undefined = the metadata parameter is no JSON. */
  fields?: FieldInput[];
  /** What a buggy server reads a metadata parameter that is no JSON as (undefined = 400). */
  read?: unknown;
  reply?: Reply;
}

/**
 * POST /api/events/{id}/track as read (addendum specs/events-api-1.7-1.11.md § POST /api/events/{event_id}/track):
 * the checks that refuse it, and what it adds and removes.
 */
export interface TrackInput {
  at: 'POST /api/events/{id}/track';
  rec: EventRecord;
  form: Form;
  /** The flavor sent, trimmed (undefined or '' = none). */
  flavor?: string;
  overwrite: boolean;
  /** Is the flavor unparsable (400)? */
  badFlavor: boolean;
  /** Is overwriteExisting=true sent without a flavor (400)? */
  overwriteWithoutFlavor: boolean;
  /** The tags the new tracks carry. */
  tags: string[];
  /** The files of the track parts, each a new track. */
  files: FilePart[];
  /** An overwrite: the `lang:` tag whose tracks of the flavor it removes (undefined = every track of the flavor). */
  lang?: string;
  /** Does an overwrite remove anything? */
  replaces: boolean;
  reply?: Reply;
}

/** What a write endpoint read from its request, before it plans the write (`at`: the endpoint). */
export type WriteInput = TrackInput | SchedulingInput | UpdateInput | CreateInput | MetadataPutInput;

/** What a write plans its schedules from (`at`: the endpoint). */
export interface PlanAsk {
  at: Endpoint;
  /** The event written (none for a create). */
  rec?: EventRecord;
  /** Its schedule before the write. */
  cur?: Schedule;
  /** The scheduling object sent. */
  input?: ScheduleInput;
  /** Update: the catalog it stores (applied before a refusal by a buggy server). */
  episode?: EpisodeValues;
  /** Create: stores the planned records (what a buggy server refusing them still does, later). */
  insert?: () => void;
}

/**
 * The schedules a write plans and the conflicts found for them (spec § Conflict entry): the core's answer is its
 * plan and, where the check runs, the conflicts findConflicts finds.
 */
export interface WritePlan {
  /** The schedules planned (PUT /scheduling and update: one). */
  planned: Schedule[];
  /** Is the conflict check run? */
  checked: boolean;
  /** The conflicts found (some = 409). */
  found: ConflictEntry[];
  /** The body of the 409 (undefined = `found`). */
  body?: unknown;
  /** What a refused write still does (run just before the 409). */
  refused?: () => void;
}

/** How the conflicts of a plan are found: the title of the planned schedules, the event left out, the rules. */
export interface ConflictAsk extends PlanAsk {
  title: string;
  exclude?: string;
  rules: ConflictRules;
}

/**
 * A write about to be committed (`at`: the endpoint): the event as it will be stored, changed in place by a buggy
 * server, and what it was before the write.
 */
export type Stored =
  /**
   * Create: `built`, one new record as built (each occurrence, and the first before the checks, whose title the
   * conflicts of the plan name); else every new record, just before they are inserted.
   */
  | { at: 'POST /api/events'; recs: EventRecord[]; built: boolean }
  | { at: 'PUT /api/events/{id}/scheduling'; rec: EventRecord; before: { schedule?: Schedule } }
  /**
   * PUT /metadata: the catalog it stores (`episode` for dublincore/episode, else `extra`), the sent fields applied to
   * the event's catalog ("Fields not included are not updated").
   */
  | { at: 'PUT /api/events/{id}/metadata'; rec: EventRecord; type: string; fields: FieldInput[]; catalog: CatalogWrite }
  | { at: 'POST /api/events/{id}'; rec: EventRecord; parts: EventParts; partByPart: boolean; before: { episode: EpisodeValues; schedule?: Schedule } }
  /**
   * The ACL an /acl write leaves (PUT: the ACL sent; POST /acl/{action}: the ACL with the entry added, the same array
   * = nothing to add; DELETE /acl/{action}/{role}: the entries that stay, as many = nothing to remove); for POST and
   * DELETE the action and the role.
   */
  | { at: AclWriteEndpoint; rec: EventRecord; acl: AclEntry[]; action?: string; role?: string }
  /**
   * DELETE /api/events/{id}: the event about to be removed, or (`stalls` given, 1.6.0+) whose retraction starts:
   * does the retraction never end?
   */
  | { at: 'DELETE /api/events/{id}'; rec: EventRecord; stalls?: boolean };

/** What a read shows (`at`: the endpoint), before the latitude choices shape it. */
export type Shown =
  /**
   * GET /api/events/{id} (spec § Event): the version whose members it has, the with* flags, and a variant (derived
   * members shown otherwise, other member names); the event and its derived view.
   */
  | ({ at: 'GET /api/events/{id}'; rec: EventRecord; view: EventView } & EventShown)
  /** GET /metadata: the catalogs (no `type`), or the fields of the catalog `type`, as read from the event. */
  | { at: 'GET /api/events/{id}/metadata'; rec: EventRecord; type?: string; list: Obj[] }
  /** GET /publications: one item of the list, and the publication. */
  | { at: 'GET /api/events/{id}/publications'; publication: Publication; item: Obj }
  /** GET /media: the tracks of the event's media package. */
  | { at: 'GET /api/events/{id}/media'; rec: EventRecord; tracks: UploadedTrack[] }
  /** GET /acl: the ACL. */
  | { at: 'GET /api/events/{id}/acl'; rec: EventRecord; acl: AclEntry[] };

/** The ACL write endpoints: PUT, POST (add) and DELETE (remove). */
export type AclWrite = 'put' | 'add' | 'remove';

/** The ACL write endpoints as the route table names them. */
export type AclWriteEndpoint = 'PUT /api/events/{id}/acl' | 'POST /api/events/{id}/acl/{action}' | 'DELETE /api/events/{id}/acl/{action}/{role}';

export interface HookPoints {
  /**
   * The one access decision (spec § Authentication; event-access.ts, list-run.ts, handlers/acl.ts and track.ts): may
   * the caller read, write or see in a list the event `rec`, change its ACL now, add a track now? The value is the
   * core's answer (from the event's ACL, or its state).
   */
  authorize: Patch<boolean, Access>;
  /**
   * Is a write answered as done without being made (the event left as it was)? Asked by DELETE /api/events/{id},
   * PUT and DELETE /metadata and PUT /scheduling just before they change the event (ctx.endpoint says which); the
   * core answers no.
   */
  writeSkipped: Patch<boolean, EventRecord>;
  /**
   * What a write endpoint read from its request (`at` says which: create, update, PUT /scheduling, PUT /metadata,
   * POST /track; spec § the endpoint), before the write is planned: bad input accepted, a part read otherwise or
   * dropped, a reply instead of the handler's.
   */
  writeInput: Patch<WriteInput>;
  /**
   * The schedules a write plans and the conflicts found for them (create, update, PUT /scheduling; extra: what they
   * are planned from and how conflicts are found): a schedule computed otherwise, conflicts missed or made up, another 409 body,
   * a refused write that lands later.
   */
  writePlan: Patch<WritePlan, ConflictAsk>;
  /** What a write is about to commit (`at` says which endpoint; see Stored). */
  stored: Patch<Stored>;
  /** An event about to be changed by a write endpoint (after the write check). */
  beforeWrite: Patch<EventRecord>;
  /**
   * The request in, of every endpoint, before its handler runs (extra: the endpoint as the route table names it):
   * a reply instead of the handler's (undefined = the handler answers).
   */
  request: Patch<Reply | undefined, Endpoint>;
  /** GET /api/events (spec § GET /api/events): the request in, the query before it runs, the rows out. */
  list: {
    /** The parameters as read (filter, sort, limit, offset), before they are parsed. */
    asked: Patch<ListParams>;
    /** The query as parsed, as a whole, before it runs (extra: the parameters it was parsed from). */
    query: Patch<ListQuery, ListParams>;
    /** The rows of the page as run, JSON texts (extra: the query as run). */
    rows: Patch<string[], ListQuery>;
  };
  /** The reply out, of every endpoint (extra: the endpoint as the route table names it, e.g. `GET /api/events`). */
  response: Patch<Reply, Endpoint>;
  /** What a read shows (`at` says which endpoint; see Shown), before the latitude choices shape it. */
  shown: Patch<Shown>;
}

/** What mutants/hooks.ts registers: per point (and stage), its patches in the order they apply. */
export type HookRegistry = {
  [P in keyof HookPoints]: HookPoints[P] extends (...args: never[]) => unknown
    ? readonly HookPoints[P][]
    : { [S in keyof HookPoints[P]]: readonly HookPoints[P][S][] };
};

type AnyPatch = (ctx: unknown, value: unknown, extra: unknown) => unknown;

/** The patches run one after the other; no patch = the identity, one patch = that patch. */
function pipeline(patches: readonly AnyPatch[]): AnyPatch {
  if (patches.length === 0) return (_ctx, value) => value;
  if (patches.length === 1) return patches[0];
  return (ctx, value, extra) => {
    let v = value;
    for (const p of patches) v = p(ctx, v, extra);
    return v;
  };
}

/** The hook points of one server, built from `registry`: each a pipeline of its patches. */
function hookPoints(registry: HookRegistry): HookPoints {
  const out: Record<string, unknown> = {};
  for (const [point, patches] of Object.entries(registry)) {
    if (Array.isArray(patches)) out[point] = pipeline(patches as readonly AnyPatch[]);
    else {
      const stages: Record<string, AnyPatch> = {};
      for (const [stage, list] of Object.entries(patches as Record<string, readonly AnyPatch[]>)) stages[stage] = pipeline(list);
      out[point] = stages;
    }
  }
  return out as unknown as HookPoints;
}

/**
 * The registry with every point's pipeline empty: a server with no planted bug on (every patch would
 * return its value unchanged, but some scan the whole store first, e.g. for conflicts a buggy create would report).
 */
export function withoutPatches(registry: HookRegistry): HookRegistry {
  const out: Record<string, unknown> = {};
  for (const [point, patches] of Object.entries(registry)) {
    out[point] = Array.isArray(patches) ? [] : Object.fromEntries(Object.keys(patches as object).map((stage) => [stage, []]));
  }
  return out as HookRegistry;
}

const POINTS = new WeakMap<App, HookPoints>();

/** Gives `app` the hook points of `registry` (server.ts, when it builds the App). */
export function attachHooks(app: App, registry: HookRegistry): void {
  POINTS.set(app, hookPoints(registry));
}

/** The hook points of the server answering `ctx` (kept beside the App, so that app.ts needs no type from here). */
export function hook(ctx: { app: App }): HookPoints {
  return POINTS.get(ctx.app)!;
}

/** What a server with planted bugs is built with (index.ts hands in the mutants' own; the core imports none). */
export interface Planted {
  /** The patches of the hook points. */
  patches: HookRegistry;
  /** The bug() of one server; throws for an unknown mutant name. */
  makeBug(mutant: string | undefined, switches?: readonly string[]): BugFn;
  /** A transport-level mutant's wrapper of the whole handler, if `mutant` is one. */
  wrap(mutant: string): ((h: Handler) => Handler) | undefined;
}
