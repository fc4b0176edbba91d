import type { App, ReferenceOptions } from '../app.js';
import { BUILTIN_AGENTS, BUILTIN_SERIES, DEFAULT_PUBLIC_BASE_URL, LIST_LAG_MS, SLOW_EXTRA_MS } from './catalogue.js';
import { EventStore } from '../store.js';
import type { EventRecord } from '../types.js';
import { makeLat, type LatFn } from './select.js';

/** The server-wide settings that follow from the latitude choices (read once when the server starts). */

export interface LatitudeApp {
  lat: LatFn;
  agents: ReadonlySet<string>;
  series: ReadonlySet<string>;
  publicBaseUrl?: string;
  /** processing-time=slow adds this to the processing delay. */
  extraProcessingMs: number;
}

/** Throws an Error (one line) for an unknown choice or alternative. */
export function latitudeApp(opts: ReferenceOptions): LatitudeApp {
  const lat = makeLat(opts.latitude);
  const configured = lat('public-base-url') === 'configured' ? DEFAULT_PUBLIC_BASE_URL : undefined;
  return {
    lat,
    agents: new Set([...BUILTIN_AGENTS, ...(opts.agents ?? [])]),
    series: new Set([...Object.keys(BUILTIN_SERIES), ...Object.keys(opts.series ?? {})]),
    publicBaseUrl: opts.publicBaseUrl ?? configured,
    extraProcessingMs: lat('processing-time') === 'slow' ? SLOW_EXTRA_MS : 0,
  };
}

/** Store settings: derived values (status-values, has-previews) and the titles of known series. */
export function configureStore(app: App, opts: ReferenceOptions): void {
  if (app.lat('index-lag') === 'lag-300ms-changes') {
    app.store.defer = (id, commit) => app.timers.after(`lag-change:${id}`, app.indexLagMs, commit);
    app.store.lagReads = true;
  }
  app.store.derive = {
    plainStatus: app.lat('status-values') === 'plain',
    noPreviews: app.lat('has-previews') === 'never',
    publicationIds: app.lat('publication-status') === 'id',
    createdTechStart: app.lat('technical-start-unscheduled') === 'created',
  };
  // unknown-series-title ("Title of that series"): a series nobody named is shown as "Series <id>", "" or its id.
  const unnamed = app.lat('unknown-series-title');
  if (unnamed !== 'generated') app.store.unknownSeriesTitle = (id) => (unnamed === 'empty' ? '' : id);
  const builtin = app.lat('series-known') === 'known' ? BUILTIN_SERIES : {};
  for (const [id, title] of Object.entries({ ...builtin, ...opts.series })) app.store.addSeries(id, title);
  // Last: the lagging copy takes the store's settings as they now are.
  if (app.lat('list-lag') === 'lag-500ms') lagLists(app);
}

/**
 * list-lag=lag-500ms ("Returns a JSON array of event objects": no freshness is promised): lists read a copy of the
 * store that takes every change LIST_LAG_MS after the single GET shows it (an index fed asynchronously).
 */
function lagLists(app: App): void {
  const lagged = new EventStore();
  lagged.derive = app.store.derive;
  lagged.seriesTitle = (id) => app.store.seriesTitle(id);
  let n = 0;
  app.store.onApply = (rec) => {
    const copy: EventRecord = { ...structuredClone({ ...rec, json: undefined }), json: new Map() };
    app.timers.after(`list-lag:${++n}`, LIST_LAG_MS, () => lagged.putSnapshot(copy));
  };
  app.store.onRemove = (id) => app.timers.after(`list-lag:${++n}`, LIST_LAG_MS, () => { lagged.remove(id); });
  app.listStore = lagged;
}
