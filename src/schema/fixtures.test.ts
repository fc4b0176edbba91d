/**
 * Every Opencast fixture against the shape and API version it represents (test/fixtures/opencast/SOURCES.md).
 * Payloads that break the spec are asserted, with the deviation named, in deviations.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { getValidator } from './index.js';
import { VALID_CASES, fixtureFiles, readFixture } from './opencast-fixtures.js';
import { DEVIATION_FILES } from './deviations.data.js';

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

describe('fixture coverage', () => {
  it('every fixture file is validated, asserted as a deviation, or listed as outside the spec', () => {
    const covered = new Set([
      ...VALID_CASES.map((c) => c.file),
      ...DEVIATION_FILES,
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
