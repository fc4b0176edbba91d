import { badRequest, type EpisodeValues } from './types.js';
import { hms, isoDate, isoSeconds, isoTime, parseDate, parseDateTime, parseDuration, parseTimeOfDay, toSeconds } from './time.js';

/** The dublincore/episode catalog (spec § Metadata catalog; field ids from opencast-reality.md). */
export const EPISODE_FLAVOR = 'dublincore/episode';
export const EPISODE_LABEL = 'EVENTS.EVENTS.DETAILS.CATALOG.EPISODE';

type TextKey = 'title' | 'description' | 'language' | 'rightsHolder' | 'license' | 'isPartOf' | 'location' | 'source';
type ListKey = 'subjects' | 'creator' | 'contributor';

interface FieldDef {
  id: string;
  label: string;
  type: string;
  required?: boolean;
  readOnly?: boolean;
}

const L = 'EVENTS.EVENTS.DETAILS.METADATA.';
export const EPISODE_FIELDS: readonly FieldDef[] = [
  { id: 'title', label: L + 'TITLE', type: 'text', required: true },
  { id: 'subjects', label: L + 'SUBJECT', type: 'text' },
  { id: 'description', label: L + 'DESCRIPTION', type: 'text_long' },
  { id: 'language', label: L + 'LANGUAGE', type: 'text' },
  { id: 'rightsHolder', label: L + 'RIGHTS', type: 'text' },
  { id: 'license', label: L + 'LICENSE', type: 'text' },
  { id: 'isPartOf', label: L + 'SERIES', type: 'text' },
  { id: 'creator', label: L + 'PRESENTERS', type: 'mixed_text' },
  { id: 'contributor', label: L + 'CONTRIBUTORS', type: 'mixed_text' },
  { id: 'startDate', label: L + 'START_DATE', type: 'date' },
  { id: 'startTime', label: L + 'START_TIME', type: 'time' },
  { id: 'duration', label: L + 'DURATION', type: 'text' },
  { id: 'location', label: L + 'LOCATION', type: 'text' },
  { id: 'source', label: L + 'SOURCE', type: 'text' },
  { id: 'created', label: L + 'CREATED', type: 'date', readOnly: true },
  { id: 'identifier', label: L + 'ID', type: 'text', readOnly: true },
];

const TEXT_KEYS = new Set<string>(['title', 'description', 'language', 'rightsHolder', 'license', 'isPartOf', 'location', 'source']);
const LIST_KEYS = new Set<string>(['subjects', 'creator', 'contributor']);
const READ_ONLY = new Set<string>(['created', 'identifier']);

export function emptyEpisode(): EpisodeValues {
  return {
    title: '', subjects: [], description: '', language: '', rightsHolder: '', license: '',
    isPartOf: '', creator: [], contributor: [], location: '', source: '',
  };
}

export function copyEpisode(e: EpisodeValues): EpisodeValues {
  return { ...e, subjects: [...e.subjects], creator: [...e.creator], contributor: [...e.contributor] };
}

/** One field as sent: {id, value}. */
export interface FieldInput {
  id: string;
  value: unknown;
}

function text(f: FieldInput): string {
  const v = f.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest(`metadata field '${f.id}' takes a string value`);
}

function list(f: FieldInput, splitCommas: boolean): string[] {
  const v = f.value;
  if (v === null || v === undefined) return [];
  if (typeof v === 'string') {
    if (splitCommas) return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
    return v === '' ? [] : [v];
  }
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || x === null)) {
    return v.filter((x): x is string => typeof x === 'string');
  }
  throw badRequest(`metadata field '${f.id}' takes an array of strings`);
}

/** Start parts collected from startDate/startTime, combined once after all fields are read. */
interface StartPatch {
  dayMs?: number;
  todMs?: number;
  clear?: boolean;
}

