import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '../report/fixtures.js';
import { runCli } from '../selftest/cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-compare-cli-'));
const a = join(dir, 'a.json');
const b = join(dir, 'b.json');
const fixture = reportFixture();
writeFileSync(a, JSON.stringify(fixture));
writeFileSync(b, JSON.stringify({ ...fixture, runId: 'run-b', results: fixture.results.map((r) => (r.rule === 'events.list.limit' ? { ...r, outcome: 'pass' } : r)) }));
const notResults = join(dir, 'not.json');
writeFileSync(notResults, '{"hello": 1}');
const notJson = join(dir, 'broken.json');
writeFileSync(notJson, '{"tool": ');

describe('CLI: evconf compare', () => {
  it('prints the summary, writes the page and the JSON, exits 0', async () => {
    const html = join(dir, 'out', 'compare.html');
    const json = join(dir, 'out', 'diff.json');
    const run = await runCli(['compare', a, b, '--label', 'before', '--label', 'after', '--html', html, '--json', json], { killAfterMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 rule differs: 1 newly passing$/m);
    expect(run.stdout).toMatch(/newly passing \(1\):\n {4}events\.list\.limit \[1\.6\.0\]/);
    expect(existsSync(html)).toBe(true);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({ differences: [{ rule: 'events.list.limit', states: { before: 'fail', after: 'pass' } }] });
  });

  it('--format json without --json: the differences on stdout, nothing else there', async () => {
    const run = await runCli(['compare', a, b, '--format', 'json'], { killAfterMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ headline: '1 rule differs: 1 newly passing' });
  });

  it.each([
    ['one file', ['compare', a], /give two results files or more \(got 1\)/],
    ['a missing file', ['compare', a, join(dir, 'none.json')], /cannot read results .*none\.json: ENOENT/],
    ['a file that is not JSON', ['compare', a, notJson], /cannot read results .*broken\.json: not JSON/],
    ['JSON that is no results file', ['compare', a, notResults], /not\.json is not an evconf results file/],
    ['more labels than files', ['compare', a, b, '--label', 'x', '--label', 'y', '--label', 'z'], /--label: 3 labels for 2 results files/],
    ['the same label twice', ['compare', a, b, '--label', 'x', '--label', 'x'], /two runs are labelled "x"/],
    ['an unknown format', ['compare', a, b, '--format', 'pdf'], /--format: unknown format "pdf"/],
    ['a missing baseline', ['run', '--baseline', join(dir, 'none.json')], /cannot read baseline .*none\.json: ENOENT/],
    ['a baseline that is no results file', ['run', '--baseline', notResults], /is not an evconf results file \(baseline\)/],
    ['a bad --baseline-tolerance', ['run', '--baseline', a, '--baseline-tolerance', 'lots'], /--baseline-tolerance must be a whole number/],
  ])('bad input, exit 2 and one line: %s', async (_, args, message) => {
    const run = await runCli(args, { killAfterMs: 30_000 });
    expect(run.killed).toBe(false);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^evconf: /);
    expect(lines[0]).toMatch(message);
  });
});
