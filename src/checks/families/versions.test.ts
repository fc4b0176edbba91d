import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { flavorTracksCheck } from './versions.js';

/** A check context whose GET /media answered 200 with `body`. */
function ctx(body: unknown): CheckContext {
  const text = JSON.stringify(body);
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e/media', headers: {} },
    response: { status: 200, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.10.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value: body, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const track = (flavor: string, tags: string[]) => ({ identifier: `t-${flavor}-${tags.join('|')}`, flavor, tags, size: 1, description: '', streams: {} });

describe('flavor-tracks', () => {
  it('tags: every track of the flavor carries each entry exactly as sent (not trimmed)', () => {
    const want = { flavor: 'captions/vtt+x', count: 1, tags: ['lang:de', ' archive', 'x'] };
    expect(flavorTracksCheck.run(ctx([track('captions/vtt+x', ['lang:de', ' archive', 'x'])]), want).pass).toBe(true);
    expect(flavorTracksCheck.run(ctx([track('captions/vtt+x', ['lang:de', 'archive', 'x'])]), want).pass).toBe(false);
  });

  it('withoutTags (track.post.tags-ignored): fails when a track of the flavor carries any of them; tracks of other flavors do not count', () => {
    const p = { flavor: 'captions/vtt+x', count: 1, withoutTags: ['lang:evconf', ' evconf-tag', 'evconf-tag'] };
    expect(flavorTracksCheck.run(ctx([track('captions/vtt+x', []), track('presenter/source', ['evconf-tag'])]), p).pass).toBe(true);
    const applied = flavorTracksCheck.run(ctx([track('captions/vtt+x', ['lang:evconf', 'evconf-tag'])]), p);
    expect(applied.pass).toBe(false);
    expect(applied.message).toMatch(/must ignore/);
    expect(flavorTracksCheck.run(ctx([track('captions/vtt+x', [' evconf-tag'])]), p).pass).toBe(false);
    // Tags a server gives a track of its own accord are not the part's entries.
    expect(flavorTracksCheck.run(ctx([track('captions/vtt+x', ['archive'])]), p).pass).toBe(true);
  });

  it('counts the tracks of the flavor first', () => {
    expect(flavorTracksCheck.run(ctx([]), { flavor: 'captions/vtt+x', count: 1, withoutTags: ['x'] }).pass).toBe(false);
  });
});
