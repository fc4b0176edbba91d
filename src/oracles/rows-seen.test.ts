import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestSpec } from '../http/index.js';
import type { Exchange } from '../model/index.js';
import type { RunConfig } from '../config/types.js';
import { loadRules } from '../spec/rules.js';
import { RowsSeen } from './rows-seen.js';

/**
 * The rows-seen oracle on a fake server in memory: what it judges (the run's own events only, a row against the single
 * GET with the same flags), when a difference is a failure (it persists over the settle rule with no write of the
 * event in between) and when it is not (index lag that catches up, a write in between, another's event).
 */

const book = loadRules();
const BASE = 'http://fake.test';

type Ev = Record<string, unknown>;

interface Fake {
  events: Map<string, Ev>;
  /** What a list row shows instead of the event (by id), while it returns something. */
  rowOf?: (e: Ev, query: URLSearchParams) => Ev;
  /** Rows listed twice. */
  twice?: Set<string>;
  requests: string[];
}

function exchange(method: string, url: string, status: number, body: unknown): Exchange {
  const text = JSON.stringify(body);
  return { request: { method, url, headers: {} }, response: { status, headers: { 'content-type': 'application/json' }, body: text, truncated: false, bodyBytes: text.length }, durationMs: 1, curl: `curl ${url}` };
}

function fakeClient(f: Fake): HttpClient {
  let n = 0;
  return {
    baseUrl: BASE,
    close: async () => undefined,
    send: async (spec: RequestSpec) => {
      const u = new URL(`${BASE}${spec.path}`);
      for (const [k, v] of Object.entries(spec.query ?? {})) if (typeof v === 'string') u.searchParams.set(k, v);
      const method = spec.method.toUpperCase();
      f.requests.push(`${method} ${u.pathname}${u.search}`);
      await new Promise((r) => setTimeout(r, 1));
      if (method === 'POST' && u.pathname === '/api/events') {
        const id = `e${++n}`;
        f.events.set(id, { identifier: id, title: String((spec.form ?? {}).title ?? id), processing_state: 'SUCCEEDED' });
        return exchange(method, u.toString(), 201, { identifier: id });
      }
      const m = /^\/api\/events\/([^/]+)$/.exec(u.pathname);
      if (m && method === 'PUT') {
        const e = f.events.get(m[1]);
        if (e) e.title = String((spec.form ?? {}).title);
        return exchange(method, u.toString(), e ? 204 : 404, '');
      }
      if (m && method === 'GET') {
        const e = f.events.get(m[1]);
        return exchange(method, u.toString(), e ? 200 : 404, e ? { ...e, ...(u.searchParams.get('withacl') === 'true' ? { acl: [] } : {}) } : {});
      }
      if (u.pathname === '/api/events' && method === 'GET') {
        const rows: Ev[] = [...f.events.values()].flatMap((e) => {
          const row = { ...(f.rowOf ? f.rowOf(e, u.searchParams) : e), ...(u.searchParams.get('withacl') === 'true' ? { acl: [] } : {}) };
          return f.twice?.has(e.identifier as string) ? [row, row] : [row];
        });
        // Another's event, shown differently than its single GET would: never judged.
        rows.push({ identifier: 'theirs', title: 'not ours' } as Ev);
        return exchange(method, u.toString(), 200, rows);
      }
      return exchange(method, u.toString(), 404, {});
    },
  };
}

const config = { settleMs: 600, seed: 1 } as RunConfig;

async function scenario(f: Fake, steps: (c: HttpClient) => Promise<void>) {
  const seen = new RowsSeen({ version: '1.6.0', config, book });
  const client = seen.tap(fakeClient(f), 'admin');
  await steps(client);
  const results = await seen.finish();
  return { results, stats: seen.stats };
}

const create = (c: HttpClient, title: string) => c.send({ method: 'POST', path: '/api/events', form: { title } });
const list = (c: HttpClient, query: Record<string, string> = {}) => c.send({ method: 'GET', path: '/api/events', query });

