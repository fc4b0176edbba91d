import { describe, expect, it } from 'vitest';
import type { Exchange, Outcome } from '../model/index.js';
import { checkResult, type Attach } from './result.js';
import { numberRepeats, resultId } from './result-id.js';

const ex = (n: number): Exchange => ({ request: { method: 'GET', url: `http://x/api/events/${n}`, headers: {} }, durationMs: 1, curl: `curl ${n}` } as Exchange);
const MUST = { id: 'r.must', level: 'MUST' as const, endpoint: 'GET /api/events' };
const SHOULD = { ...MUST, id: 'r.should', level: 'SHOULD' as const };

const made = (attach: Attach, outcome: Outcome, exchanges: Exchange[]) =>
  checkResult({ rule: MUST, version: '1.6.0', idSource: 's', outcome, message: 'm', exchanges, attach });
const carried = (attach: Attach, outcome: Outcome, exchanges: Exchange[]) => {
  const r = made(attach, outcome, exchanges);
  return { exchanges: r.exchanges.map((x) => x.curl), curl: r.curl };
};

describe('checkResult (one way to build a result)', () => {
  it('builds the id <version>/<source>/<rule> and reports an unmet SHOULD rule as warn (ARCHITECTURE.md, principle 4)', () => {
    const r = checkResult({ rule: SHOULD, version: '1.0.0', idSource: 'load/p', outcome: 'fail', message: 'm', attach: 'evidence' });
    expect(r).toMatchObject({ id: '1.0.0/load/p/r.should', rule: 'r.should', level: 'SHOULD', apiVersion: '1.0.0', endpoint: 'GET /api/events', outcome: 'warn' });
    expect(made('evidence', 'fail', []).outcome).toBe('fail');
    expect(checkResult({ rule: SHOULD, version: '1.0.0', idSource: 's', outcome: 'error', message: 'm', attach: 'evidence' }).outcome).toBe('error');
  });

  it('carries only the extra fields given', () => {
    const r = checkResult({ rule: MUST, version: '1.6.0', idSource: 's', outcome: 'pass', message: 'm', attach: 'evidence', seed: 0, replay: 'x', expected: null });
    expect(Object.keys(r).sort()).toEqual(['apiVersion', 'endpoint', 'exchanges', 'expected', 'id', 'level', 'message', 'outcome', 'replay', 'rule', 'seed']);
  });

  it('evidence (scenarios and generated cases): a pass carries the last curl and no exchanges; the rest the evidence and its curl', () => {
    expect(carried('evidence', 'pass', [ex(1), ex(2)])).toEqual({ exchanges: [], curl: 'curl 2' });
    expect(carried('evidence', 'fail', [ex(1), ex(2)])).toEqual({ exchanges: ['curl 2', 'curl 1'], curl: 'curl 1\ncurl 2' });
    expect(carried('evidence', 'skip', [])).toEqual({ exchanges: [], curl: undefined });
    expect('curl' in made('evidence', 'skip', [])).toBe(false);
  });

  it('evidence: a skip built on exchanges carries them and their curl', () => {
    expect(carried('evidence', 'skip', [ex(1), ex(2)])).toEqual({ exchanges: ['curl 2', 'curl 1'], curl: 'curl 1\ncurl 2' });
  });

  it('load: exchanges as given on a failure or warning only; the first curl always', () => {
    expect(carried('load', 'skip', [ex(1), ex(2)])).toEqual({ exchanges: [], curl: 'curl 1' });
    expect(carried('load', 'warn', [ex(1), ex(2)])).toEqual({ exchanges: ['curl 1', 'curl 2'], curl: 'curl 1' });
  });
});

describe('result ids', () => {
  it('number the repeats of a rule within one source in order', () => {
    const rs = ['a', 'b', 'a', 'a'].map((rule) => ({ id: resultId('1.6.0', 'sc', rule) }));
    numberRepeats(rs);
    expect(rs.map((r) => r.id)).toEqual(['1.6.0/sc/a', '1.6.0/sc/b', '1.6.0/sc/a#2', '1.6.0/sc/a#3']);
  });
});
