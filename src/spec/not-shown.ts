import { join } from 'node:path';
import { readSpecYaml } from './disk-cache.js';
import { SPECS_DIR } from './paths.js';

/** A behaviour the spec leaves "not shown": observed and reported, never failed (specs/not-shown.yaml). */
export interface NotShownTopic {
  topic: string;
  section: string;
  quote: string;
  /** Whether the API lets evconf see it (then an observer records it). */
  observed: boolean;
}

let cache: NotShownTopic[] | undefined;

export function loadNotShown(file = join(SPECS_DIR, 'not-shown.yaml')): NotShownTopic[] {
  if (cache && file === join(SPECS_DIR, 'not-shown.yaml')) return cache;
  const doc = readSpecYaml(file) as { topics?: NotShownTopic[] };
  if (!doc || !Array.isArray(doc.topics)) throw new Error(`${file}: expected a top-level "topics" list`);
  for (const t of doc.topics) {
    if (!t.topic || !t.quote || typeof t.observed !== 'boolean') throw new Error(`${file}: topic ${JSON.stringify(t.topic)} needs topic, quote and observed`);
  }
  cache = doc.topics;
  return cache;
}

/** Topics a scenario step may name in `observe:`. */
export function observableTopics(): Set<string> {
  return new Set(loadNotShown().filter((t) => t.observed).map((t) => t.topic));
}
