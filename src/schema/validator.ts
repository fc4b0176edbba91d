/**
 * One compiled Ajv (JSON Schema 2020-12) per API version, built from the version's schema sets in specs/
 * (ARCHITECTURE.md § Layers `schema/`; spec § Versioning: shape differences are data, not branches).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsPkg from 'ajv-formats';
import type { ApiVersion } from '../model/version.js';
import { loadSchemaSets, shapesOf, type SchemaSets } from './load.js';
import { toViolations, type SchemaViolation } from './violations.js';

// ajv-formats is CommonJS: under NodeNext the default import is the module object (docs/ecosystem.md §2).
const addFormats = addFormatsPkg.default;

export interface SchemaValidator {
  readonly version: ApiVersion;
  /** The shape names of this version, sorted. */
  readonly shapes: readonly string[];
  hasShape(shape: string): boolean;
  /**
   * Validates `data` against `shape`. Returns the violations, [] when valid. Throws when this version has no such
   * shape: asking for one is a bug in evconf, never a fault of the server under test.
   */
  validate(shape: string, data: unknown): SchemaViolation[];
}

/** A version's shapes, each compiled on first use (or all at once: `compileAll`). */
interface Compiled {
  readonly shapes: readonly string[];
  has(shape: string): boolean;
  get(shape: string): ValidateFunction | undefined;
}

/**
 * One Ajv with the version's schema sets added. Each shape is compiled when first validated against: a run uses
 * some of them, and compiling all at start costs client CPU on every run (getValidator). createValidator
 * (`eager`) still compiles all at once, so a schema that does not compile fails there.
 */
function compileSets(sets: SchemaSets, version: ApiVersion, eager: boolean): Compiled {
  const ajv = new Ajv2020({
    strict: true,
    strictTuples: false, // docs/ecosystem.md §2
    strictRequired: false, // if/then/else and oneOf name members declared by the enclosing schema
    allowUnionTypes: true, // "string or number", "string or array[string]"
    allErrors: true,
    verbose: true, // error.data and parentSchema feed the violation messages
  });
  addFormats(ajv, ['date-time']);
  for (const set of sets.versions[version]) {
    for (const schema of Object.values(sets.sets[set])) ajv.addSchema(schema);
  }
  const shapes = [...new Set(shapesOf(sets, version))];
  const known = new Set(shapes);
  const compiled = new Map<string, ValidateFunction>();
  const get = (shape: string): ValidateFunction | undefined => {
    if (!known.has(shape)) return undefined;
    let fn = compiled.get(shape);
    if (!fn) {
      fn = ajv.getSchema(shape);
      if (!fn) throw new Error(`schema "${shape}" of API version ${version} did not compile`);
      compiled.set(shape, fn);
    }
    return fn;
  };
  if (eager) for (const shape of shapes) get(shape);
  return { shapes, has: (shape) => known.has(shape), get };
}

function wrap(version: ApiVersion, setNames: readonly string[], compiled: Compiled): SchemaValidator {
  const shapes = [...compiled.shapes];
  return {
    version,
    shapes,
    hasShape: (shape) => compiled.has(shape),
    validate(shape, data) {
      const fn = compiled.get(shape);
      if (!fn) {
        throw new Error(
          `evconf bug: no schema "${shape}" for API version ${version} ` +
            `(schema sets ${setNames.join(', ')}; shapes: ${shapes.join(', ')})`,
        );
      }
      return fn(data) ? [] : toViolations(fn.errors);
    },
  };
}

/** Builds a validator for `version` from already loaded schema sets (no caching). */
export function createValidator(version: ApiVersion, sets: SchemaSets): SchemaValidator {
  if (!sets.versions[version]) throw new Error(`no schema sets for API version ${version}`);
  return wrap(version, sets.versions[version], compileSets(sets, version, true));
}

let defaultSets: SchemaSets | undefined;
/** Compiled per distinct list of schema sets: versions that share sets (1.1.0–1.6.0) share one Ajv instance. */
const compiledBySets = new Map<string, Compiled>();
const byVersion = new Map<ApiVersion, SchemaValidator>();

function loadedSets(): SchemaSets {
  defaultSets ??= loadSchemaSets();
  return defaultSets;
}

/** The cached validator of `version`, built from this checkout's specs/ on first use. */
export function getValidator(version: ApiVersion): SchemaValidator {
  const cached = byVersion.get(version);
  if (cached) return cached;
  const sets = loadedSets();
  const setNames = sets.versions[version];
  if (!setNames) throw new Error(`no schema sets for API version ${version}`);
  const key = setNames.join('\n');
  let compiled = compiledBySets.get(key);
  if (!compiled) {
    compiled = compileSets(sets, version, false);
    compiledBySets.set(key, compiled);
  }
  const validator = wrap(version, setNames, compiled);
  byVersion.set(version, validator);
  return validator;
}

/** The shape names of `version` (sorted), read from this checkout's specs/ without compiling anything. */
export function listShapes(version: ApiVersion): string[] {
  return shapesOf(loadedSets(), version);
}
