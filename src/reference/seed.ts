import { randomUUID } from 'node:crypto';
import { applyEpisode, emptyEpisode, type FieldInput } from './episode.js';
import type { EventStore } from './store.js';
import type { EventRecord } from './types.js';

/** Builds events directly in a store (no HTTP), for measurements and store-level tests. */

export interface SeedOptions {
  fields?: FieldInput[];
  createdMs?: number;
  state?: string;
}

export function seedRecord(store: EventStore, opts: SeedOptions = {}): EventRecord {
  const createdMs = opts.createdMs ?? Math.floor(Date.now() / 1000) * 1000;
  const rec: EventRecord = {
    id: randomUUID(),
    seq: store.nextSeq(),
    creator: 'admin',
    createdMs,
    episode: applyEpisode(emptyEpisode(), opts.fields ?? [], createdMs, false),
    extraCatalogs: new Map(),
    acl: [],
    processingState: opts.state ?? 'SUCCEEDED',
    tracks: [],
    publications: [],
    archiveVersion: 1,
    baseUrl: 'http://127.0.0.1',
    deleting: false,
    json: new Map(),
  };
  store.insert(rec);
  return rec;
}

/** n events: titles cycle through 50 values, presenters through 7, starts one hour apart. */
export function seedMany(store: EventStore, n: number): void {
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const start = new Date(t0 + i * 3_600_000).toISOString();
    seedRecord(store, {
      createdMs: t0,
      fields: [
        { id: 'title', value: `Event ${i % 50}` },
        { id: 'creator', value: [`Presenter ${i % 7}`] },
        { id: 'subjects', value: ['load', `s${i % 3}`] },
        { id: 'description', value: `Description number ${i}` },
        { id: 'startDate', value: start.slice(0, 10) },
        { id: 'startTime', value: start.slice(11, 19) + 'Z' },
      ],
    });
  }
}
