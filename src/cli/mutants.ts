import { MUTANTS } from '../reference/index.js';

/** `evconf mutants`: every planted bug of the reference server with the rule that catches it. */
export function mutantsCommand(io: { out: NodeJS.WriteStream }, json: boolean): number {
  const rows = Object.values(MUTANTS).sort((a, b) => a.rule.localeCompare(b.rule) || a.name.localeCompare(b.name))
    .map((m) => ({ name: m.name, rule: m.rule, versions: `${m.since ?? '1.0.0'}${m.until ? `–${m.until}` : '+'}`, caughtBy: m.caughtBy ?? 'scenarios', description: m.description }));
  if (json) {
    io.out.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const w = Math.max('mutant'.length, ...rows.map((r) => r.name.length));
  const rw = Math.max(...rows.map((r) => r.rule.length));
  const line = (c: { name: string; rule: string; versions: string; caughtBy: string; description: string }) =>
    `${c.name.padEnd(w)}  ${c.rule.padEnd(rw)}  ${c.versions.padEnd(12)} ${c.caughtBy.padEnd(10)} ${c.description}\n`;
  io.out.write(line({ name: 'mutant', rule: 'rule', versions: 'versions', caughtBy: 'caught by', description: 'planted bug' }));
  for (const r of rows) io.out.write(line(r));
  io.out.write(`\n${rows.length} mutants (evconf serve --mutant NAME, or evconf run --mutant NAME against the embedded server)\n`);
  return 0;
}
