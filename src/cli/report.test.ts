import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '../report/fixtures.js';
import { runCli } from '../selftest/cli-process.js';

// Design §3/§9: `evconf report FILE.json` re-renders HTML and JUnit from a results file; reporters only read results.
describe('CLI: evconf report', () => {
  it('renders index.html and report.xml beside the results file and leaves the results file untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evconf-report-'));
    const file = join(dir, 'results.json');
    const text = JSON.stringify(reportFixture(), null, 1);
    writeFileSync(file, text);
    const run = await runCli(['report', file], { killAfterMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('<!doctype html>');
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(existsSync(join(dir, 'latest'))).toBe(false);
  });
});
