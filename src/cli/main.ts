import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../config/errors.js';
import { TOOL_VERSION } from './version.js';
import { SUITES_DIR } from '../spec/paths.js';

// Each command's module is loaded when that command runs: `evconf --help` loads only commander.

const collect = (v: string, prev: string[] = []) => [...prev, v];

/**
 * The options of `evconf run`. None has a commander default: a default would hide the --config file's value
 *; the defaults live in buildRunConfig (src/config/build.ts), after flag > environment > file.
 */
function runOptions(cmd: Command): Command {
  return cmd
    .description('run the conformance suite (without --base-url: against the embedded reference server)')
    .option('--base-url <url>', 'server under test, e.g. http://127.0.0.1:8080')
    .option('--api-version <v>', 'X.Y.Z, a comma list, or "all" (default: the versions the server lists, GET /api/version; 1.6.0 where it lists none)')
    .option('--auth <user:pass>', 'Basic credentials of an administrative user (or EVCONF_AUTH)')
    .option('--user-auth <user:pass>', 'a non-administrative user, for the role rules (or EVCONF_USER_AUTH)')
    .option('--user-roles <r1,r2>', "that user's roles (default ROLE_USER_<NAME>)")
    .option('--header <name: value>', 'extra request header, repeatable', collect)
    .option('--version-header <template>', 'how the version is asked for (default "Accept: application/v{version}+json"; "" sends none)')
    .option('--json <file>', 'also write the results JSON here')
    .option('--junit <file>', 'also write JUnit XML here')
    .option('--html <file>', 'also write the HTML report here')
    .option('--report-dir <dir>', 'report folder: <dir>/<run id>/ and <dir>/latest/ (default reports)')
    .option('--format <list>', 'what to write: json,junit,html,github (repeatable or comma list; default json,junit,html, plus github when GITHUB_ACTIONS=true)', collect)
    .option('--seed <n>', 'seed for generated cases (replays a run)')
    .option('--runs <n>', 'cases per property')
    .option('--only <patterns>', 'comma-separated rule, scenario or property ids (* allowed); selecting nothing is an error')
    .option('--allow-untested <patterns>', 'comma-separated rule ids (* allowed) whose untested gaps are accepted: they do not make a version incomplete (exit 3)')
    .option('--timeout <ms>', 'per-request timeout (default 10000)')
    .option('--settle-ms <ms>', 'how long read-after-write checks poll (default 10000)')
    .option('--processing-timeout <ms>', 'how long to wait for processing to finish (default 120000)')
    .option('--workflow <id>', 'processing workflow sent on create (default schedule-and-upload)')
    .option('--agent-prefix <str>', 'capture agent id prefix for schedules (default evconf-agent-)')
    .option('--agent-id <id>', 'a registered capture agent, used for every schedule when the server refuses evconf\'s own agent ids')
    .option('--series-id <id>', 'an existing series, used as isPartOf when the server refuses evconf\'s own series ids')
    .option('--concurrency <n>', 'scenarios in flight at once, per version (default 8)')
    .option('--version-concurrency <n>', 'API versions checked side by side (default: all; 1 with --agent-id)')
    .option('--max-duration <ms>', 'bound on the whole run (default 1800000)')
    .option('--phase-budget <ms>', 'bound on each phase of each version: scenarios and properties not started by then are skipped (default 600000)')
    .option('--phases <list>', 'conformance phases: scenarios,properties,stateful (default all)')
    .option('--load', 'add the load stage')
    .option('--load-events <n>', 'events seeded for the load stage (default 1000, max 20000)')
    .option('--load-duration <s>', 'seconds per load profile, overriding suites/load/profiles.yaml (max 60)')
    .option('--load-profiles <file>', 'load profiles (default suites/load/profiles.yaml); their budgets are yours')
    .option('--budget <list>', 'your load budgets for every profile: p99=MS,rps=N,errors=RATE (defaults only warn against --base-url)')
    .option('--mutant <name>', 'embedded reference server only: plant this bug (list them with evconf mutants)')
    .option('--config <file>', 'YAML file with any of these flags')
    .option('--profile <name>', 'a configuration shipped with evconf, below --config: opencast (its settings and expectations/opencast.yaml)')
    .option('--expectations <file>', 'known deviations (YAML; repeatable): a failure they explain is "known" and does not fail the run', collect)
    .option('--baseline <results.json>', 'a results file of an earlier run: print, annotate and fail (exit 1) only on what changed: new failures, throughput down beyond --baseline-tolerance')
    .option('--baseline-tolerance <pct>', 'with --baseline: how far (percent) a load profile\'s requests/s may move before it counts (default 20)')
    .option('--strict-expectations', 'a fixed or stale expectation fails the run too (exit 1), so the file never rots')
    .option('--suites <dir>', 'scenario folder (default: the built-in suites)')
    .option('--quiet', 'print only the final summary and errors (no progress)')
    .option('--verbose', 'also print every check result as it is decided')
    .option('--no-color', 'plain output');
}

