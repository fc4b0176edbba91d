import { describe, expect, it } from 'vitest';
import type { Exchange } from '../model/index.js';
import { readDiscovery, resolveVersions, serverVersionOf } from './discovery.js';

const ex = (status: number, body?: unknown): Exchange => ({
  request: { method: 'GET', url: 'http://s/api/version', headers: {} },
  response: { status, headers: { 'content-type': 'application/json' }, body: body === undefined ? '' : JSON.stringify(body) },
  durationMs: 1,
} as unknown as Exchange);

const upTo19 = { versions: ['v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0'], default: 'v1.9.0' };

describe('version discovery (addendum § GET /api/version)', () => {
  it('reads the listed versions in numeric order, and the default', () => {
    const d = readDiscovery(ex(200, { versions: ['v1.10.0', 'v1.2.0', 'v1.9.0', 'v1.0.0'], default: 'v1.10.0' }));
    expect(d.listed).toEqual(['1.0.0', '1.2.0', '1.9.0', '1.10.0']);
    expect(d.default).toBe('v1.10.0');
  });
  it('a server without the endpoint lists nothing; one with only /default lists up to it', () => {
    expect(readDiscovery(ex(404)).listed).toBeUndefined();
    expect(readDiscovery(ex(404), ex(200, { default: 'v1.7.0' })).listed).toEqual(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0', '1.7.0']);
  });
  it('no --api-version: the versions the server lists, else 1.6.0', () => {
    expect(resolveVersions('default', ['1.6.0'], readDiscovery(ex(200, upTo19))).apiVersions).toHaveLength(10);
    expect(resolveVersions('default', ['1.6.0'], readDiscovery(ex(404)))).toEqual({ apiVersions: ['1.6.0'], notOffered: [] });
  });
  it('all: the listed versions, the others not offered (never run, never failed); every version where none is listed', () => {
    const r = resolveVersions('all', [], readDiscovery(ex(200, upTo19)));
    expect(r.apiVersions.at(-1)).toBe('1.9.0');
    expect(r.notOffered.map((n) => n.apiVersion)).toEqual(['1.10.0', '1.11.0']);
    expect(r.notOffered[0].reason).toMatch(/does not list v1\.10\.0/);
    expect(resolveVersions('all', [], readDiscovery(ex(404))).apiVersions).toHaveLength(12);
  });
  it('the server version is the highest version listed (numeric), else the default named; newer than evconf knows: unknown-newer', () => {
    expect(serverVersionOf(readDiscovery(ex(200, { versions: ['v1.0.0', 'v1.10.0', 'v1.9.0'], default: 'v1.9.0' })))).toBe('1.10.0');
    expect(serverVersionOf(readDiscovery(ex(200, upTo19)))).toBe('1.9.0');
    expect(serverVersionOf(readDiscovery(ex(404), ex(200, { default: 'v1.11.0' })))).toBe('1.11.0');
    expect(serverVersionOf(readDiscovery(ex(200, { versions: ['v1.0.0', 'v1.12.0'], default: 'v1.12.0' })))).toBe('unknown-newer');
    expect(serverVersionOf(readDiscovery(ex(404)))).toBeUndefined();
  });
  it('an explicit list is kept as given', () => {
    expect(resolveVersions(undefined, ['1.3.0', '1.11.0'], readDiscovery(ex(200, upTo19)))).toEqual({ apiVersions: ['1.3.0', '1.11.0'], notOffered: [] });
  });
});
