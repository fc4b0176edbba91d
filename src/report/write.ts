/** The only reporter module that does I/O (house-style §9.3): renders each format once and writes it. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RunResult } from '../model/index.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';

export interface WriteReportsOptions {
  /** Folder for results.json, report.xml and index.html, e.g. reports/<runId>/ (omit to write only explicit paths). */
  dir?: string;
  /** A second folder that receives the same files, e.g. reports/latest/ (stale files of other kinds are removed). */
  latestDir?: string;
  /** The kinds written to `dir` and `latestDir` (default all three). */
  kinds?: readonly ReportKind[];
  /** Extra explicit paths (`--json`, `--junit`, `--html`). */
  json?: string;
  junit?: string;
  html?: string;
}

export const REPORT_FILES = { json: 'results.json', junit: 'report.xml', html: 'index.html' } as const;
export type ReportKind = keyof typeof REPORT_FILES;
const KINDS: readonly ReportKind[] = ['json', 'junit', 'html'];

/** Write via a temporary file and rename, so a reader never sees half a report. */
async function put(path: string, text: string): Promise<string> {
  const abs = resolve(path);
  await mkdir(dirname(abs), { recursive: true });
  const tmp = `${abs}.${process.pid}.tmp`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, abs);
  return abs;
}

/**
 * Writes results.json to `paths` at once, synchronously (tmp file and rename): a partial record of a run that may be
 * killed before it ends (RunResult.partial). The run's final reports overwrite it.
 */
export function writeJsonNow(run: RunResult, paths: readonly string[]): void {
  const text = renderJson(run);
  for (const path of new Set(paths.map((p) => resolve(p)))) {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text, 'utf8');
    renameSync(tmp, path);
  }
}

/**
 * Writes every report, each kind rendered once; returns the absolute paths written, in order (each once).
 * `latestDir` mirrors `dir`: a kind not written this time is removed there, so it never shows an older run.
 */
export async function writeReports(run: RunResult, opts: WriteReportsOptions): Promise<{ files: string[] }> {
  const kinds = opts.kinds ?? KINDS;
  const cache = new Map<ReportKind, string>();
  const render = { json: renderJson, junit: renderJunit, html: renderHtml };
  const text = (kind: ReportKind) => cache.get(kind) ?? cache.set(kind, render[kind](run)).get(kind)!;
  const targets: [string, ReportKind][] = [];
  for (const dir of [opts.dir, opts.latestDir]) {
    if (dir === undefined) continue;
    for (const kind of KINDS) if (kinds.includes(kind)) targets.push([join(dir, REPORT_FILES[kind]), kind]);
  }
  for (const kind of KINDS) {
    const path = opts[kind];
    if (path !== undefined) targets.push([path, kind]);
  }
  const files: string[] = [];
  for (const [path, kind] of targets) {
    const abs = resolve(path);
    if (!files.includes(abs)) files.push(await put(abs, text(kind)));
  }
  if (opts.latestDir !== undefined) {
    for (const kind of KINDS) {
      const stale = resolve(opts.latestDir, REPORT_FILES[kind]);
      if (!files.includes(stale)) await rm(stale, { force: true });
    }
  }
  return { files };
}
