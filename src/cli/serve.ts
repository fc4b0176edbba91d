import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startReferenceServer, parseUsers, ClientRecord, CLIENT_REPORT_PATH } from '../reference/index.js';
import { renderClientReportHtml } from '../reference/strict/html.js';
import { UsageError } from '../config/errors.js';
import { parseIntFlag } from '../config/parse.js';
import { isApiVersion, API_VERSIONS, type ApiVersion } from '../model/index.js';
import { agentsFlag, latitudeFlags, listLatitude, seriesFlag } from './latitude.js';
import { SERVER_PROFILES, type ServerProfile } from '../reference/profiles/index.js';
import { OPENCAST_AGENT, OPENCAST_DEVIATIONS, OPENCAST_LATITUDE } from '../reference/profiles/opencast.js';

/** The HTML page beside the client report: `x.json` → `x.html`, else FILE.html. */
export function clientReportHtmlPath(file: string): string {
  return /\.json$/i.test(file) ? file.replace(/\.json$/i, '.html') : `${file}.html`;
}

/** Writes the client conformance record: JSON to `file`, the HTML page beside it. */
export function writeClientReport(record: ClientRecord, file: string): void {
  const report = record.report();
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(clientReportHtmlPath(file), renderClientReportHtml(report));
}

/**
 * `evconf serve`: the reference server in the foreground until SIGINT/SIGTERM. Every request is read by the
 * client conformance layer: --strict answers departures 400; --client-report FILE writes them at exit.
 */
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
  const serverVersion = flags.serverVersion as string | undefined;
  if (serverVersion !== undefined && !isApiVersion(serverVersion)) throw new UsageError(`--server-version must be one of ${API_VERSIONS.join(', ')} (got "${serverVersion}")`);
  const strict = flags.strict === true;
  const profile = flags.profile === undefined ? undefined : String(flags.profile);
  if (profile !== undefined && !(SERVER_PROFILES as readonly string[]).includes(profile)) throw new UsageError(`--profile: unknown profile "${profile}"; the server knows ${SERVER_PROFILES.join(', ')}`);
  const reportFile = flags.clientReport === undefined ? undefined : String(flags.clientReport);
  // --no-client-record: the embedded server of `evconf run` reads no request as a client double (a tenth of its CPU).
  const recording = flags.clientRecord !== false;
  if (!recording && (strict || reportFile !== undefined)) throw new UsageError('--no-client-record cannot go with --strict or --client-report, which need the record');
  const record = new ClientRecord(strict);
  const users = flags.users !== undefined ? String(flags.users) : process.env.EVCONF_SERVE_USERS || undefined;
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      port, host, strict, ...(recording ? { clientRecord: record } : {}),
      ...(version ? { apiVersion: version } : {}),
      ...(serverVersion ? { serverVersion: serverVersion as ApiVersion } : {}),
      // The users may come from the environment (EVCONF_SERVE_USERS), so that passwords stay off the command line
      // (evconf run starts its embedded server that way).
      ...(users ? { users: parseUsers(users) } : {}),
      ...(flags.mutant ? { mutant: String(flags.mutant) } : {}),
      ...(profile ? { profile: profile as ServerProfile } : {}),
      ...(latitude ? { latitude } : {}),
      ...(flags.agents !== undefined ? { agents: agentsFlag(flags.agents) } : {}),
      ...(flags.series !== undefined ? { series: seriesFlag(flags.series) } : {}),
      ...(flags.processingDelay !== undefined ? { processingDelayMs: parseIntFlag(flags.processingDelay, '--processing-delay', 0, 600_000) } : {}),
      ...(flags.indexLag !== undefined ? { indexLagMs: parseIntFlag(flags.indexLag, '--index-lag', 0, 60_000) } : {}),
      ...(flags.listDelay !== undefined ? { listDelayMs: parseIntFlag(flags.listDelay, '--list-delay', 0, 60_000) } : {}),
      ...(flags.retractDelay !== undefined ? { retractDelayMs: parseIntFlag(flags.retractDelay, '--retract-delay', 0, 600_000) } : {}),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is in use; pick another with --port`);
    if (code === 'EACCES') throw new UsageError(`not allowed to listen on ${host}:${port}; use a port above 1023`);
    throw new UsageError((e as Error).message);
  }
  const mode = [profile ? `profile ${profile}: ${OPENCAST_DEVIATIONS.length} documented deviations, ${Object.keys(OPENCAST_LATITUDE).length} legal choices, capture agent ${OPENCAST_AGENT}` : '', flags.mutant ? `mutant ${String(flags.mutant)}` : '', latitude ? `latitude${latitude.seed !== undefined ? ` seed ${latitude.seed}` : ''}${Object.keys(latitude.choices ?? {}).length > 0 ? ` + ${Object.entries(latitude.choices ?? {}).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}` : '', strict ? 'strict' : ''].filter((s) => s !== '');
  io.out.write(`evconf reference server listening on ${server.url}${mode.length > 0 ? ` (${mode.join('; ')})` : ''}\n`);
  if (recording) io.out.write(`client conformance record: GET ${server.url}${CLIENT_REPORT_PATH}${reportFile ? `, written to ${reportFile} at exit` : ''}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  if (reportFile) {
    writeClientReport(record, reportFile);
    io.out.write(`client conformance record written: ${reportFile} and ${clientReportHtmlPath(reportFile)} (${record.report().departures} departures)\n`);
  }
  return 0;
}
