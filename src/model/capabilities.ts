import type { ApiVersion } from './version.js';

/** A media file evconf uploads (src/core/media.ts ships one). */
export interface MediaFile {
  /** The multipart part it is sent as (spec § POST /api/events, parts presenter, presentation, audio). */
  part: 'presenter' | 'presentation' | 'audio';
  filename: string;
  contentType: string;
}

/**
 * `own`: evconf invents its own ids (one per scenario or case). `fixed`: the server refused evconf's id and the user
 * gave one (--agent-id / --series-id) that every stage shares. `none`: refused and none given: the dependent checks
 * are skipped with `reason`.
 */
export type Choice = { kind: 'own' } | { kind: 'fixed'; id: string } | { kind: 'none'; reason: string };

/** One field of a catalog as the server lists it (spec § Metadata catalog, "Metadata field (as returned)"). */
export interface CatalogFieldDef {
  id: string;
  /** "Kinds seen: text, text_long"; others (date, time, number, boolean, …) are the server's own. */
  type?: string;
  readOnly: boolean;
  required: boolean;
  /** The keys of the field's `collection` ("Maps allowed value keys to translation keys"), when it has one. */
  keys?: string[];
}

/**
 * A catalog other than dublincore/episode that the server keeps (spec § Metadata catalog: "Further configurable
 * catalogs exist, for example license/episode."): `listed` = shown on an event created without it (configured);
 * `accepted` = a catalog of evconf's own kept when sent on create (the server takes catalogs it was not configured with).
 */
export interface LearnedCatalog {
  flavor: string;
  fields: CatalogFieldDef[];
  source: 'listed' | 'accepted';
}

/**
 * What evconf needs from a server in order to test it, learned once per version by the probe (src/core/probe.ts)
 * or given by the user (--agent-id, --series-id, fieldIds), and used the same way by every stage (ARCHITECTURE.md, principle 2:
 * "What a server legally refuses … is learned once and adapted to, the same way in every stage"). JSON-safe data.
 */
export interface Capabilities {
  version: ApiVersion;
  /**
   * Media every create without a schedule uploads (the server refused an event without media), or null when the
   * server creates events from metadata, acl and processing alone.
   */
  media: MediaFile | null;
  /** Capture agents for schedules (1.1.0+). */
  agents: Choice;
  /** Series identifiers (isPartOf). */
  series: Choice;
  /** evconf's dublincore/episode field name → the server's field id (config `fieldIds`; identity when absent). */
  fieldIds: Record<string, string>;
  /**
   * Capture-agent inputs every scheduled create carries when the scenario gives none: the server refused a schedule
   * without them ("Whether inputs is required: not shown.", spec § Scheduling), and accepted it with these.
   */
  inputs?: string[];
  /**
   * The only ACL action names the server accepts, when it refused an ACL with an action name beyond read and write
   * ("Which roles may call which endpoint, and the set of valid action names: not shown.", spec § Authentication);
   * absent: any action name is accepted, and generated ACLs use names of their own too.
   */
  aclActions?: string[];
  /**
   * 'multipart' when the server refused form parameters sent urlencoded and took them as multipart/form-data
   * ("The other write operations (PUT, and POST on the ACL action path) send form parameters.": no encoding is named).
   */
  formEncoding?: 'multipart';
  /**
   * The catalogs besides dublincore/episode that evconf may write (learned by the probe), and why
   * there are none or fewer than a check needs. Absent: not probed (evconf's own catalogs are assumed to be kept).
   */
  catalogs?: { list: LearnedCatalog[]; note: string };
}
