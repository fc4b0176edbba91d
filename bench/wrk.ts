import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** wrk (Debian package) as the reference load generator (ecosystem §4). */

export const WRK = '/usr/bin/wrk';

/** Makes sure wrk is there: when missing and running as root, one `apt-get install -y wrk`. Returns why not, if not. */
export function ensureWrk(log: (l: string) => void): string | undefined {
  if (existsSync(WRK)) return undefined;
  if (process.getuid?.() !== 0) return `${WRK} is missing and this is not root (install it with: apt-get install -y wrk)`;
  log('bench: wrk missing; apt-get install -y wrk (once)');
  const r = spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore', timeout: 180_000 });
  return existsSync(WRK) ? undefined : `apt-get install -y wrk failed (status ${r.status ?? r.signal}); run apt-get update first?`;
}

/** Requests/s that wrk reports for one URL. */
export function runWrk(o: { url: string; headers: Record<string, string>; connections: number; threads: number; durationS: number }): number {
  const args = [`-t${o.threads}`, `-c${o.connections}`, `-d${o.durationS}s`, ...Object.entries(o.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), o.url];
  const out = execFileSync(WRK, args, { encoding: 'utf8', timeout: (o.durationS + 30) * 1000 });
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m) throw new Error(`cannot read wrk output: ${out.slice(0, 200)}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} non-2xx responses from ${o.url}`);
  return Number(m[1]);
}
