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
