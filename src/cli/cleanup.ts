import { parseBaseUrl, parseCredentials, parseHeader, parseIntFlag } from '../config/parse.js';
import { UsageError } from '../config/errors.js';
import { checkReachable, openTarget } from '../load/target.js';
import { checkRunId, cleanupRun } from '../load/run-cleanup.js';
import { parseApiVersionFlag } from '../spec/versions.js';
import { DEFAULT_API_VERSION } from '../model/index.js';

/** `evconf cleanup --run-id ID`: deletes what `evconf load --seed-only` left. 0 = nothing of the run left, 1 = some left. */
export async function cleanupCommand(flags: Record<string, unknown>, io: { out: NodeJS.WriteStream; err: NodeJS.WriteStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (flags.runId === undefined) throw new UsageError('evconf cleanup needs --run-id (the id evconf load --seed-only printed)');
  if (flags.baseUrl === undefined) throw new UsageError('evconf cleanup needs --base-url (the server the run was seeded on)');
  const runId = checkRunId(String(flags.runId));
  const versions = parseApiVersionFlag(String(flags.apiVersion ?? DEFAULT_API_VERSION));
  if (!Array.isArray(versions)) throw new UsageError(`--api-version: ${versions.error}`);
  const v = versions[versions.length - 1];
  const authRaw = (flags.auth as string | undefined) ?? env.EVCONF_AUTH;
  const headers: Record<string, string> = {};
  for (const h of (flags.header as string[] | undefined) ?? []) {
    const [n, val] = parseHeader(String(h));
    headers[n] = val;
  }
  const t = await openTarget({
    baseUrl: parseBaseUrl(String(flags.baseUrl)), headers, timeoutMs: parseIntFlag(flags.timeout ?? 10_000, '--timeout', 100, 600_000),
    ...(authRaw ? { auth: parseCredentials(authRaw, '--auth') } : {}), ...(flags.versionHeader !== undefined ? { versionHeader: String(flags.versionHeader) } : {}),
  });
  try {
    await checkReachable(t, v);
    const r = await cleanupRun(t.clientFor(v), runId, v, parseIntFlag(flags.settleMs ?? 10_000, '--settle-ms', 0, 600_000));
    if (r.left.length === 0) {
      io.out.write(r.found === 0 ? `cleanup: no events of run ${runId} on ${t.baseUrl}\n` : `cleanup: deleted ${r.found} events of run ${runId}\n`);
      return 0;
    }
    io.out.write(`cleanup: ${r.left.length} of ${r.found} events of run ${runId} could not be deleted:\n${r.left.map((id) => `  ${id}\n`).join('')}`);
    return 1;
  } finally {
    await t.close();
  }
}
