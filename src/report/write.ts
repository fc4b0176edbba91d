/** The only reporter module that does I/O (house-style §9.3): renders each format once and writes it. */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RunResult } from '../model/index.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';

export interface WriteReportsOptions {
  /** Folder for results.json, report.xml and index.html, e.g. reports/<runId>/ (omit to write only explicit paths). */
  dir?: string;
  /** A second folder that receives the same three files, e.g. reports/latest/. */
  latestDir?: string;
  /** Extra explicit paths (`--json`, `--junit`, `--html`). */
  json?: string;
  junit?: string;
  html?: string;
}

export const REPORT_FILES = { json: 'results.json', junit: 'report.xml', html: 'index.html' } as const;

/** Write via a temporary file and rename, so a reader never sees half a report. */
async function put(path: string, text: string): Promise<string> {
  const abs = resolve(path);
  await mkdir(dirname(abs), { recursive: true });
  const tmp = `${abs}.${process.pid}.tmp`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, abs);
  return abs;
}

/** Writes every report; returns the absolute paths written, in order. */
export async function writeReports(run: RunResult, opts: WriteReportsOptions): Promise<{ files: string[] }> {
  const text = { json: renderJson(run), junit: renderJunit(run), html: renderHtml(run) };
  const targets: [string, string][] = [];
  for (const dir of [opts.dir, opts.latestDir]) {
    if (dir === undefined) continue;
    for (const kind of ['json', 'junit', 'html'] as const) targets.push([join(dir, REPORT_FILES[kind]), text[kind]]);
  }
  for (const kind of ['json', 'junit', 'html'] as const) {
    const path = opts[kind];
    if (path !== undefined) targets.push([path, text[kind]]);
  }
  const files: string[] = [];
  for (const [path, body] of targets) {
    const abs = resolve(path);
    if (!files.includes(abs)) files.push(await put(abs, body));
  }
  return { files };
}