describe('oracle rows-seen', () => {
  it('a conformant server: every row of the run\'s events agrees with its single GET; another\'s event is not judged', async () => {
    const f: Fake = { events: new Map(), requests: [] };
    const { results, stats } = await scenario(f, async (c) => {
      await create(c, 'a');
      await create(c, 'b');
      await list(c);
      await list(c, { withacl: 'true' });
      await list(c);
    });
    expect(results.map((r) => [r.rule, r.outcome])).toEqual([['events.list.rows', 'pass'], ['events.list.withacl', 'pass']]);
    expect(stats.judged).toBe(4);
    expect(stats.deduplicated).toBe(2);
    expect(f.requests.filter((r) => r.startsWith('GET /api/events/theirs'))).toEqual([]);
    // The single GET takes the list's flags.
    expect(f.requests).toContain('GET /api/events/e1?withacl=true');
  });

  it('a single GET the stage made itself at the same written state judges the row: no request of the oracle', async () => {
    const f: Fake = { events: new Map(), requests: [] };
    const { results, stats } = await scenario(f, async (c) => {
      await create(c, 'a');
      await c.send({ method: 'GET', path: '/api/events/e1' });
      await list(c);
    });
    expect(results.map((r) => [r.rule, r.outcome])).toEqual([['events.list.rows', 'pass']]);
    expect(stats).toMatchObject({ judged: 1, fromCache: 1, stageSingles: 1, singleGets: 0 });
    expect(f.requests.filter((r) => r === 'GET /api/events/e1')).toHaveLength(1);
  });

  // Evidence: the decisive single GET first (src/core/evidence.ts), then the list as first seen and as read again.
  it('a row that keeps showing another title than its event fails events.list.rows, with both exchanges as evidence', async () => {
    const f: Fake = { events: new Map(), requests: [], rowOf: (e, q) => (q.get('sort') === 'end_date:ASC' && e.identifier === 'e2' ? { ...e, title: 'a' } : e) };
    const { results } = await scenario(f, async (c) => {
      await create(c, 'a');
      await create(c, 'b');
      await list(c, { sort: 'end_date:ASC' });
    });
    const fail = results.find((r) => r.outcome === 'fail')!;
    expect(fail.rule).toBe('events.list.rows');
    expect(fail.source).toBe('oracle-rows-seen');
    expect(fail.expected).toEqual({ event: 'e2', title: 'b' });
    expect(fail.actual).toEqual({ event: 'e2', title: 'a' });
    expect(fail.exchanges.map((e) => e.request.url.replace(BASE, ''))).toEqual(['/api/events/e2', '/api/events?sort=end_date%3AASC', '/api/events?sort=end_date%3AASC']);
  });

  it('an index that lags (the row shows the old title for a while, then the new one) is no failure', async () => {
    let stale = 3;
    const f: Fake = { events: new Map(), requests: [], rowOf: (e) => (e.identifier === 'e1' && stale-- > 0 ? { ...e, title: 'old' } : e) };
    const { results, stats } = await scenario(f, async (c) => {
      await create(c, 'new');
      await list(c);
    });
    expect(results.map((r) => [r.rule, r.outcome])).toEqual([['events.list.rows', 'pass']]);
    expect(stats.settled).toBe(1);
  });

  it('a difference with a write of the event in between is not judged', async () => {
    const f: Fake = { events: new Map(), requests: [], rowOf: (e) => ({ ...e, title: 'listed' }) };
    const { results, stats } = await scenario(f, async (c) => {
      await create(c, 'x');
      const listed = list(c);
      await c.send({ method: 'PUT', path: '/api/events/e1', form: { title: 'y' } });
      await listed;
    });
    expect(results).toEqual([]);
    expect(stats.written).toBe(1);
  });

  it('an event of the run listed twice in one response fails events.list.rows', async () => {
    const f: Fake = { events: new Map(), requests: [], twice: new Set(['e1']) };
    const { results } = await scenario(f, async (c) => {
      await create(c, 'a');
      await list(c);
    });
    const fail = results.find((r) => r.outcome === 'fail')!;
    expect(fail.rule).toBe('events.list.rows');
    expect(fail.message).toMatch(/lists event e1 more than once/);
  });
});
