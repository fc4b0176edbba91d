import type { Scenario, ScenarioFile } from '../model/index.js';

/** Whether a pattern (exact, prefix with trailing "*", or "*" anywhere) matches a rule or scenario id. */
export function matches(pattern: string, id: string): boolean {
  if (!pattern.includes('*')) return pattern === id;
  const re = new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(id);
}

/** The --only patterns that match none of `ids` (rule, scenario, property and stage ids): each is a usage error. */
export function unmatchedPatterns(only: readonly string[] | undefined, ids: Iterable<string>): string[] {
  if (!only?.length) return [];
  const all = [...ids];
  return only.filter((p) => !all.some((id) => matches(p, id)));
}

/**
 * Applies --only: a pattern naming a scenario keeps it whole; a pattern naming rules keeps the scenarios that
 * check those rules, with only those rules' expectations.
 */
export function selectScenarios(files: ScenarioFile[], only?: string[]): Scenario[] {
  const all = files.flatMap((f) => f.scenarios);
  if (!only || only.length === 0) return all;
  const out: Scenario[] = [];
  for (const s of all) {
    if (only.some((p) => matches(p, s.id))) {
      out.push(s);
      continue;
    }
    const rules = s.rules.filter((r) => only.some((p) => matches(p, r)));
    if (rules.length === 0) continue;
    out.push({
      ...s,
      rules,
      steps: s.steps.map((st) => ({ ...st, expect: st.expect.filter((e) => rules.includes(e.rule)) })),
    });
  }
  return out;
}
