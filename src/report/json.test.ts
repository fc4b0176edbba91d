import { describe, expect, it } from 'vitest';
import type { RunResult } from '../model/index.js';
import { reportFixture, SECRET } from './fixtures.js';
import { renderJson } from './json.js';
import { redactRun } from '../redact/patterns.js';

describe('renderJson', () => {
  const run = reportFixture();
  const text = renderJson(run);
  const parsed = JSON.parse(text) as RunResult;

  it('is the redacted run, losslessly (JSON.parse gives back the same data)', () => {
    expect(parsed).toEqual(JSON.parse(JSON.stringify(redactRun(run))));
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('uses the member order of ARCHITECTURE.md § Contracts regardless of input order', () => {
    const shuffled = Object.fromEntries(Object.entries(run).reverse()) as unknown as RunResult;
    shuffled.results = run.results.map((r) => Object.fromEntries(Object.entries(r).reverse()) as unknown as typeof r);
    const again = renderJson(shuffled);
    expect(again).toBe(text);
    expect(Object.keys(parsed).slice(0, 9)).toEqual(['tool', 'runId', 'startedAt', 'durationMs', 'timing', 'target', 'seed', 'command', 'summary']);
    expect(Object.keys(parsed.results[0]).slice(0, 7)).toEqual(['id', 'rule', 'level', 'apiVersion', 'endpoint', 'outcome', 'message']);
  });

  it('contains no credential', () => {
    expect(text).not.toContain(SECRET.split(' ')[1]);
    expect(text).not.toContain('s3cret');
    expect(parsed.command).toBe('evconf run --api-version all --auth admin:<redacted> --seed 4242');
  });
});
