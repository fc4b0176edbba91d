/** loadSchemaSets: versions.yaml + specs/schemas/<set>/*.json, checked for packaging mistakes. */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SPECS_DIR, loadSchemaSets, shapesOf } from './load.js';
import { API_VERSIONS } from '../model/version.js';

const specs = fileURLToPath(DEFAULT_SPECS_DIR);
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of specs/ (versions.yaml + schemas/) that a test may break. */
function copySpecs(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evconf-schema-'));
  temps.push(dir);
  cpSync(join(specs, 'versions.yaml'), join(dir, 'versions.yaml'));
  cpSync(join(specs, 'schemas'), join(dir, 'schemas'), { recursive: true });
  return dir;
}

function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((v) => walk(v, visit));
  }
}

describe('loadSchemaSets', () => {
  it('maps every API version to the sets of versions.yaml', () => {
    const sets = loadSchemaSets();
    expect(Object.keys(sets.versions).sort()).toEqual([...API_VERSIONS].sort());
    expect(sets.versions['1.0.0']).toEqual(['common', '1.0.0']);
    for (const v of API_VERSIONS.slice(1)) expect(sets.versions[v]).toEqual(['common', '1.1.0']);
    expect(sets.defaultVersion).toBe('1.6.0');
    expect(Object.keys(sets.sets).sort()).toEqual(['1.0.0', '1.1.0', 'common']);
  });

  it('does not depend on the working directory', () => {
    const before = process.cwd();
    try {
      process.chdir(tmpdir());
      expect(shapesOf(loadSchemaSets(), '1.1.0')).toContain('scheduling');
    } finally {
      process.chdir(before);
    }
  });

  it('every schema file is draft 2020-12, has $id = its file name, and never forbids extra members', () => {
    for (const set of readdirSync(join(specs, 'schemas'))) {
      for (const file of readdirSync(join(specs, 'schemas', set))) {
        const schema = JSON.parse(readFileSync(join(specs, 'schemas', set, file), 'utf8')) as Record<string, unknown>;
        expect(schema.$schema, file).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(`${schema.$id as string}.json`).toBe(file);
        walk(schema, (node) => {
          expect(node.additionalProperties, `${set}/${file}`).not.toBe(false);
          expect(node.unevaluatedProperties, `${set}/${file}`).not.toBe(false);
        });
      }
    }
  });

  it('rejects a schema whose $id differs from its file name', () => {
    const dir = copySpecs();
    const file = join(dir, 'schemas', 'common', 'acl.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"$id": "acl"', '"$id": "acls"'));
    expect(() => loadSchemaSets(dir)).toThrow(/common\/acl\.json: \$id is "acls", expected "acl"/);
  });

  it('rejects a shape defined in two sets of one version', () => {
    const dir = copySpecs();
    cpSync(join(dir, 'schemas', 'common', 'acl.json'), join(dir, 'schemas', '1.1.0', 'acl.json'));
    expect(() => loadSchemaSets(dir)).toThrow(/shape "acl" is defined in both common and 1\.1\.0/);
  });

  it('rejects a missing set folder, an unknown or unmapped version, and a bad default', () => {
    const cases: [string, RegExp][] = [
      ['"1.3.0": { schemas: [common, "1.9.9"] }', /schema set "1\.9\.9": cannot read/],
      ['"1.3.0": { schemas: [common, "1.1.0"] }\n  "2.0.0": { schemas: [common] }', /unknown API version "2\.0\.0"/],
      ['"1.3.0": { schemas: [] }', /version 1\.3\.0 needs a non-empty list/],
    ];
    for (const [line, error] of cases) {
      const dir = copySpecs();
      const file = join(dir, 'versions.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"1.3.0": { schemas: [common, "1.1.0"] }', line));
      expect(() => loadSchemaSets(dir)).toThrow(error);
    }
    const dir = copySpecs();
    const file = join(dir, 'versions.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/^\s*"1\.5\.0".*$/m, ''));
    expect(() => loadSchemaSets(dir)).toThrow(/no schema sets for API version\(s\) 1\.5\.0/);
    writeFileSync(file, text.replace('default: "1.6.0"', 'default: "9.9.9"'));
    expect(() => loadSchemaSets(dir)).toThrow(/"default" must be a known API version/);
  });
});
