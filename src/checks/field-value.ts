/**
 * Comparing a metadata field value read back with the value sent (spec § Metadata catalog: "value | string or
 * array[string]"). Text compares exactly. A list compares as a multiset (no order is promised); a server may also
 * answer a list field with one string, its values joined by commas (the field's type allows a string), which then
 * compares as the multiset of its comma-separated parts (lossy where a value holds a comma itself, so both sides
 * are split the same way). An array answered for a list is compared strictly: a server that splits a value at its
 * commas into several array elements still fails.
 */
export function sameFieldValue(sent: string | readonly string[], got: unknown): boolean {
  if (typeof sent === 'string') return got === sent;
  if (typeof got === 'string') return sameMultiset(commaParts(sent), commaParts([got]));
  if (!Array.isArray(got)) return false;
  return sameMultiset(sent, got.map(String));
}

/** The values of list values some of which may be one comma-joined string ("a, b" → a, b). */
export function commaParts(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/** startDate `YYYY-MM-DD` + startTime `HH:MM[:SS][Z]` (spec § Metadata field: "format time with UTC designator"). */
export function catalogStartMs(fields: unknown): number | undefined {
  if (!Array.isArray(fields)) return undefined;
  const value = (id: string) => (fields.find((f) => (f as { id?: unknown } | null)?.id === id) as { value?: unknown } | undefined)?.value;
  const date = value('startDate');
  const time = value('startTime');
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date.trim())) return undefined;
  const t = typeof time === 'string' ? time.trim().replace(/Z$/i, '') : '00:00:00';
  if (!/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t)) return undefined;
  const ms = Date.parse(`${date.trim()}T${t.length === 5 ? `${t}:00` : t}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}
