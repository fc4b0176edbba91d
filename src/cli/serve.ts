import { startReferenceServer, parseUsers } from '../reference/index.js';
import { UsageError } from '../config/errors.js';
import { parseIntFlag } from '../config/parse.js';
import { isApiVersion, API_VERSIONS } from '../model/index.js';
import { agentsFlag, latitudeFlags, listLatitude, seriesFlag } from './latitude.js';

/** `evconf serve`: the reference server in the foreground until SIGINT/SIGTERM. */
export async function serveCommand(flags: Record<string, unknown>, io: { out: NodeJS.WriteStream }): Promise<number> {
  const latitude = latitudeFlags(flags);
  if (flags.listLatitude) {
    io.out.write(listLatitude(latitude, Boolean(flags.json)));
    return 0;
  }
  const port = parseIntFlag(flags.port ?? 8080, '--port', 0, 65535);
  const host = String(flags.host ?? '127.0.0.1');
  const version = flags.apiVersion as string | undefined;
  if (version !== undefined && !isApiVersion(version)) throw new UsageError(`--api-version must be one of ${API_VERSIONS.join(', ')} (got "${version}")`);
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      port, host,
      ...(version ? { apiVersion: version } : {}),
      ...(flags.users ? { users: parseUsers(String(flags.users)) } : {}),
      ...(flags.mutant ? { mutant: String(flags.mutant) } : {}),
      ...(latitude ? { latitude } : {}),
      ...(flags.agents !== undefined ? { agents: agentsFlag(flags.agents) } : {}),
      ...(flags.series !== undefined ? { series: seriesFlag(flags.series) } : {}),
      ...(flags.processingDelay !== undefined ? { processingDelayMs: parseIntFlag(flags.processingDelay, '--processing-delay', 0, 600_000) } : {}),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is in use; pick another with --port`);
    if (code === 'EACCES') throw new UsageError(`not allowed to listen on ${host}:${port}; use a port above 1023`);
    throw new UsageError((e as Error).message);
  }
  const mode = [flags.mutant ? `mutant ${String(flags.mutant)}` : '', latitude ? `latitude${latitude.seed !== undefined ? ` seed ${latitude.seed}` : ''}${Object.keys(latitude.choices ?? {}).length > 0 ? ` + ${Object.entries(latitude.choices ?? {}).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}` : ''].filter((s) => s !== '');
  io.out.write(`evconf reference server listening on ${server.url}${mode.length > 0 ? ` (${mode.join('; ')})` : ''}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
