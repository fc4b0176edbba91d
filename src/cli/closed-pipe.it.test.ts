import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/evconf.mjs', import.meta.url));

/** `evconf rules | head -1`: the reader closes the pipe after one line; the command ends quietly, no stack trace. */
function rulesIntoClosedPipe(): Promise<{ code: number | null; stderr: string; first: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'rules'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.once('data', (d: Buffer) => {
      first = d.toString().split('\n')[0] ?? '';
      child.stdout.destroy();
    });
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => { clearTimeout(kill); resolve({ code, stderr, first }); });
  });
}

describe('CLI: a reader that closes the pipe early', () => {
  it('ends the output, not the command: exit 0, nothing on stderr', async () => {
    const run = await rulesIntoClosedPipe();
    expect(run.first).toMatch(/^rule\s+level/);
    expect(run.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(run.code).toBe(0);
  }, 40_000);
});
