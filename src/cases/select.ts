import type { PhaseEnv } from './phase-env.js';

/** Whether a --only pattern (exact, or with `*` wildcards) matches an id (same semantics as the scenario phase). */
export function matchesPattern(pattern: string, id: string): boolean {
  if (!pattern.includes('*')) return pattern === id;
  const re = new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(id);
}

/** The stage's rules that apply to the version, narrowed by --only (the stage id keeps them all). */
export function selectedStageRules(env: PhaseEnv, stageId: string, rules: readonly string[]): string[] {
  const applicable = [...new Set(rules)].filter((id) => {
    const rule = env.book.get(id);
    return rule !== undefined && env.book.appliesTo(rule, env.version);
  });
  const only = env.config.only;
  if (!only || only.length === 0 || only.some((p) => matchesPattern(p, stageId))) return applicable;
  return applicable.filter((id) => only.some((p) => matchesPattern(p, id)));
}
