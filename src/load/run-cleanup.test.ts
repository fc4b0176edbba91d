import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestSpec } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import { checkRunId, cleanupRun, findRunEvents } from './run-cleanup.js';

const RUN = '20261127-063000-ab12';
const TAG = `evconf-load-${RUN}`;

/** A server holding `titles` (identifier = index), answering the filtered list page by page and DELETE with 204. */
function fakeServer(titles: string[], opts: { pageIndex?: boolean; listStatus?: number } = {}) {
  const asked: RequestSpec[] = [];
  const gone = new Set<number>();
  const exchange = (status: number, body: string): Exchange => ({
    request: { method: 'GET', url: '/', headers: {} }, response: { status, headers: { 'content-type': 'application/json' }, body, truncated: false, bodyBytes: body.length }, durationMs: 1, curl: '',
  });
  const client: HttpClient = {
    baseUrl: 'http://127.0.0.1:1',
    close: async () => undefined,
    send: async (spec) => {
      asked.push(spec);
      if (spec.method === 'DELETE') {
        gone.add(Number(spec.path.split('/').pop()));
        return exchange(204, '');
      }
      if (opts.listStatus) return exchange(opts.listStatus, '{"error":"no"}');
      // The server's textFilter is a substring match, so it lists more than the run's own events.
      const hits = titles.map((title, i) => ({ identifier: String(i), title })).filter((e) => !gone.has(Number(e.identifier)) && e.title.includes(TAG));
      const limit = Number(spec.query?.limit);
      const skip = Number(spec.query?.offset) * (opts.pageIndex ? limit : 1);
      return exchange(200, JSON.stringify(hits.slice(skip, skip + limit)));
    },
  };
  return { client, asked, gone };
}

describe('evconf cleanup --run-id: only the run\'s own events', () => {
  it('finds them on every page and leaves events that only mention the tag or belong to another run', async () => {
    const titles = [
      ...Array.from({ length: 230 }, (_, i) => `${TAG} Load ${i % 20}`),
      `notes on ${TAG} Load 3`, `${TAG}probe Load 1`, `evconf-load-20261127-063000-ffff Load 1`, 'Lecture 1',
    ];
    const s = fakeServer(titles);
    const ids = await findRunEvents(s.client, RUN, '1.6.0');
    expect(ids).toHaveLength(230);
    expect(s.asked.map((a) => a.query)).toEqual([0, 100, 200].map((offset) => ({ filter: `textFilter:${TAG}`, limit: '100', offset: String(offset) })));
    const r = await cleanupRun(s.client, RUN, '1.6.0', 0);
    expect(r).toEqual({ found: 230, left: [] });
    expect([...s.gone].sort((a, b) => a - b)).toEqual(Array.from({ length: 230 }, (_, i) => i));
  });

  it('pages by page index in the oldest description (1.0.0), by item index after', async () => {
    const s = fakeServer(Array.from({ length: 150 }, () => `${TAG} Load 1`), { pageIndex: true });
    expect(await findRunEvents(s.client, RUN, '1.0.0')).toHaveLength(150);
    expect(s.asked.map((a) => a.query?.offset)).toEqual(['0', '1']);
  });

  it('stops with one line when the list cannot be read, and refuses a run id that is not one', async () => {
    await expect(findRunEvents(fakeServer([], { listStatus: 401 }).client, RUN, '1.6.0')).rejects.toThrow(/cannot list the run's events \(GET \/api\/events → 401\); check --base-url and --auth/);
    expect(() => checkRunId('../etc')).toThrow(/--run-id must be the run id/);
    expect(checkRunId(RUN)).toBe(RUN);
  });
});
