import { getPath } from '../evidence.js';
import { shownForms } from '../../spec/precision.js';

/**
 * Which of the run's own events a list filter must and must not return (spec § GET /api/events, Filters).
 * The spec says "matches" without saying how; real servers match field filters exactly and textFilter as a
 * case-insensitive substring (opencast-reality.md). So every event gets a three-valued verdict: `yes` when it
 * matches under every reading (exact, substring, case-insensitive), `no` when it matches under none, `maybe`
 * otherwise; only `yes` and `no` are judged.
 */
export type Tri = 'yes' | 'no' | 'maybe';

/** One event the run created: what it sent and what the server answered for it. */
export interface RunEvent {
  identifier: string;
  sent: {
    /** dublincore/episode fields as sent (title tagged, subjects defaulted as the engine does). */
    fields: Record<string, string | string[]>;
    scheduling?: { agent_id?: string; start?: string; end?: string };
  };
  /** GET /api/events/{id} as parsed JSON; null when it could not be read. */
  server: Record<string, unknown> | null;
}

/** The value of the `list-setup` action (saved by scenarios, read by the list checks). */
export interface RunEvents {
  events: RunEvent[];
  error?: string;
}

/** How a keyword given several times combines: OR, AND, or either reading accepted. */
export type RepeatMode = 'or' | 'and' | 'either';

/**
 * single: one text value; multi: a list, matched by one element (contributors: "Contributors match. May occur multiple
 * times."); subject: the subject list, matched for certain by its first element (an event whose first subject is the
 * value has that subject under every reading: "among its subjects", or "its first subject", latitude
 * subject-filter), undecided for a later one; id: a technical identifier (identifier, series id, capture agent),
 * matched whole and exactly: spec § Event "identifier | Unique identifier of the event", the series filters select
 * "by series identifier", agent_id is the "Capture agent identifier": a part of one, or it in another case, is
 * another identifier (issue 23, class 4).
 */
type Kind = 'single' | 'multi' | 'subject' | 'id';
interface FieldSource { server: string[]; sent: string[]; kind: Kind }

/** Filter → event member(s) (all variants) and sent field id(s) it is read from. */
const FIELDS: Record<string, FieldSource> = {
  contributors: { server: ['contributor', 'contributors'], sent: ['contributor'], kind: 'multi' },
  location: { server: ['location'], sent: ['location'], kind: 'single' },
  series: { server: ['is_part_of'], sent: ['isPartOf'], kind: 'id' },
  is_part_of: { server: ['is_part_of'], sent: ['isPartOf'], kind: 'id' },
  subject: { server: ['subjects'], sent: ['subjects'], kind: 'subject' },
  identifier: { server: ['identifier'], sent: [], kind: 'id' },
  title: { server: ['title'], sent: ['title'], kind: 'single' },
  description: { server: ['description'], sent: ['description'], kind: 'single' },
  series_name: { server: ['series'], sent: [], kind: 'single' },
  language: { server: ['language'], sent: ['language'], kind: 'single' },
  created: { server: ['created'], sent: [], kind: 'single' },
  license: { server: ['license'], sent: ['license'], kind: 'single' },
  rightsholder: { server: ['rightsholder'], sent: ['rightsHolder'], kind: 'single' },
  status: { server: ['status'], sent: [], kind: 'single' },
  source: { server: ['source'], sent: ['source'], kind: 'single' },
  agent_id: { server: ['scheduling.agent_id'], sent: [], kind: 'id' },
};

/** Metadata members a textFilter value is certainly searched in (server names and sent ids). */
const TEXT_CORE = ['title', 'description', 'subjects', 'location', 'contributor', 'contributors', 'presenter', 'presenters', 'creator'];

function asStrings(v: unknown): string[] | undefined {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return undefined;
}

/** Every reading of a field for one event: the server's member(s) and what was sent. */
function readings(ev: RunEvent, name: string, src: FieldSource): string[][] {
  const out: string[][] = [];
  for (const m of src.server) {
    const r = ev.server ? asStrings(getPath(ev.server, m)) : undefined;
    if (r) out.push(r);
  }
  for (const f of src.sent) {
    const r = asStrings(ev.sent.fields[f]);
    if (r) out.push(r);
  }
  if (name === 'agent_id') out.push(ev.sent.scheduling?.agent_id !== undefined ? [ev.sent.scheduling.agent_id] : []);
  return out;
}

function fieldMatch(ev: RunEvent, name: string, value: string): Tri {
  const src = FIELDS[name];
  if (!src || value === '') return 'maybe';
  const rs = readings(ev, name, src);
  if (rs.length === 0) return 'maybe';
  const low = value.toLowerCase();
  const exact = (r: string[]) => (src.kind === 'multi' ? r.includes(value) : src.kind === 'subject' ? r[0] === value : r.length === 1 && r[0] === value);
  const loose = (r: string[]) => r.some((s) => s.toLowerCase().includes(low));
  if (rs.every(exact)) return 'yes';
  // An identifier is matched whole and exactly (issue 23, class 4): a part of one, or it in another case, is another
  // identifier ("Unique identifier of the event"; the series filters select "by series identifier").
  if (src.kind === 'id') return 'no';
  return rs.some(loose) ? 'maybe' : 'no';
}