/** `evconf run` flags as commander hands them to buildRunConfig (for tests of the flag / file / default order). */
export function parseRunFlags(args: string[]): Record<string, unknown> {
  const cmd = runOptions(new Command('run')).exitOverride().configureOutput({ outputError: () => undefined });
  cmd.parse(args, { from: 'user' });
  return cmd.opts();
}

function program(argv: string[], setCode: (c: number) => void): Command {
  const io = { out: process.stdout, err: process.stderr };
  const p = new Command('evconf')
    .description('Conformance suite and load tester for the Event Management HTTP API (/api/events)')
    .version(TOOL_VERSION)
    .exitOverride()
    .configureOutput({ outputError: () => undefined })
    .showHelpAfterError(false);
  runOptions(p.command('run'))
    .action(async (flags: Record<string, unknown>) => {
      const [{ buildRunConfig }, { runCommand }] = await Promise.all([import('../config/build.js'), import('./run.js')]);
      setCode(await runCommand(buildRunConfig(flags, process.env, argv), io));
    });
  p.command('load')
    .description('run only the load stage (without --base-url: against the reference server in a child process)')
    .option('--base-url <url>', 'server under test, e.g. http://127.0.0.1:8080')
    .option('--api-version <v>', 'X.Y.Z (default 1.6.0; of a list or "all", the newest)')
    .option('--load-events <n>', 'events to seed (default 1000, max 20000)')
    .option('--load-duration <s>', 'seconds per profile, overriding the profiles file (max 60)')
    .option('--profiles <file>', 'load profiles (default suites/load/profiles.yaml); their budgets are yours')
    .option('--budget <list>', 'your budgets for every profile: p99=MS,rps=N,errors=RATE (defaults only warn against --base-url)')
    .option('--only <profiles>', 'comma-separated profile names')
    .option('--auth <user:pass>', 'Basic credentials of an administrative user (or EVCONF_AUTH)')
    .option('--header <name: value>', 'extra request header, repeatable', collect)
    .option('--timeout <ms>', 'per-request timeout (default 10000)')
    .option('--version-header <template>', 'how the version is asked for (default "Accept: application/v{version}+json")')
    .option('--json <file>', 'write the results JSON (results + load) here')
    .option('--junit <file>', 'write JUnit XML here')
    .option('--html <file>', 'write the HTML report here')
    .option('--mutant <name>', 'embedded reference server only: plant this bug (e.g. slow-filter)')
    .option('--engine <name>', 'what makes the load: autocannon (default) or artillery (a local Artillery, see README "Load beyond one machine")')
    .option('--export <format>', 'write the profiles as load scripts for another tool instead of running them: artillery (seeds first, unless --run-id)')
    .option('--out <dir>', 'folder of the Artillery scripts (--export; default artillery-<run id>) or of the engine\'s scripts and reports (--engine artillery)')
    .option('--seed-only', 'seed the events, leave them, print the run id (remove them with evconf cleanup --run-id)')
    .option('--run-id <id>', 'with --export: write the scripts of a run seeded before (no request sent)')
    .option('--config <file>', 'YAML file with any of these flags (the same file as evconf run\'s; keys load does not use are ignored)')
    .option('--no-color', 'plain output')
    .action(async (flags: Record<string, unknown>) => setCode(await (await import('./load.js')).loadCommand(flags, io, argv.slice(1))));
  p.command('cleanup')
    .description('delete the events a load run seeded and left (evconf load --seed-only)')
    .option('--run-id <id>', 'the run id evconf load --seed-only printed')
    .option('--base-url <url>', 'the server the run was seeded on')
    .option('--api-version <v>', 'X.Y.Z (default 1.6.0)')
    .option('--auth <user:pass>', 'Basic credentials of an administrative user (or EVCONF_AUTH)')
    .option('--header <name: value>', 'extra request header, repeatable', collect)
    .option('--version-header <template>', 'how the version is asked for (default "Accept: application/v{version}+json")')
    .option('--timeout <ms>', 'per-request timeout (default 10000)')
    .option('--settle-ms <ms>', 'how long a deletion that answered 202 is waited for (default 10000)')
    .action(async (flags: Record<string, unknown>) => setCode(await (await import('./cleanup.js')).cleanupCommand(flags, io)));
  p.command('serve')
    .description('start the reference server')
    .option('--port <n>', 'port (0 = any free port)', '8080')
    .option('--host <host>', 'interface', '127.0.0.1')
    .option('--api-version <v>', 'pin one version (default: chosen per request from Accept)')
    .option('--server-version <v>', 'the newest version served, also the default; a server release: 1.9.0 has POST /track, 1.10.0 lists v1.0.0..v1.10.0 (default 1.11.0)')
    .option('--users <list>', 'Basic auth users: name:password[:ROLE_A|ROLE_B],… (or EVCONF_SERVE_USERS)')
    .option('--mutant <name>', 'plant one named bug')
    .addOption(new Option('--processing-delay <ms>', 'simulated processing time of the shipped 1 s tone (8000 bytes of media); longer media take proportionally longer'))
    .option('--retract-delay <ms>', 'simulated time a retraction takes (DELETE of a published event)')
    .option('--list-delay <ms>', 'simulated time a list (GET /api/events) takes, as a production server\'s does (load demos)')
    .option('--index-lag <ms>', 'how long the index lags writes where a latitude choice or profile makes it lag (default 300; e.g. --profile opencast --index-lag 1000)')
    .option('--strict', 'answer 400 to every request that departs from the spec, naming the departure and quoting the spec')
    .option('--client-report <file>', 'on SIGINT/SIGTERM write every departure seen (JSON, and HTML beside it); live at GET /__evconf/client-report')
    .option('--no-client-record', 'do not read requests as a client double (no departures recorded; cannot go with --strict or --client-report)')
    .option('--latitude <seed>', 'latitude mode: draw every legal alternative where the spec leaves room from this seed')
    .option('--latitude-choice <id=alt>', 'force one latitude choice (repeatable; see --list-latitude)', collect)
    .option('--list-latitude', 'print every latitude choice with its spec sentence and alternatives (and what --latitude picks), then exit')
    .option('--json', 'with --list-latitude: as JSON')
    .option('--agents <list>', 'registered capture agents (latitude capture-agents=registered): id,…')
    .option('--series <list>', 'known series: id[=title],… (titles shown; latitude series-known=known accepts only these)')
    .option('--profile <name>', 'answer as a known implementation does: opencast (its documented deviations and legal choices, each a named switch)')
    .action(async (flags: Record<string, unknown>) => setCode(await (await import('./serve.js')).serveCommand(flags, io)));
  p.command('rules')
    .description('list every rule with its version range and how many checks exercise it')
    .option('--json', 'as JSON')
    .option('--suites <dir>', 'scenario folder', SUITES_DIR)
    .action(async (flags: { json?: boolean; suites: string }) => setCode((await import('./rules.js')).rulesCommand(flags.suites, io, Boolean(flags.json))));
  p.command('mutants')
    .description('list the planted bugs of the reference server and the rule that catches each')
    .option('--json', 'as JSON')
    .action(async (flags: { json?: boolean }) => setCode((await import('./mutants.js')).mutantsCommand(io, Boolean(flags.json))));
  p.command('expectations')
    .description('write a starting expectations file from a run: every failing rule, its versions and its message')
    .requiredOption('--from <results.json>', 'a results file (results.json of a run)')
    .option('--out <file>', 'write the file here (default: print it)')
    .option('--until <YYYY-MM-DD>', 'give every entry this expiry day')
    .action(async (flags: Record<string, unknown>) => setCode(await (await import('./expectations.js')).expectationsCommand(flags, io)));
  p.command('compare <results...>')
    .description('compare two or more results files (servers, releases, days): the rule × version × run matrix, what differs, the load figures side by side; the first file is the baseline')
    .option('--label <name>', 'a name for each run, in the order of the files (repeatable; default: its target)', collect)
    .option('--format <list>', 'what to write: text,html,json (repeatable or comma list; default text,html); json without --json goes to stdout', collect)
    .option('--html <file>', 'the HTML page (default reports/compare/index.html)')
    .option('--json <file>', 'the differences as JSON, to this file')
    .action(async (files: string[], flags: Record<string, unknown>) => setCode(await (await import('./compare.js')).compareCommand(files, flags, io)));
  p.command('report [results.json]')
    .description('re-render the HTML report and JUnit XML from a results file, or (--load) judge Artillery reports by the load budgets')
    .option('--html <file>', 'HTML output')
    .option('--junit <file>', 'JUnit output')
    .option('--format <list>', 'what to write: html,junit,github (repeatable or comma list; default html,junit)', collect)
    .option('--load <artillery.json>', 'an Artillery JSON report of scripts from evconf load --export artillery (repeatable); writes results.json, report.xml, index.html beside it', collect)
    .option('--json <file>', 'with --load: results JSON output')
    .option('--profiles <file>', 'with --load: the profiles file the scripts were exported from (default suites/load/profiles.yaml)')
    .option('--budget <list>', 'with --load: your budgets for every profile: p99=MS,rps=N,errors=RATE')
    .option('--api-version <v>', 'with --load: the API version the scripts asked for (default 1.6.0)')
    .option('--base-url <url>', 'with --load: the server that was loaded (shown in the report)')
    .option('--no-color', 'plain output')
    .action(async (file: string | undefined, flags: Record<string, unknown>) => {
      if (flags.load !== undefined) {
        if (file !== undefined) throw new UsageError('evconf report: give a results file or --load artillery.json, not both');
        setCode(await (await import('./report-load.js')).reportLoadCommand(flags.load as string[], flags, io));
        return;
      }
      if (file === undefined) throw new UsageError('evconf report: give a results file (results.json) or --load artillery.json');
      setCode(await (await import('./report.js')).reportCommand(file, flags, io));
    });
  return p;
}

/** Runs the CLI; returns the exit status (0 conformant, 1 a rule failed or evconf erred, 2 evconf could not run, 3 incomplete). */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  try {
    await program(argv, (c) => { code = c; }).parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      process.stderr.write(`evconf: ${e.message.replace(/^error: /, '')}; see evconf --help\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`evconf: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`evconf: internal error: ${(e as Error).message} (please report it)\n`);
    return 2;
  }
}
