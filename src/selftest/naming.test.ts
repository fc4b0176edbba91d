import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../spec/paths.js';

/**
 * The repository explains itself (ARCHITECTURE.md): names say what a thing holds, comments cite the spec or a document
 * inside the repository, and nothing names the machine it was written on. Reads the tracked files (git ls-files), so
 * build output and caches are not judged.
 */

/**
 * Whether files, identifiers and mutants are named by content yet. The renames are applied by a script in one step
 * (the lead's rename map); until then the name checks below are skipped, saying so. The script sets this to true.
 */
const RENAMED_BY_CONTENT = true;
if (!RENAMED_BY_CONTENT) console.warn('naming.test.ts: the name checks are skipped until the rename map is applied (RENAMED_BY_CONTENT = false)');

function tracked(...dirs: string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...dirs], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '');
}

const text = (f: string) => readFileSync(`${PROJECT_ROOT}/${f}`, 'utf8');
const isTest = (f: string) => /\.test\.ts$/.test(f);
const SOURCES = /\.(ts|mts|mjs|cjs|js|ya?ml|md|json)$/;

/** Lines of `files` matching `re`, as `file:line: text` (so a failure says where). */
function hits(files: string[], re: RegExp): string[] {
  return files.flatMap((f) =>
    text(f)
      .split('\n')
      .flatMap((line, i) => (re.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 140)}`] : [])),
  );
}

/** What a comment must not cite: an issue, the design notes outside the repository, a research note, a round. */
const HISTORY = [
  /\bissues? #?\d+/i,
  /\bdesign §/,
  /opencast-reality/,
  /\.\.\/shared\b/,
  /\bspec-only (mutant )?round\b|\b(first|second|third|fourth|fifth|sixth) (mutant )?round\b/i,
];

describe('naming: the repository explains itself', () => {
  it('no non-test file of src, suites or bench (nor the layering rules) cites an issue, design §, opencast-reality, a folder outside the repository or a round', () => {
    const files = [...tracked('src', 'suites', 'bench').filter((f) => SOURCES.test(f) && !isTest(f)), '.dependency-cruiser.cjs'];
    expect(files.length).toBeGreaterThan(300);
    for (const re of HISTORY) expect(hits(files, re), String(re)).toEqual([]);
  });

  it('no tracked file of src or test/fixtures holds an absolute path of a machine (/work/, /tmp/, /home/)', () => {
    const files = tracked('src', 'test/fixtures').filter((f) => (SOURCES.test(f) || /\.(txt|http|csv)$/.test(f)) && !f.endsWith('naming.test.ts'));
    expect(files.length).toBeGreaterThan(300);
    const re = /(^|[\s'"`(=:])\/(work|tmp|home)\//;
    expect(hits(files, re)).toEqual([]);
  });

  it('ARCHITECTURE.md exists and names every folder of src', () => {
    const arch = text('ARCHITECTURE.md');
    const folders = [...new Set(tracked('src').map((f) => f.split('/')[1]).filter((d) => d !== undefined && !d.includes('.')))];
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((d) => !arch.includes(`src/${d}`))).toEqual([]);
  });

  describe.skipIf(!RENAMED_BY_CONTENT)('names say what a thing holds (skipped until the rename map is applied: RENAMED_BY_CONTENT)', () => {
    it('no file or folder of src, suites or bench is named for a round, a spec batch or a blind-spot batch', () => {
      const paths = tracked('src', 'suites', 'bench');
      expect(paths.filter((p) => /(round|spec|blind)[0-9]/.test(p))).toEqual([]);
    });

    it('no identifier of src or bench is named for one (ROUND4, SPEC5_…, spec3aGetBody, Spec3bSnapshot)', () => {
      const files = tracked('src', 'bench').filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('former-names.ts') && !f.endsWith('naming.test.ts'));
      expect(hits(files, /\b[A-Z_]*(ROUND|SPEC|BLIND)[0-9][A-Z0-9_]*\b|\b(spec|blind)[0-9][a-z]?[A-Z]\w*|\b(Spec|Blind)[0-9]/)).toEqual([]);
    });

    it('no mutant is named for one (spec2-…, spec5-…, blind4-…) outside the table of former names', () => {
      const files = tracked('src', 'bench', 'suites').filter((f) => SOURCES.test(f) && !f.endsWith('former-names.ts') && !f.endsWith('naming.test.ts'));
      expect(hits(files, /\b(spec[0-9][ab]?|blind[0-9])-[a-z]/)).toEqual([]);
    });
  });
});
