import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import type { RunResult } from '../model/index.js';
import { draftExpectations } from '../expectations/draft.js';

/** `evconf expectations --from results.json [--out FILE] [--until DAY]`: a starting expectations file. */
export async function expectationsCommand(flags: Record<string, unknown>, io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream }): Promise<number> {
  const from = String(flags.from);
  let run: RunResult;
  try {
    run = JSON.parse(readFileSync(from, 'utf8')) as RunResult;
  } catch (e) {
    throw new UsageError(`cannot read results ${from}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!run || run.tool?.name !== 'evconf' || !Array.isArray(run.results)) throw new UsageError(`${from} is not an evconf results file`);
  const until = flags.until === undefined ? undefined : String(flags.until);
  if (until !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(Date.parse(`${until}T00:00:00Z`)))) throw new UsageError(`--until must be a day as YYYY-MM-DD (got "${until}")`);
  const text = draftExpectations(run, { from, ...(until ? { until } : {}) });
  if (flags.out === undefined) {
    io.out.write(text);
    return 0;
  }
  const out = String(flags.out);
  try {
    mkdirSync(dirname(resolve(out)), { recursive: true });
    writeFileSync(out, text);
  } catch (e) {
    throw new UsageError(`cannot write ${out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const n = (text.match(/^- rule: /gm) ?? []).length;
  io.err.write(`evconf: wrote ${out}: ${n} expectation${n === 1 ? '' : 's'} (fill in each why and documented; then run with --expectations ${out})\n`);
  return 0;
}
