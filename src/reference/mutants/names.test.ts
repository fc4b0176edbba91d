import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMER_NAMES } from './former-names.js';
import { isMutantName, makeBug, resolveMutantName } from './index.js';

/** The core's BugFn takes any string (it imports no name from here, ARCHITECTURE.md): every name asked for is checked here. */

const ROOT = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('planted bug names', () => {
  it('every bug(\'…\') in the reference server names a mutant', () => {
    const unknown: string[] = [];
    let asked = 0;
    for (const file of sources(ROOT)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bbug(?:\?\.)?\(\s*'([^']+)'\s*\)/g)) {
        asked++;
        if (!isMutantName(m[1])) unknown.push(`${file.slice(ROOT.length)}: ${m[1]}`);
      }
    }
    expect(asked).toBeGreaterThan(300);
    expect(unknown).toEqual([]);
  });

  it('every former name leads to a current mutant, and --mutant accepts it', () => {
    for (const [former, current] of Object.entries(FORMER_NAMES)) {
      expect(isMutantName(former), `${former} is still a current name`).toBe(false);
      expect(isMutantName(current), `${former} -> ${current}`).toBe(true);
      expect(resolveMutantName(former)).toBe(current);
      expect(makeBug(former)(current)).toBe(true);
    }
    expect(resolveMutantName('no-such-mutant')).toBe('no-such-mutant');
    expect(() => makeBug('no-such-mutant')).toThrow(/Unknown mutant "no-such-mutant"/);
  });
});
