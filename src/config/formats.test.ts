import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRunConfig } from './build.js';
import { UsageError } from './errors.js';
import { parseFormats } from './formats.js';

describe('--format', () => {
  it('defaults to the three report files, adding github under GitHub Actions', () => {
    expect(parseFormats(undefined, {})).toEqual(['json', 'junit', 'html']);
    expect(parseFormats(undefined, { GITHUB_ACTIONS: 'true' })).toEqual(['json', 'junit', 'html', 'github']);
  });

  it('takes a comma list, a repeated flag or a YAML list, in a fixed order, and an explicit choice wins over GITHUB_ACTIONS', () => {
    expect(parseFormats(['github', 'junit'], { GITHUB_ACTIONS: 'true' })).toEqual(['junit', 'github']);
    expect(parseFormats('html, JSON', {})).toEqual(['json', 'html']);
    expect(parseFormats(['junit,github', 'html'], {})).toEqual(['junit', 'html', 'github']);
    expect(parseFormats('junit', { GITHUB_ACTIONS: 'true' })).toEqual(['junit']);
  });

  it('refuses an unknown or empty format with the list of known ones', () => {
    expect(() => parseFormats('xml', {})).toThrow(new UsageError('--format: unknown format "xml"; use any of json, junit, html, github'));
    expect(() => parseFormats(',', {})).toThrow(UsageError);
  });

  it('is read from a config file (format: [junit, github]) and a flag wins over it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evconf-format-')), 'evconf.yaml');
    writeFileSync(file, 'format: [junit, github]\n');
    expect(buildRunConfig({ config: file }, {}, []).formats).toEqual(['junit', 'github']);
    expect(buildRunConfig({ config: file, format: ['html'] }, {}, []).formats).toEqual(['html']);
  });
});
