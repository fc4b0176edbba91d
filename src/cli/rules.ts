import { API_VERSIONS, type ApiVersion } from '../model/index.js';
import { loadInputs } from './load-inputs.js';
import { PROPERTIES } from '../properties/registry.js';

/**
 * `evconf rules`: every rule with its version range and how many checks exercise it per version
 * (counted from the scenario files, plus one per property or oracle of the generated stages that names it); a rule
 * with none in a version it applies to is listed as uncovered.
 */
export function rulesCommand(suitesDir: string, io: { out: NodeJS.WriteStream }, json: boolean): number {
  const { book, suites } = loadInputs(suitesDir);
  const counts = new Map<string, number>();
  for (const s of suites.flatMap((f) => f.scenarios)) {
    for (const e of s.steps.flatMap((st) => st.expect)) {
      for (const v of s.versions) {
        const k = `${e.rule}|${v}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
  }
  for (const p of PROPERTIES) {
    for (const rule of p.rules) {
      for (const v of API_VERSIONS) {
        const k = `${rule}|${v}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
  }
  const rows = book.rules.filter((r) => r.kind === 'normative').map((r) => {
    const per: Partial<Record<ApiVersion, number | null>> = {};
    for (const v of API_VERSIONS) per[v] = book.appliesTo(r, v) ? counts.get(`${r.id}|${v}`) ?? 0 : null;
    const uncovered = API_VERSIONS.filter((v) => per[v] === 0);
    return { id: r.id, level: r.level, kind: r.kind, since: r.since, until: r.until ?? null, ...(r.serverSince ? { serverSince: r.serverSince, serverUntil: r.serverUntil ?? null } : {}), checks: per, uncovered };
  });
  if (json) {
    io.out.write(`${JSON.stringify(rows, null, 2)}\n`);
  } else {
    const w = Math.max(...rows.map((r) => r.id.length));
    io.out.write(`${'rule'.padEnd(w)}  level   range          ${API_VERSIONS.map((v) => v.padStart(7)).join('')}\n`);
    for (const r of rows) {
      const range = `${r.since}${r.until ? `–${r.until}` : '+'}`.padEnd(13);
      const cells = API_VERSIONS.map((v) => String(r.checks[v] ?? '·').padStart(7)).join('');
      // A server-release rule: the server versions it applies on (specs/rules.yaml serverSince/serverUntil).
      const server = r.serverSince ? `  on servers ${r.serverSince}${r.serverUntil ? `–${r.serverUntil}` : '+'}` : '';
      io.out.write(`${r.id.padEnd(w)}  ${r.level.padEnd(6)}  ${range}  ${cells}${r.uncovered.length ? '  UNCOVERED' : ''}${server}\n`);
    }
    const unc = rows.filter((r) => r.uncovered.length);
    io.out.write(`\n${rows.length} rules; ${unc.length} uncovered${unc.length ? `: ${unc.map((r) => r.id).join(', ')}` : ''}\n`);
  }
  return rows.some((r) => r.uncovered.length && r.level === 'MUST' && r.kind === 'normative') ? 1 : 0;
}
