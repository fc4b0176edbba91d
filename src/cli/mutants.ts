import { MUTANTS } from '../reference/index.js';
import { textTable } from '../report/text-table.js';

/** `evconf mutants`: every planted bug of the reference server with the rule that catches it. */
export function mutantsCommand(io: { out: NodeJS.WriteStream }, json: boolean): number {
  const rows = Object.values(MUTANTS).sort((a, b) => a.rule.localeCompare(b.rule) || a.name.localeCompare(b.name))
    .map((m) => ({ name: m.name, rule: m.rule, versions: `${m.since ?? '1.0.0'}${m.until ? `–${m.until}` : '+'}`, caughtBy: m.caughtBy ?? 'scenarios', description: m.description }));
  if (json) {
    io.out.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const table = textTable([{ header: 'mutant' }, { header: 'rule it breaks' }, { header: 'versions' }, { header: 'caught by' }, { header: 'the bug' }],
    rows.map((r) => [r.name, r.rule, r.versions, r.caughtBy, r.description]), '');
  io.out.write(`${table.join('\n')}\n`);
  io.out.write(`\n${rows.length} mutants (evconf serve --mutant NAME, or evconf run --mutant NAME against the embedded server)\n`);
  return 0;
}
