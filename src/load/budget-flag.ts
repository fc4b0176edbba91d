import { UsageError } from '../config/errors.js';
import type { LoadBudget } from '../model/index.js';

/** The budget keys a profile holds (profiles.yaml `budgets:`). */
export const BUDGET_KEYS = ['p99Ms', 'minRps', 'maxErrorRate'] as const;
export type BudgetKey = (typeof BUDGET_KEYS)[number];

const NAMES: Record<string, BudgetKey> = { p99: 'p99Ms', p99ms: 'p99Ms', rps: 'minRps', minrps: 'minRps', errors: 'maxErrorRate', maxerrorrate: 'maxErrorRate' };

/**
 * `--budget p99=250,rps=50,errors=0.01`: the user's budgets, for every load profile (they replace the profiles
 * file's values). p99 in ms (`250` or `250ms`), rps in requests/s, errors a rate (`0.01` or `1%`).
 */
export function parseBudgetFlag(text: string): LoadBudget {
  const out: LoadBudget = {};
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) throw new UsageError('--budget needs at least one of p99=MS, rps=N, errors=RATE (e.g. --budget p99=250,rps=50)');
  for (const entry of entries) {
    const [rawKey, rawValue = ''] = entry.split('=', 2).map((s) => s.trim());
    const key = NAMES[rawKey.toLowerCase()];
    if (!key) throw new UsageError(`--budget: unknown budget "${rawKey}" (use p99, rps, errors)`);
    if (key === 'p99Ms') {
      const n = Number(rawValue.replace(/ms$/i, ''));
      if (!Number.isFinite(n) || n <= 0 || rawValue === '') throw new UsageError(`--budget: p99 must be a positive number of milliseconds (got "${rawValue}")`);
      out.p99Ms = n;
    } else if (key === 'minRps') {
      const n = Number(rawValue);
      if (!Number.isFinite(n) || n < 0 || rawValue === '') throw new UsageError(`--budget: rps must be a number of requests per second, 0 or more (got "${rawValue}")`);
      out.minRps = n;
    } else {
      const pct = rawValue.endsWith('%');
      const n = Number(pct ? rawValue.slice(0, -1) : rawValue) / (pct ? 100 : 1);
      if (!Number.isFinite(n) || n < 0 || n > 1 || rawValue === '') throw new UsageError(`--budget: errors must be a rate from 0 to 1, or a percentage (got "${rawValue}")`);
      out.maxErrorRate = n;
    }
  }
  return out;
}
