import type { EventRecord } from './types.js';
import { deriveView, type DeriveOptions, type EventView } from './view.js';

/** Filters answered from an exact value index (spec § GET /api/events, Filters). */
export const INDEXED_FILTERS = [
  'title', 'description', 'location', 'language', 'license', 'rightsholder', 'source', 'created', 'status',
  'is_part_of', 'series_name', 'agent_id', 'subject', 'contributors', 'presenters',
] as const;
export type IndexedFilter = (typeof INDEXED_FILTERS)[number];

function indexValues(f: IndexedFilter, v: EventView): readonly string[] {
  switch (f) {
    case 'title': return [v.title];
    case 'description': return [v.description];
    case 'location': return [v.location];
    case 'language': return [v.language];
    case 'license': return [v.license];
    case 'rightsholder': return [v.rightsholder];
    case 'source': return [v.source];
    case 'created': return [v.created];
    case 'status': return [v.status];
    case 'is_part_of': return [v.isPartOf];
    case 'series_name': return [v.series];
    case 'agent_id': return v.agentId === '' ? [] : [v.agentId];
    case 'subject': return v.subjects;
    case 'contributors': return v.contributors;
    case 'presenters': return v.presenters;
  }
}

/** The filters of exactly one text value per event (agent_id has none for an unscheduled event). */
const SCALAR: ReadonlySet<IndexedFilter> = new Set<IndexedFilter>([
  'title', 'description', 'location', 'language', 'license', 'rightsholder', 'source', 'created', 'status', 'is_part_of', 'series_name',
]);

const EMPTY: ReadonlySet<string> = new Set();

/**
 * In-memory event store: records by id, a derived view per record, a value→ids index per exact filter,
 * and caches (sort orders, JSON text) invalidated on every write.
 */
export class EventStore {
  private readonly records = new Map<string, EventRecord>();
  private readonly views = new Map<string, EventView>();
  private readonly indexes = new Map<IndexedFilter, Map<string, Set<string>>>(INDEXED_FILTERS.map((f) => [f, new Map()]));
  private readonly seriesTitles = new Map<string, string>();
  private seq = 0;
  /** Ids not yet visible (latitude choice index-lag): GET/writes answer 404 and lists leave them out. */
  readonly hidden = new Set<string>();
  /** How views are derived (latitude choices status-values and has-previews; defaults otherwise). */
  derive: DeriveOptions = {};
  /**
   * Latitude choice index-lag=lag-300ms-changes: runs a change's commit later (views, indexes and cached JSON stay
   * as they were until then); undefined = commit at once.
   */
  defer?: (id: string, commit: () => void) => void;
  private readonly deferred = new Set<string>();
  /**
   * Latitude choice index-lag=lag-300ms-changes: reads of one event (its GET, /acl, /metadata, /publications) see the
   * record as it was when its last change was indexed, as Opencast's reads go through its index; see readCopy.
   */
  lagReads = false;
  private readonly indexed = new Map<string, EventRecord>();
  /** Told of every record as applied and of every removal (latitude choice list-lag keeps a lagging copy with them). */
  onApply?: (rec: EventRecord) => void;
  onRemove?: (id: string) => void;
  /** Incremented on every write. */
  rev = 0;
  /** Sorted id lists of the whole store per sort expression; cleared on every write. */
  readonly sortCache = new Map<string, string[]>();
  /** Whole list answers (JSON text) of administrators' queries; cleared on every write (the load stage repeats them). */
  readonly listCache = new Map<string, string>();

  count(): number {
    return this.records.size;
  }

  get(id: string): EventRecord | undefined {
    return this.records.get(id);
  }

  view(id: string): EventView {
    const v = this.views.get(id);
    if (!v) throw new Error(`no view for event ${id}`);
    return v;
  }

