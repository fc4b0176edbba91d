import { describe, expect, it } from 'vitest';
import { renderProgressLine, renderSummary } from './console.js';
import { reportFixture, SECRET } from './fixtures.js';

const ANSI = /\u001b\[/;

describe('renderSummary', () => {
  const run = reportFixture();
  const plain = renderSummary(run, { color: false });
  const lines = plain.split('\n');

  it('starts with one verdict line per version', () => {
    expect(lines[1]).toMatch(/^1\.5\.0\s+✔ conformant\s+9 passed, 0 failed, 1 warned, 2 skipped$/);
    expect(lines[2]).toMatch(/^1\.6\.0\s+✘ not conformant\s+7 passed, 3 failed, 1 warned, 2 skipped, 1 error$/);
  });

  it('lists the untested MUST rules with why (accepted gaps marked), and an incomplete version says so', () => {
    expect(plain).toMatch(/Untested MUST rules \(2\)\n  accepted acl\.user\.read \[1\.5\.0, 1\.6\.0\]  no non-admin credentials given \(--user-auth\)/);
    const incomplete = { ...run, verdicts: run.verdicts!.map((v) => ({ ...v, verdict: 'incomplete' as const, conformant: false, untested: v.untested.map((u) => ({ rule: u.rule, reason: u.reason })) })) };
    const text = renderSummary({ ...incomplete, verdicts: [incomplete.verdicts[0]] }, { color: false });
    expect(text).toMatch(/^1\.5\.0\s+◌ incomplete\s+9 passed.*\(2 MUST rules untested\)$/m);
    expect(text).toMatch(/  ○ acl\.user\.read \[1\.5\.0\]  no non-admin credentials given/);
  });

  it('lists failures with message, the decisive exchange and curl line', () => {
    const i = lines.findIndex((l) => l.includes('✘ events.list.limit'));
    expect(i).toBeGreaterThan(0);
    expect(lines.slice(i, i + 5).join('\n')).toMatch(/limit=2 returned 3 events\n\s+GET http:\/\/127\.0\.0\.1:8080\/api\/events\?limit=2 → 200 .*\n\s+\$ curl /);
  });

  it('groups skips by reason with counts, groups warnings across versions', () => {
    expect(plain).toMatch(/2× no non-admin credentials given \(--user-auth\)/);
    expect(plain).toMatch(/2× server cannot publish/);
    expect(plain).toMatch(/events\.scheduled\.instantiated \[1\.5\.0, 1\.6\.0\]/);
  });

  it('shows the load table and leftovers, and no credential', () => {
    expect(plain).toMatch(/list\s+1\.6\.0\s+10\s+52000\s+5200\s+1\s+3\s+4\s+24/);
    // The same columns as `evconf load` prints (src/report/load-table.ts).
    expect(plain).toMatch(/profile\s+API\s+conn\s+requests\s+req\/s\s+p50 ms\s+p90 ms\s+p99 ms\s+max ms\s+errors\s+non-2xx\s+bodies ok\s+gen CPU\s+outcome/);
    expect(plain).toContain('p99 72 ms exceeds the budget of 50 ms');
    expect(plain).toContain('ev-leftover-1');
    expect(plain).not.toContain(SECRET);
  });

  it('uses ANSI colours only when asked', () => {
    expect(plain).not.toMatch(ANSI);
    expect(renderSummary(run, { color: true })).toMatch(ANSI);
  });
});

describe('renderProgressLine', () => {
  it('shows phase, version, bar, counts and failures', () => {
    expect(renderProgressLine({ phase: 'scenarios', version: '1.6.0', done: 5, total: 10, failed: 2 }))
      .toBe('scenarios 1.6.0 [██████████░░░░░░░░░░] 5/10  50%  2 failed');
    expect(renderProgressLine({ phase: 'stateful', done: 3, total: 0, failed: 0 })).toBe('stateful 3 done');
  });
});