/** Every string anywhere in a value. */
function allStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) allStrings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) allStrings(x, out);
  return out;
}

/** textFilter "Any metadata field matches the value": yes = a core field equals it; no = no string holds it. */
function textMatch(ev: RunEvent, value: string): Tri {
  if (value === '' || /\s/.test(value)) return 'maybe';
  const holder: Record<string, unknown> = ev.server ?? ev.sent.fields;
  const core = TEXT_CORE.flatMap((k) => asStrings(holder[k]) ?? []);
  if (core.includes(value)) return 'yes';
  const low = value.toLowerCase();
  const everything = allStrings([ev.server, ev.sent]);
  return everything.some((s) => s.toLowerCase().includes(low)) ? 'maybe' : 'no';
}

function sentStartMs(ev: RunEvent): number | undefined {
  const { startDate, startTime } = ev.sent.fields;
  if (typeof startDate === 'string') {
    const t = typeof startTime === 'string' ? startTime.replace(/Z$/i, '') : '00:00';
    const ms = Date.parse(`${startDate}T${t.length === 5 ? `${t}:00` : t}Z`);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/**
 * Start times of an event for the start / technical_start filters. `start` may be read as the bibliographic start
 * (sent startDate/startTime, else the schedule) and the event's `start`; technical_start only from the schedule
 * (sent, or the server's scheduling member): the event's `start` is technical only below 1.4.0, so it is not used.
 */
function timeReadings(ev: RunEvent, name: string): number[] {
  const out: (number | undefined)[] = [];
  const sched = ev.sent.scheduling?.start !== undefined ? Date.parse(ev.sent.scheduling.start) : undefined;
  const serverStart = typeof ev.server?.start === 'string' ? Date.parse(ev.server.start) : undefined;
  const serverSched = ev.server ? getPath(ev.server, 'scheduling.start') : undefined;
  if (name === 'start') {
    out.push(sentStartMs(ev) ?? sched, serverStart);
  } else {
    out.push(sched, typeof serverSched === 'string' ? Date.parse(serverSched) : undefined);
  }
  return out.filter((x): x is number => x !== undefined && !Number.isNaN(x));
}

/** `<datetime>/<datetime>`: yes when strictly inside under every reading, no when strictly outside. */
function rangeMatch(ev: RunEvent, name: string, value: string): Tri {
  const [a, b, extra] = value.split('/');
  const from = Date.parse(a ?? '');
  const to = Date.parse(b ?? '');
  if (extra !== undefined || Number.isNaN(from) || Number.isNaN(to) || from >= to) return 'maybe';
  const ts = timeReadings(ev, name);
  if (ts.length === 0) return 'maybe';
  // Each start as the server may keep it (exact, or the second cut or rounded: src/spec/precision.ts).
  const forms = ts.flatMap(shownForms);
  if (forms.every((t) => t > from && t < to)) return 'yes';
  return forms.every((t) => t < from || t > to) ? 'no' : 'maybe';
}

/** Whether one filter entry `name:value` matches an event. */
export function entryMatch(ev: RunEvent, name: string, value: string): Tri {
  if (name === 'textFilter') return textMatch(ev, value);
  if (name === 'start' || name === 'technical_start') return rangeMatch(ev, name, value);
  return fieldMatch(ev, name, value);
}

export function triAnd(ts: Tri[]): Tri {
  if (ts.includes('no')) return 'no';
  return ts.every((t) => t === 'yes') ? 'yes' : 'maybe';
}

export function triOr(ts: Tri[]): Tri {
  if (ts.includes('yes')) return 'yes';
  return ts.every((t) => t === 'no') ? 'no' : 'maybe';
}

/** Filter entries of the `filter` query parameter(s) of a URL: name → values, in order (value after the first ':'). */
export function filterEntries(url: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  let params: string[];
  try {
    params = new URL(url).searchParams.getAll('filter');
  } catch {
    return groups;
  }
  for (const raw of params.flatMap((p) => p.split(','))) {
    const i = raw.indexOf(':');
    if (i < 0) continue;
    const name = raw.slice(0, i).trim();
    groups.set(name, [...(groups.get(name) ?? []), raw.slice(i + 1)]);
  }
  return groups;
}

/** Whether an event must (yes) or must not (no) be listed for the filter: keywords ANDed, repeats per `mode`. */
export function eventMatch(ev: RunEvent, groups: Map<string, string[]>, mode: RepeatMode): Tri {
  const perGroup = [...groups.entries()].map(([name, values]) => {
    const ts = values.map((v) => entryMatch(ev, name, v));
    if (mode === 'or') return triOr(ts);
    if (mode === 'and') return triAnd(ts);
    const and = triAnd(ts);
    const or = triOr(ts);
    return and === 'yes' ? 'yes' : or === 'no' ? 'no' : 'maybe';
  });
  return triAnd(perGroup);
}
