import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../reference/index.js';
import { mutantsCommand } from './mutants.js';

function capture(json: boolean): string {
  let text = '';
  const out = { write: (s: string) => { text += s; return true; } } as unknown as NodeJS.WriteStream;
  expect(mutantsCommand({ out }, json)).toBe(0);
  return text;
}

// Issue 12 item 7: the listing has column headers, and every row lines up under them.
describe('evconf mutants', () => {
  it('prints a header row, then one aligned row per mutant', () => {
    const lines = capture(false).split('\n');
    expect(lines[0]).toMatch(/^mutant\s+rule it breaks\s+versions\s+caught by\s+the bug$/);
    const ruleCol = lines[0].indexOf('rule it breaks');
    const rows = lines.slice(1, 1 + Object.keys(MUTANTS).length);
    for (const row of rows) expect(row.slice(ruleCol).split(' ')[0], row).toBe(MUTANTS[row.split(' ')[0]].rule);
    expect(lines[1 + rows.length]).toBe('');
  });
});
