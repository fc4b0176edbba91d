import { MUTANTS } from '../reference/index.js';

/** `evconf mutants`: every planted bug of the reference server with the rule that catches it. */
export function mutantsCommand(io: { out: NodeJS.WriteStream }, json: boolean): number {
  const rows = Object.values(MUTANTS).sort((a, b) => a.rule.localeCompare(b.rule) || a.name.localeCompare(b.name))
    .map((m) => ({ name: m.name, rule: m.rule, versions: `${m.since ?? '1.0.0'}${m.until ? `–${m.until}` : '+'}`, caughtBy: m.caughtBy ?? 'scenarios', description: m.description }));
  if (json) {
    io.out.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const w = Math.max(...rows.map((r) => r.name.length));
  const rw = Math.max(...rows.map((r) => r.rule.length));
  for (const r of rows) io.out.write(`${r.name.padEnd(w)}  ${r.rule.padEnd(rw)}  ${r.versions.padEnd(12)} ${r.caughtBy.padEnd(10)} ${r.description}\n`);
  io.out.write(`\n${rows.length} mutants (evconf serve --mutant NAME, or evconf run --mutant NAME against the embedded server)\n`);
  return 0;
}
