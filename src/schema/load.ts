/**
 * Loads specs/versions.yaml and the JSON Schemas of every schema set in specs/schemas/<set>/ (ARCHITECTURE.md § Layers `specs/`).
 * One file per shape; the file name (without .json) is the shape name and must equal the schema's `$id`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';
import { API_VERSIONS, isApiVersion, type ApiVersion } from '../model/version.js';
import { SPECS_DIR } from '../spec/paths.js';

/** A JSON Schema document as read from disk (JSON data only). */
export type JsonSchema = { $id: string; [keyword: string]: unknown };

export interface SchemaSets {
  /** Schema set name (common, 1.0.0, 1.1.0, ...) → shape name → schema. */
  sets: Record<string, Record<string, JsonSchema>>;
  /** API version → the schema sets it uses, in the order given in versions.yaml. */
  versions: Record<ApiVersion, string[]>;
  /** The default API version named in versions.yaml. */
  defaultVersion: ApiVersion;
}

/** specs/ of this checkout, found from this module's location (never from the cwd). */
export const DEFAULT_SPECS_DIR = pathToFileURL(SPECS_DIR);

function toPath(dir: string | URL): string {
  return typeof dir === 'string' ? dir : fileURLToPath(dir);
}

function readSet(dir: string, set: string): Record<string, JsonSchema> {
  const shapes: Record<string, JsonSchema> = {};
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch (err) {
    throw new Error(`schema set "${set}": cannot read ${dir} (${(err as Error).message})`);
  }
  for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
    const shape = file.slice(0, -'.json'.length);
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonSchema;
    if (schema.$id !== shape) {
      throw new Error(`schema ${set}/${file}: $id is ${JSON.stringify(schema.$id)}, expected "${shape}"`);
    }
    shapes[shape] = schema;
  }
  return shapes;
}

interface VersionsFile {
  versions?: Record<string, { schemas?: unknown }>;
  default?: unknown;
}

function readVersions(specsDir: string): { versions: Record<ApiVersion, string[]>; defaultVersion: ApiVersion } {
  const file = join(specsDir, 'versions.yaml');
  const doc = parse(readFileSync(file, 'utf8')) as VersionsFile | null;
  const entries = doc?.versions ?? {};
  const versions = {} as Record<ApiVersion, string[]>;
  for (const [version, entry] of Object.entries(entries)) {
    if (!isApiVersion(version)) throw new Error(`${file}: unknown API version "${version}"`);
    const sets = entry?.schemas;
    if (!Array.isArray(sets) || sets.length === 0 || !sets.every((s) => typeof s === 'string')) {
      throw new Error(`${file}: version ${version} needs a non-empty list "schemas" of set names`);
    }
    versions[version] = sets as string[];
  }
  const missing = API_VERSIONS.filter((v) => !(v in versions));
  if (missing.length > 0) throw new Error(`${file}: no schema sets for API version(s) ${missing.join(', ')}`);
  const def = doc?.default;
  if (typeof def !== 'string' || !isApiVersion(def)) throw new Error(`${file}: "default" must be a known API version`);
  return { versions, defaultVersion: def };
}

/**
 * Reads versions.yaml and every schema set it names. Throws (an evconf packaging bug, not a server fault) when a
 * set folder is missing, a file's `$id` differs from its name, or two sets of one version define the same shape.
 */
export function loadSchemaSets(specsDir: string | URL = DEFAULT_SPECS_DIR): SchemaSets {
  const dir = toPath(specsDir);
  const { versions, defaultVersion } = readVersions(dir);
  const sets: SchemaSets['sets'] = {};
  for (const setNames of Object.values(versions)) {
    for (const set of setNames) sets[set] ??= readSet(join(dir, 'schemas', set), set);
  }
  for (const [version, setNames] of Object.entries(versions)) {
    const seen = new Map<string, string>();
    for (const set of setNames) {
      for (const shape of Object.keys(sets[set])) {
        const other = seen.get(shape);
        if (other) throw new Error(`API version ${version}: shape "${shape}" is defined in both ${other} and ${set}`);
        seen.set(shape, set);
      }
    }
  }
  return { sets, versions, defaultVersion };
}

/** The shapes of one API version, sorted (union of its schema sets). */
export function shapesOf(sets: SchemaSets, version: ApiVersion): string[] {
  return sets.versions[version].flatMap((set) => Object.keys(sets.sets[set])).sort();
}