function applyStartDate(f: FieldInput, p: StartPatch): void {
  const s = text(f).trim();
  if (s === '') { p.clear = true; return; }
  const day = parseDate(s);
  if (day !== undefined) { p.dayMs = day; return; }
  const full = parseDateTime(s);
  if (full === undefined) throw badRequest(`metadata field 'startDate' must be a date YYYY-MM-DD, got '${s}'`);
  p.dayMs = parseDate(isoDate(full));
  p.todMs ??= full - (p.dayMs ?? 0);
}

function applyStartTime(f: FieldInput, p: StartPatch): void {
  const s = text(f).trim();
  if (s === '') return;
  const tod = parseTimeOfDay(s);
  if (tod === undefined) throw badRequest(`metadata field 'startTime' must be a time HH:MM[:SS][Z], got '${s}'`);
  p.todMs = tod;
}

/**
 * Applies sent fields of dublincore/episode to a copy of `current` (nothing is changed on error).
 * `defaultStartMs` is the start used when only one of startDate/startTime is sent and none was set.
 * `strict` rejects an empty value for a required field (updates; creation is lenient as in Opencast).
 */
export function applyEpisode(current: EpisodeValues, fields: FieldInput[], defaultStartMs: number, strict: boolean): EpisodeValues {
  const next = copyEpisode(current);
  const start: StartPatch = {};
  for (const f of fields) {
    if (TEXT_KEYS.has(f.id)) next[f.id as TextKey] = text(f);
    else if (LIST_KEYS.has(f.id)) next[f.id as ListKey] = list(f, false);
    else if (f.id === 'subject') next.subjects = list(f, true);
    else if (f.id === 'startDate') applyStartDate(f, start);
    else if (f.id === 'startTime') applyStartTime(f, start);
    else if (f.id === 'duration') {
      const raw = f.value === null || f.value === '' ? undefined : f.value;
      const ms = raw === undefined ? undefined : parseDuration(raw);
      if (raw !== undefined && ms === undefined) throw badRequest(`metadata field 'duration' must be HH:MM:SS or milliseconds`);
      next.durationMs = ms;
    } else if (!READ_ONLY.has(f.id)) {
      throw badRequest(`unknown metadata field '${f.id}' in catalog '${EPISODE_FLAVOR}'`);
    }
  }
  if (strict && next.title.trim() === '' && fields.some((f) => f.id === 'title')) {
    throw badRequest(`metadata field 'title' is required and must not be empty`);
  }
  if (start.clear && start.dayMs === undefined) next.startMs = undefined;
  else if (start.dayMs !== undefined || start.todMs !== undefined) {
    const base = toSeconds(next.startMs ?? defaultStartMs);
    const baseDay = parseDate(isoDate(base)) ?? 0;
    // Kept to the second under every datetime-precision: startTime is a time of day (HH:MM:SS) in the catalog.
    next.startMs = toSeconds((start.dayMs ?? baseDay) + (start.todMs ?? base - baseDay));
  }
  return next;
}

/** Derived values the catalog shows besides the stored ones. */
export interface EpisodeView {
  id: string;
  createdMs: number;
  startMs: number;
  durationMs: number;
}

function valueOf(id: string, e: EpisodeValues, v: EpisodeView): string | string[] {
  switch (id) {
    case 'startDate': return isoDate(v.startMs);
    case 'startTime': return isoTime(v.startMs);
    case 'duration': return hms(v.durationMs);
    case 'created': return isoSeconds(v.createdMs);
    case 'identifier': return v.id;
    default: {
      const val = (e as unknown as Record<string, string | string[]>)[id];
      return Array.isArray(val) ? [...val] : val;
    }
  }
}

/** The fields of dublincore/episode as returned (id, label, value, type, readOnly, required). */
export function episodeFields(e: EpisodeValues, v: EpisodeView): Record<string, unknown>[] {
  return EPISODE_FIELDS.map((d) => ({
    id: d.id,
    label: d.label,
    value: valueOf(d.id, e, v),
    type: d.type,
    readOnly: d.readOnly === true,
    required: d.required === true,
  }));
}
