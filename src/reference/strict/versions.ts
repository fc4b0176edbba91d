/**
 * Version numbers as the double's tables write them (`1.9.0`, `1.11.0`), compared by their numbers, never as
 * text: 1.10.0 is newer than 1.9.0 (spec § Versioning "numbers of the form 1.x.0"; the addendum's versions
 * 1.7.0 to 1.11.0). The tables hold versions the served list may not have yet, so they are plain strings here.
 */

/** The numbers of a version; a text that is none (the report's `unsupported`) sorts before every version. */
function parts(v: string): number[] {
  return v.split('.').map((p) => {
    const n = Number.parseInt(p, 10);
    return Number.isNaN(n) ? -1 : n;
  });
}

/** Negative when a is older than b, 0 when equal, positive when newer; numeric per component. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** True when `v` is `min` or newer. */
export function versionAtLeast(v: string, min: string): boolean {
  return compareVersions(v, min) >= 0;
}

/** The newest of a list of versions. */
export function newestVersion(list: readonly string[]): string {
  return [...list].sort(compareVersions)[list.length - 1];
}
