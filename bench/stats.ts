/** min / median / max of repeated measurements (ecosystem §4: compare configurations only across repeated runs). */
export interface Spread {
  min: number;
  median: number;
  max: number;
  runs: number[];
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function spread(values: number[]): Spread {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { min: r2(s[0]), median: r2(mid), max: r2(s[s.length - 1]), runs: values.map(r2) };
}

/** Ratios of paired runs (run i of a over run i of b), as a spread. */
export function ratioSpread(a: number[], b: number[]): Spread {
  return spread(a.map((x, i) => Math.round((x / b[i]) * 1000) / 1000));
}

export function showSpread(s: Spread, unit = ''): string {
  return `median ${s.median}${unit} (min ${s.min}, max ${s.max}; runs ${s.runs.join(', ')})`;
}
