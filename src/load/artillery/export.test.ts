import { describe, expect, it } from 'vitest';
import { portableSource } from './export.js';

describe('portableSource: the header of an exported script names no path of the machine', () => {
  it('a profiles file inside the project: relative to it, with its line', () => {
    expect(portableSource('/srv/ann/evconf/suites/load/profiles.yaml:63', '/srv/ann/evconf')).toBe('suites/load/profiles.yaml:63');
    expect(portableSource('/srv/ann/evconf/suites/load/profiles.yaml:63:5', '/srv/ann/evconf')).toBe('suites/load/profiles.yaml:63:5');
  });

  it('a profiles file elsewhere: its file name only', () => {
    expect(portableSource('/opt/x/my-profiles.yaml:7', '/srv/ann/evconf')).toBe('my-profiles.yaml:7');
    expect(portableSource('/srv/ann/evconf-other/p.yaml:1', '/srv/ann/evconf')).toBe('p.yaml:1');
  });

  it('a relative source stays as it is', () => {
    expect(portableSource('suites/load/profiles.yaml:12', '/srv/ann/evconf')).toBe('suites/load/profiles.yaml:12');
  });
});
