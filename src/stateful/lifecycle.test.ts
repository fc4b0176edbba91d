import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../spec/paths.js';
import { COMMAND_NAMES, lifecycleFile, loadLifecycle } from './lifecycle.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-lifecycle-'));
function file(text: string): string {
  const f = join(dir, `l${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(f, text);
  return f;
}

describe('suites/stateful/lifecycle.yaml', () => {
  it('the shipped file loads with every command', () => {
    const life = loadLifecycle(lifecycleFile(SUITES_DIR));
    expect([...life.commands].sort()).toEqual([...COMMAND_NAMES].sort());
    expect(life.maxCommands).toBeGreaterThan(0);
  });

  it.each([
    ['commands: [create, fly]\n', /:1: commands: unknown command "fly"/],
    ['commands: [list]\n', /commands: must include "create"/],
    ['commands: [create]\nmaxCommands: 0\n', /:2: maxCommands: must be an integer from 1 to 200/],
    ['commands: [create]\nextraCatalog: dublincore/episode\n', /extraCatalog: must be a flavor/],
    ['commands: [create]\nsize: 3\n', /:2: unknown key "size"/],
    ['commands: [create\n', /not valid YAML/],
  ])('rejects %j with file:line', (text, message) => {
    expect(() => loadLifecycle(file(text))).toThrow(message);
  });
});
