/**
 * Every Opencast fixture against the shape and API version it represents (test/fixtures/opencast/SOURCES.md).
 * Payloads that break the spec are asserted, with the deviation named, in deviations.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { getValidator, listShapes } from './index.js';
import { OUTSIDE_SPEC, VALID_CASES, fixtureFiles, readFixture } from './opencast-fixtures.js';
import { DEVIATION_FILES } from './deviations.data.js';
import { API_VERSIONS } from '../model/version.js';

describe('fixtures that conform to the spec', () => {
  for (const c of VALID_CASES) {
    const where = c.pointer ? `${c.file}#${c.pointer}` : c.file;
    it(`${where} is a valid ${c.shape} in ${c.versions.join(', ')} (${c.about})`, () => {
      const data = readFixture(c.file, c.pointer);
      for (const version of c.versions) {
        expect({ version, violations: getValidator(version).validate(c.shape, data) }).toEqual({ version, violations: [] });
      }
    });
  }
});

describe('fixtures outside the spec', () => {
  for (const o of OUTSIDE_SPEC) {
    it(`${o.file} has no shape: ${o.why}`, () => {
      for (const version of API_VERSIONS) expect(listShapes(version)).not.toContain(o.wouldBe);
      expect(() => getValidator('1.6.0').validate(o.wouldBe, readFixture(o.file))).toThrow(/no schema/);
    });
  }
});

describe('fixture coverage', () => {
  it('every fixture file is validated, asserted as a deviation, or listed as outside the spec', () => {
    const covered = new Set([
      ...VALID_CASES.map((c) => c.file),
      ...DEVIATION_FILES,
      ...OUTSIDE_SPEC.map((o) => o.file),
    ]);
    const files = fixtureFiles();
    expect(files.length).toBeGreaterThanOrEqual(57);
    expect(files.filter((f) => !covered.has(f))).toEqual([]);
  });

  it('every table entry names an existing file and a shape of each of its versions', () => {
    const files = new Set(fixtureFiles());
    for (const c of VALID_CASES) {
      expect(files.has(c.file), c.file).toBe(true);
      for (const version of c.versions) expect(getValidator(version).hasShape(c.shape), `${c.shape}@${version}`).toBe(true);
    }
  });
});
