import { CREDENTIAL_HEADERS, headerSecrets, redactHeaderValue, redactText } from '../../redact/secrets.js';
import { curlLine } from './curl.js';
import { DEPARTURE_KINDS, type Departure, type DepartureKind } from './departure.js';
import type { BodyEntry, SeenRequest } from './inspect.js';
import { headline, ProblemTable, type ProblemEntry } from './problems.js';
import { endpointName } from './routes.js';
import type { ExampleRequest } from './example.js';

/**
 * The client conformance record: every departure seen, grouped by kind; and by kind and
 * subject into problems, each split by endpoint and API version; plus the requests outside the spec.
 */

export type { ExampleRequest } from './example.js';

export interface KindEntry {
  kind: DepartureKind;
  title: string;
  /** How many departures of this kind were seen. */
  count: number;
  /** Each distinct spec sentence of this kind, with how often it was broken. */
  sentences: { spec: string; count: number }[];
  /** The first departure of this kind and its request. */
  example: { where: string; message: string; spec: string; request: ExampleRequest };
}

/** Requests to paths outside /api/events: information, never a departure (layer.ts). */
export interface OutsideEntry {
  method: string;
  path: string;
  count: number;
  /** How the server answered them: status → count. */
  statuses: Record<string, number>;
}

export interface ClientReport {
  tool: 'evconf';
  report: 'client-conformance';
  strict: boolean;
  startedAt: string;
  /** Every request seen, outside the spec's paths too. */
  requests: number;
  departingRequests: number;
  departures: number;
  kinds: KindEntry[];
  /** "7 distinct departures in 43 of 187 requests". */
  headline: string;
  /** How many problems (distinct kind + subject). */
  distinct: number;
  /** The distinct problems, most frequent first, each with its groups by endpoint and version. */
  problems: ProblemEntry[];
  /** How many advisory notes (ADVISORY_KINDS: deprecated forms, ignored parameters, forms the spec is silent on). */
  notes: number;
  /** The advisory notes grouped like the problems (ids n1, n2 …): answered, never refused, not departures. */
  advice: ProblemEntry[];
  /** Requests outside /api/events, which the spec does not cover (not departures). */
  outsideSpec: OutsideEntry[];
}

/** One departing request and all its departures (the in-process log, for tests that attribute them). */
export interface DepartingRequest {
  request: ExampleRequest;
  departures: Departure[];
}

/** At most this many departing requests are kept one by one (the kinds count every one). */
const LOG_LIMIT = 10_000;

const SHOWN_HEADERS = ['accept', 'content-type', ...CREDENTIAL_HEADERS];

function secretsOf(req: SeenRequest): string[] {
  return CREDENTIAL_HEADERS.flatMap((name) => {
    const raw = req.headers[name];
    return raw === undefined ? [] : headerSecrets(name, Array.isArray(raw) ? raw.join(', ') : raw);
  });
}

/** The body as curl sends it again: each entry's name, text (or file name) and whether it is a file; redacted. */
function curlBody(req: SeenRequest, entries: BodyEntry[]): [string, string, boolean][] {
  const secrets = secretsOf(req);
  return entries.map((e) => [e.name, redactText(e.file ? `${e.file.filename}${e.file.type ? `;type=${e.file.type}` : ''}` : e.text.slice(0, 20_000), secrets), e.file !== undefined]);
}

export function exampleRequest(req: SeenRequest, entries: BodyEntry[]): ExampleRequest {
  const secrets: string[] = [];
  const headers: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const raw = req.headers[name];
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (CREDENTIAL_HEADERS.includes(name)) {
      secrets.push(...headerSecrets(name, value));
      headers[name] = redactHeaderValue(name, value);
    } else headers[name] = value;
  }
  const red = (s: string) => redactText(s, secrets);
  const out: ExampleRequest = { method: req.method, target: red(req.url.pathname + req.url.search), headers };
  if (entries.length > 0) {
    out.body = entries.map((e) => [e.name, e.file ? `<file ${red(e.file.filename)}, ${e.file.type || 'no type'}, ${e.file.size} bytes>` : red(e.text.slice(0, 500))]);
  }
  return out;
}

export class ClientRecord {
  private readonly startedAt = new Date().toISOString();
  private requests = 0;
  private departingRequests = 0;
  private readonly byKind = new Map<DepartureKind, KindEntry>();
  private readonly log: DepartingRequest[] = [];
  private readonly problems: ProblemTable;
  private readonly advice: ProblemTable;
  private notes = 0;
  private readonly outside = new Map<string, OutsideEntry>();

  constructor(readonly strict: boolean) {
    this.problems = new ProblemTable(strict);
    this.advice = new ProblemTable(strict, 'n');
  }

  /** Records a request to a path outside /api/events and the status it got (information, not a departure). */
  addOutside(method: string, path: string, status: number): void {
    this.requests++;
    const key = `${method} ${path}`;
    const o = this.outside.get(key) ?? { method, path, count: 0, statuses: {} };
    o.count++;
    o.statuses[String(status)] = (o.statuses[String(status)] ?? 0) + 1;
    this.outside.set(key, o);
  }

  /** Records one request and its departures (none = a clean request, counted); `endpoint` as inspect.ts names it. */
  add(req: SeenRequest, entries: BodyEntry[], found: Departure[], endpoint = endpointName(req.method, req.url.pathname)): void {
    this.requests++;
    if (found.length === 0) return;
    const example = exampleRequest(req, entries);
    const curl = curlLine(example, curlBody(req, entries));
    const notes = found.filter((d) => d.advisory);
    const departures = found.filter((d) => !d.advisory);
    this.notes += notes.length;
    for (const d of notes) this.advice.add(d, endpoint, req.version ?? 'unsupported', example, curl, this.requests);
    if (departures.length === 0) return;
    this.departingRequests++;
    for (const d of departures) this.problems.add(d, endpoint, req.version ?? 'unsupported', example, curl, this.requests);
    if (this.log.length < LOG_LIMIT) this.log.push({ request: example, departures });
    for (const d of departures) {
      let k = this.byKind.get(d.kind);
      if (!k) {
        k = { kind: d.kind, title: DEPARTURE_KINDS[d.kind], count: 0, sentences: [], example: { where: d.where, message: d.message, spec: d.spec, request: example } };
        this.byKind.set(d.kind, k);
      }
      k.count++;
      const s = k.sentences.find((x) => x.spec === d.spec);
      if (s) s.count++;
      else k.sentences.push({ spec: d.spec, count: 1 });
    }
  }

  /** Every departing request so far (up to LOG_LIMIT), oldest first. */
  departing(): DepartingRequest[] {
    return structuredClone(this.log);
  }

  report(): ClientReport {
    const kinds = [...this.byKind.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
    const problems = this.problems.entries();
    const advice = this.advice.entries();
    return {
      tool: 'evconf', report: 'client-conformance', strict: this.strict, startedAt: this.startedAt,
      requests: this.requests, departingRequests: this.departingRequests,
      departures: kinds.reduce((n, k) => n + k.count, 0), kinds: structuredClone(kinds),
      headline: headline(problems.length, this.departingRequests, this.requests, advice.length), distinct: problems.length, problems,
      notes: this.notes, advice,
      outsideSpec: structuredClone([...this.outside.values()].sort((a, b) => b.count - a.count)),
    };
  }
}
