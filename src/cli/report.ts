import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../config/errors.js';
import type { RunResult } from '../model/index.js';
import { writeReports } from '../report/write.js';

/** `evconf report FILE.json`: re-renders HTML and JUnit from a results file (reporters only read results). */
export async function reportCommand(file: string, flags: Record<string, unknown>, io: { out: NodeJS.WriteStream }): Promise<number> {
  let run: RunResult;
  try {
    run = JSON.parse(readFileSync(file, 'utf8')) as RunResult;
  } catch (e) {
    throw new UsageError(`cannot read results ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!run || run.tool?.name !== 'evconf' || !Array.isArray(run.results)) throw new UsageError(`${file} is not an evconf results file`);
  // Only HTML and JUnit are rendered: the results file is the input and is never rewritten.
  const dir = dirname(file);
  const written = await writeReports(run, { html: String(flags.html ?? join(dir, 'index.html')), junit: String(flags.junit ?? join(dir, 'report.xml')) });
  io.out.write(`wrote ${written.files.join(', ')}\n`);
  return 0;
}
