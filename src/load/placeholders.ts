import { keywordOf, locationOf, seriesOf, titleOf, VARIANTS, type SeedPlan } from './seed-plan.js';
import { isoUtc } from '../spec/datetime.js';

/**
 * Placeholders in profile queries name values of the run's seeded events, which exist only at run time:
 * `${tag}`, `${title.K}`, `${location.K}`, `${series.K}`, `${word.K}` (textFilter keyword), `${start.P}` (the seeded
 * start dates at P percent of their span, 0–100) and `${offset.P}` (P percent of the seeded count).
 */

const PATTERN = /\$\{([a-z]+)(?:\.(\d+))?\}/g;

const BOUNDS: Record<string, number | undefined> = {
  tag: undefined,
  title: VARIANTS.title - 1,
  location: VARIANTS.location - 1,
  series: VARIANTS.series - 1,
  word: VARIANTS.word - 1,
  start: 100,
  offset: 100,
};

/** Problems with the placeholders of one value ([] = fine); checked when the profiles file is loaded. */
export function placeholderProblems(value: string): string[] {
  const problems: string[] = [];
  const rest = value.replace(PATTERN, (whole, name: string, arg: string | undefined) => {
    if (!(name in BOUNDS)) {
      problems.push(`unknown placeholder ${whole} (known: \${tag}, \${title.K}, \${location.K}, \${series.K}, \${word.K}, \${start.P}, \${offset.P})`);
      return '';
    }
    const max = BOUNDS[name];
    if (max === undefined && arg !== undefined) problems.push(`placeholder ${whole} takes no number`);
    if (max !== undefined && (arg === undefined || Number(arg) > max)) problems.push(`placeholder ${whole} needs a number 0–${max}`);
    return '';
  });
  if (rest.includes('${')) problems.push(`malformed placeholder in "${value}" (write e.g. \${title.3})`);
  return problems;
}

function valueOf(plan: SeedPlan, name: string, n: number): string {
  switch (name) {
    case 'tag': return plan.tag;
    case 'title': return titleOf(plan.tag, n);
    case 'location': return locationOf(plan.tag, n);
    case 'series': return seriesOf(plan.tag, n);
    case 'word': return keywordOf(plan.word, n);
    case 'start': return isoUtc(plan.t0Ms + Math.floor((n / 100) * Math.max(0, plan.count - 1)) * 3_600_000);
    case 'offset': return String(Math.floor((n / 100) * plan.count));
    default: throw new Error(`evconf bug: placeholder ${name} passed validation`);
  }
}

/** Replaces every placeholder by this run's value. */
export function resolvePlaceholders(value: string, plan: SeedPlan): string {
  return value.replace(PATTERN, (_w, name: string, arg: string | undefined) => valueOf(plan, name, Number(arg ?? 0)));
}
