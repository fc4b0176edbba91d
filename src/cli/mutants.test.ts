import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../reference/index.js';
import { mutantsCommand } from './mutants.js';

// `evconf mutants` prints column headers above its rows.
describe('evconf mutants', () => {
  it('prints a header line naming each column, then one row per mutant', () => {
    let text = '';
    const out = { write: (s: string) => { text += s; return true; } } as unknown as NodeJS.WriteStream;
    expect(mutantsCommand({ out }, false)).toBe(0);
    const lines = text.split('\n');
    expect(lines[0].trim().split(/\s{2,}|\s(?=caught by|planted bug)/)).toEqual(['mutant', 'rule', 'versions', 'caught by', 'planted bug']);
    const first = Object.values(MUTANTS).sort((a, b) => a.rule.localeCompare(b.rule) || a.name.localeCompare(b.name))[0];
    expect(lines[1].startsWith(first.name)).toBe(true);
    // Each header starts where its column starts.
    expect(lines[1].indexOf(first.rule)).toBe(lines[0].indexOf('rule'));
  });
});
