/** The load table, one row per profile: the same columns in `evconf run --load` and `evconf load`. */
import type pc from 'picocolors';
import type { LoadResult } from '../model/index.js';
import { formatMs } from './tally.js';
import { textTable } from './text-table.js';

type Colors = ReturnType<typeof pc.createColors>;

const right = 'right' as const;
export const LOAD_COLUMNS = [
  { header: 'profile' }, { header: 'API' }, { header: 'conn', align: right }, { header: 'requests', align: right },
  { header: 'req/s', align: right }, { header: 'p50 ms', align: right }, { header: 'p90 ms', align: right },
  { header: 'p99 ms', align: right }, { header: 'max ms', align: right }, { header: 'errors', align: right },
  { header: 'non-2xx', align: right }, { header: 'bodies ok', align: right }, { header: 'gen CPU', align: right },
  { header: 'outcome' },
];

function row(l: LoadResult): string[] {
  if (l.outcome === 'skip' && l.requests === 0) return [l.profile, l.apiVersion ?? '', String(l.connections), '', '', '', '', '', '', '', '', '', '', 'skip'];
  return [
    l.profile, l.apiVersion ?? '', String(l.connections), String(l.requests), l.rps.mean.toFixed(0),
    formatMs(l.latencyMs.p50), formatMs(l.latencyMs.p90), formatMs(l.latencyMs.p99), formatMs(l.latencyMs.max),
    String(l.errors + l.timeouts), String(l.non2xx), `${l.sampledBodiesValid}/${l.sampledBodies}`,
    // Unknown for a load made elsewhere (evconf report --load).
    l.generatorCpuPct === undefined ? '–' : `${l.generatorCpuPct.toFixed(0)}%${l.generatorSaturated ? '!' : ''}`, l.outcome,
  ];
}

/** The header line (dimmed) and one line per profile, its outcome coloured and its message after it. */
export function loadTableLines(load: readonly LoadResult[], c: Colors): string[] {
  const paint = (o: string) => (o === 'pass' ? c.green(o) : o === 'fail' || o === 'error' ? c.red(o) : o === 'warn' ? c.yellow(o) : c.dim(o));
  const table = textTable(LOAD_COLUMNS, load.map(row));
  return [c.dim(table[0]), ...table.slice(1).map((line, i) => {
    const l = load[i];
    const body = line.endsWith(l.outcome) ? line.slice(0, line.length - l.outcome.length) + paint(l.outcome) : line;
    return `${body}${l.message ? `  ${l.message}` : ''}`;
  })];
}
