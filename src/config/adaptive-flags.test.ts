import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRunConfig } from './build.js';

const dir = mkdtempSync(join(tmpdir(), 'evconf-adaptive-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('--agent-id, --series-id and the fieldIds map', () => {
  it('are read from flags and from the config file (flags win)', () => {
    const cfg = file('a.yaml', 'agent-id: studio-1\nseriesId: s-1\nfieldIds: {isPartOf: series, title: name}\n');
    const fromFile = buildRunConfig({ config: cfg }, {}, []);
    expect([fromFile.agentId, fromFile.seriesId, fromFile.fieldIds]).toEqual(['studio-1', 's-1', { isPartOf: 'series', title: 'name' }]);
    const flags = buildRunConfig({ config: cfg, agentId: 'studio-2' }, {}, []);
    expect(flags.agentId).toBe('studio-2');
  });

  it('default to none (evconf uses its own ids) and an empty map', () => {
    const c = buildRunConfig({}, {}, []);
    expect([c.agentId, c.seriesId, c.fieldIds]).toEqual([undefined, undefined, {}]);
  });

  it('refuse an empty id and a fieldIds that is not a map of strings, saying what to give', () => {
    expect(() => buildRunConfig({ agentId: ' ' }, {}, [])).toThrow(/--agent-id needs an identifier/);
    expect(() => buildRunConfig({ config: file('b.yaml', 'fieldIds: [isPartOf]\n') }, {}, [])).toThrow(/fieldIds .* must be a mapping/);
    expect(() => buildRunConfig({ config: file('c.yaml', 'fieldIds: {isPartOf: 3}\n') }, {}, [])).toThrow(/fieldIds\.isPartOf .* must be a non-empty string/);
  });
});
