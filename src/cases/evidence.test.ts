import { describe, expect, it } from 'vitest';
import type { Exchange } from '../model/index.js';
import { evidence, MAX_EVIDENCE_EXCHANGES } from '../core/evidence.js';
import { ruleResult } from './results.js';
import { rules } from './testing.js';
import type { PhaseEnv } from './phase-env.js';

const ex = (method: string, path: string, status: number): Exchange => ({
  request: { method, url: `http://h${path}`, headers: {} }, response: { status, headers: {}, body: '', truncated: false, bodyBytes: 0 },
  durationMs: 1, curl: `curl -X ${method} 'http://h${path}'`,
});
const post = ex('POST', '/api/events', 201);
const put = ex('PUT', '/api/events/e1/acl', 204);
const get = ex('GET', '/api/events/e1/acl', 200);

// A failure keeps the exchanges that led to it, the decisive one first; curl replays them in order.
describe('evidence of a failure', () => {
  it('puts the decisive (last sent) exchange first and replays the whole sequence in the order sent', () => {
    const e = evidence([post, put, get]);
    expect(e.exchanges).toEqual([get, post, put]);
    expect(e.curl).toBe([post.curl, put.curl, get.curl].join('\n'));
  });

  it('keeps the last exchanges of a long sequence', () => {
    const many = Array.from({ length: MAX_EVIDENCE_EXCHANGES + 5 }, (_, i) => ex('GET', `/api/events/${i}`, 200));
    const e = evidence(many);
    expect(e.exchanges).toHaveLength(MAX_EVIDENCE_EXCHANGES);
    expect(e.exchanges[0]).toBe(many[many.length - 1]);
    expect(e.curl?.split('\n')[0]).toBe(many[5].curl);
  });

  it('a property failure shows the failing request first, not the first request of the case', () => {
    const env = { version: '1.6.0', book: rules(), config: { seed: 7, runs: 8, settleMs: 300, workflow: 'w', suitesDir: '' } } as unknown as PhaseEnv;
    const r = ruleResult(env, { source: 'prop-acl-put', rule: 'acl.put.overwrites', outcome: 'fail', message: 'm', exchanges: [post, put, get] });
    expect(r.exchanges[0]).toBe(get);
    expect(r.curl?.split('\n')).toEqual([post.curl, put.curl, get.curl]);
  });
});
