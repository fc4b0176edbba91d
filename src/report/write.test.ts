import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportFixture } from './fixtures.js';
import { renderJson } from './json.js';
import { writeReports } from './write.js';

describe('writeReports', () => {
  let root = '';
  afterAll(async () => { if (root) await rm(root, { recursive: true, force: true }); });

  it('writes the three reports into dir and latestDir, plus explicit paths, creating folders', async () => {
    root = await mkdtemp(join(tmpdir(), 'evconf-report-'));
    const run = reportFixture();
    const { files } = await writeReports(run, {
      dir: join(root, 'reports', run.runId), latestDir: join(root, 'reports', 'latest'),
      json: join(root, 'ci', 'out.json'), html: join(root, 'ci', 'deep', 'r.html'),
    });
    expect(files.map((f) => f.slice(root.length))).toEqual([
      `/reports/${run.runId}/results.json`, `/reports/${run.runId}/report.xml`, `/reports/${run.runId}/index.html`,
      '/reports/latest/results.json', '/reports/latest/report.xml', '/reports/latest/index.html',
      '/ci/out.json', '/ci/deep/r.html',
    ]);
    expect(await readFile(join(root, 'reports', 'latest', 'results.json'), 'utf8')).toBe(renderJson(run));
    expect(await readFile(join(root, 'ci', 'deep', 'r.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('writes only the chosen kinds and removes the others from latestDir, so it never mixes two runs', async () => {
    const base = await mkdtemp(join(tmpdir(), 'evconf-report-'));
    try {
      const run = reportFixture();
      const latest = join(base, 'latest');
      await writeReports(run, { dir: join(base, 'a'), latestDir: latest });
      const { files } = await writeReports(run, { dir: join(base, 'b'), latestDir: latest, kinds: ['junit'], json: join(base, 'x.json') });
      expect(files.map((f) => f.slice(base.length))).toEqual(['/b/report.xml', '/latest/report.xml', '/x.json']);
      expect((await readdir(latest)).sort()).toEqual(['report.xml']);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