  /** Records in insertion order. */
  values(): IterableIterator<EventRecord> {
    return this.records.values();
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** Ids having `value` for the exact filter `f`. */
  lookup(f: IndexedFilter, value: string): ReadonlySet<string> {
    return this.indexes.get(f)?.get(value) ?? EMPTY;
  }

  /** Registers the title of a known series. */
  addSeries(id: string, title: string): void {
    this.seriesTitles.set(id, title);
  }

  /** Title of a series without a known title (latitude choice unknown-series-title); default `Series <id>`. */
  unknownSeriesTitle: (id: string) => string = (id) => `Series ${id}`;

  /** Title of a series; an unknown series id is registered under unknownSeriesTitle. */
  seriesTitle(id: string): string {
    let t = this.seriesTitles.get(id);
    if (t === undefined) {
      t = this.unknownSeriesTitle(id);
      this.seriesTitles.set(id, t);
    }
    return t;
  }

  insert(rec: EventRecord): void {
    this.records.set(rec.id, rec);
    this.apply(rec);
  }

  /** Call after every change of a record: re-derives its view, re-indexes it, drops caches. */
  commit(rec: EventRecord): void {
    if (this.records.get(rec.id) !== rec) return;
    if (this.defer && this.views.has(rec.id)) {
      if (this.deferred.has(rec.id)) return;
      this.deferred.add(rec.id);
      this.defer(rec.id, () => {
        this.deferred.delete(rec.id);
        this.apply(rec);
      });
      return;
    }
    this.apply(rec);
  }

  private apply(rec: EventRecord): void {
    if (this.records.get(rec.id) !== rec) return;
    const old = this.views.get(rec.id);
    const v = deriveView(rec, (s) => this.seriesTitle(s), this.derive);
    this.views.set(rec.id, v);
    for (const f of INDEXED_FILTERS) {
      const idx = this.indexes.get(f)!;
      if (old) {
        // A filter of one text value that did not change keeps its entry: only membership of these sets is ever
        // read (list-run.ts sorts what it takes from them). agent_id is iterated in order (conflicts), and list
        // fields may share their array with the record: both are always re-indexed, as before.
        if (SCALAR.has(f) && indexValues(f, old)[0] === indexValues(f, v)[0]) continue;
        this.drop(idx, rec.id, indexValues(f, old));
      }
      for (const value of indexValues(f, v)) {
        let set = idx.get(value);
        if (!set) idx.set(value, (set = new Set()));
        set.add(rec.id);
      }
    }
    rec.json.clear();
    if (this.lagReads) this.indexed.set(rec.id, { ...structuredClone({ ...rec, json: undefined }), json: new Map() });
    this.touch();
    this.onApply?.(rec);
  }

  /**
   * The record as its reads see it: while a change of it waits to be indexed (lagReads), a copy as last indexed;
   * else the record itself (the same object every read, as the planted bugs that remember a record expect).
   */
  readCopy(id: string): EventRecord | undefined {
    return (this.lagReads && this.deferred.has(id) ? this.indexed.get(id) : undefined) ?? this.records.get(id);
  }

  /** Puts a copy of a record in place of the one with its id (or inserts it): a lagging store's update. */
  putSnapshot(rec: EventRecord): void {
    this.records.set(rec.id, rec);
    this.apply(rec);
  }

  remove(id: string): boolean {
    if (!this.records.has(id)) return false;
    this.unindex(id);
    this.records.delete(id);
    this.hidden.delete(id);
    this.deferred.delete(id);
    this.indexed.delete(id);
    this.views.delete(id);
    this.touch();
    this.onRemove?.(id);
    return true;
  }

  private touch(): void {
    this.rev++;
    this.sortCache.clear();
    this.listCache.clear();
  }

  private unindex(id: string): void {
    const old = this.views.get(id);
    if (!old) return;
    for (const f of INDEXED_FILTERS) this.drop(this.indexes.get(f)!, id, indexValues(f, old));
  }

  private drop(idx: Map<string, Set<string>>, id: string, values: readonly string[]): void {
    for (const value of values) {
      const set = idx.get(value);
      if (!set) continue;
      set.delete(id);
      if (set.size === 0) idx.delete(value);
    }
  }
}
