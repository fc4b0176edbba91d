import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { filterResultCheck, pagesConcatCheck, type PagesWalk } from './list.js';
import { entryMatch, eventMatch, filterEntries, type RunEvent, type RunEvents } from './list-match.js';
import { ReadingLedger, repeatQuestion } from '../../spec/readings.js';

/** A check context for GET /api/events?filter=<filter> answered `status` with `body`; `run` saved as "run". */
function ctx(filter: string, body: unknown, run: RunEvents, opts: { status?: number } = {}): CheckContext {
  const text = JSON.stringify(body);
  const url = `http://x/api/events?filter=${encodeURIComponent(filter)}`;
  const exchange = {
    request: { method: 'GET', url, headers: {} },
    response: { status: opts.status ?? 200, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value: body, vars: { saved: { run } }, shapes: { validate: () => [], hasShape: () => true },
  };
}

function ev(id: string, fields: RunEvent['sent']['fields'], server: Record<string, unknown> | null = { identifier: id, ...fields }): RunEvent {
  return { identifier: id, sent: { fields }, server };
}

const A = ev('a', { title: 't alpha', location: 'Aula', contributor: ['Carla'] });
const B = ev('b', { title: 't beta', location: 'Lab', contributor: ['Dmitri'] });
const C = ev('c', { title: 't gamma', location: 'Aula', contributor: ['Carla', 'Dmitri'] });
const RUN: RunEvents = { events: [A, B, C] };
const listed = (...evs: RunEvent[]) => [...evs.map((e) => ({ identifier: e.identifier })), { identifier: 'foreign' }];

describe('filter-result', () => {
  it('passes when exactly the matching run events are listed (foreign events ignored)', () => {
    expect(filterResultCheck.run(ctx('location:Aula', listed(A, C), RUN), { of: 'run' }).pass).toBe(true);
  });

  it('fails when a non-matching run event is listed (filter ignored) or a matching one is missing', () => {
    const all = filterResultCheck.run(ctx('location:Aula', listed(A, B, C), RUN), { of: 'run' });
    expect(all.pass).toBe(false);
    expect(all.message).toContain('non-matching events listed: b');
    const short = filterResultCheck.run(ctx('location:Aula', listed(A), RUN), { of: 'run' });
    expect(short.pass).toBe(false);
    expect(short.message).toContain('matching events not listed: c');
  });

  it('a failure names the filter first, then each difference (under a subject filter with how many subjects each event has)', () => {
    const short = filterResultCheck.run(ctx('location:Aula', listed(A), RUN), { of: 'run' });
    expect(short.message).toBe('filter=location:Aula: matching events not listed: c (t gamma)');
    const S1 = ev('s1', { title: 't one', subjects: ['Art'] });
    const S2 = ev('s2', { title: 't two', subjects: ['Art', 'Music'] });
    const S3 = ev('s3', { title: 't three', subjects: ['Music'] });
    const v = filterResultCheck.run(ctx('subject:Art', listed(S3), { events: [S1, S2, S3] }), { of: 'run' });
    expect(v.pass).toBe(false);
    expect(v.message).toBe('filter=subject:Art: matching events not listed: s1 (t one, 1 subject), s2 (t two, 2 subjects); non-matching events listed: s3 (t three, 1 subject)');
  });

  it('under a repeated keyword a failure names which of its values each event matches', () => {
    const v = filterResultCheck.run(ctx('location:Aula,location:Lab', listed(A, C), RUN), { of: 'run', repeat: 'or' });
    expect(v.message).toBe('filter=location:Aula,location:Lab: matching events not listed: b (t beta, matches location value 2 of 2)');
  });

  it('under a repeated keyword read as OR an event listed twice fails, naming the values it matches and how often it is listed', () => {
    const f = 'contributors:Carla,contributors:Dmitri';
    const v = filterResultCheck.run(ctx(f, listed(A, B, C, C), RUN), { of: 'run', repeat: 'or' });
    expect(v.pass).toBe(false);
    expect(v.message).toBe(`filter=${f}: matching events listed more than once: c (t gamma, matches contributors value 1 and 2 of 2) 2 times`);
    // Not judged where a single keyword is not repeated (events.list.rows judges a list's rows).
    expect(filterResultCheck.run(ctx('location:Aula', listed(A, C, C), RUN), { of: 'run' }).pass).toBe(true);
  });

  it('fails a status other than 200 and a body that is not an array', () => {
    expect(filterResultCheck.run(ctx('location:Aula', [], RUN, { status: 400 }), { of: 'run' }).pass).toBe(false);
    expect(filterResultCheck.run(ctx('location:Aula', { events: [] }, RUN), { of: 'run' }).pass).toBe(false);
  });

  it('ANDs different keywords', () => {
    expect(filterResultCheck.run(ctx('contributors:Dmitri,location:Aula', listed(C), RUN), { of: 'run' }).pass).toBe(true);
    expect(filterResultCheck.run(ctx('contributors:Dmitri,location:Aula', listed(A, B, C), RUN), { of: 'run' }).pass).toBe(false);
  });

  it('repeat: either accepts the AND and the OR reading; or requires the OR reading', () => {
    const f = 'contributors:Carla,contributors:Dmitri';
    const and = listed(C);
    const or = listed(A, B, C);
    expect(filterResultCheck.run(ctx(f, and, RUN), { of: 'run', repeat: 'either' }).pass).toBe(true);
    expect(filterResultCheck.run(ctx(f, or, RUN), { of: 'run', repeat: 'either' }).pass).toBe(true);
    expect(filterResultCheck.run(ctx(f, listed(A), RUN), { of: 'run', repeat: 'either' }).pass).toBe(false);
    expect(filterResultCheck.run(ctx(f, and, RUN), { of: 'run', repeat: 'or' }).pass).toBe(false);
    expect(filterResultCheck.run(ctx(f, or, RUN), { of: 'run' }).pass).toBe(true);
  });

  it('refusable: a 400 is a skip carrying the reason; a 200 is still judged, another status still fails', () => {
    const why = 'datetimes with a UTC offset are not shown';
    expect(filterResultCheck.run(ctx('location:Aula', [], RUN, { status: 400 }), { of: 'run', refusable: why }).skip).toContain(why);
    expect(filterResultCheck.run(ctx('location:Aula', [], RUN, { status: 500 }), { of: 'run', refusable: why }).pass).toBe(false);
    expect(filterResultCheck.run(ctx('location:Aula', listed(A), RUN), { of: 'run', refusable: why }).pass).toBe(false);
  });

  it('skips when the setup failed or an action could not build its filter', () => {
    expect(filterResultCheck.run(ctx('location:Aula', [], { events: [], error: 'could not create' }), { of: 'run' }).skip).toContain('could not create');
    const c = { ...ctx('x:y', [], RUN), exchange: undefined, exchanges: [], value: { skip: 'no series name' } };
    expect(filterResultCheck.run(c, { of: 'run' }).skip).toBe('no series name');
  });
});

describe('list-match: three-valued matching', () => {
  it('an exact whole value is yes, a substring or other case is maybe, no common text is no', () => {
    const e = ev('e', { location: 'Aula Magna' });
    expect(entryMatch(e, 'location', 'Aula Magna')).toBe('yes');
    expect(entryMatch(e, 'location', 'aula')).toBe('maybe');
    expect(entryMatch(e, 'location', 'Lab')).toBe('no');
  });

  it('readings of server and sent value must agree for yes (a server that rewrote the value is maybe)', () => {
    const e = ev('e', { location: 'Aula' }, { identifier: 'e', location: 'agent-1' });
    expect(entryMatch(e, 'location', 'Aula')).toBe('maybe');
  });

  // "subject | Subject the event is part of": the first subject is one under both legal readings (any subject, or the
  // first only: latitude subject-filter); a later one only under the first; the subjects joined are none.
  it('subject is yes for the first subject, maybe for a later one, no for none (nor the subjects joined)', () => {
    expect(entryMatch(ev('e', { subjects: ['Maths'] }), 'subject', 'Maths')).toBe('yes');
    expect(entryMatch(ev('e', { subjects: ['Maths', 'Art'] }), 'subject', 'Maths')).toBe('yes');
    expect(entryMatch(ev('e', { subjects: ['Maths', 'Art'] }), 'subject', 'Art')).toBe('maybe');
    expect(entryMatch(ev('e', { subjects: ['Maths', 'Art'] }), 'subject', 'Music')).toBe('no');
  });

  it('textFilter: a whole core field is yes; text held anywhere else is maybe; nowhere is no', () => {
    const e = ev('e', { title: 't x', description: 'TokQ' });
    expect(entryMatch(e, 'textFilter', 'TokQ')).toBe('yes');
    expect(entryMatch(e, 'textFilter', 'tokq')).toBe('maybe');
    expect(entryMatch(e, 'textFilter', 'zebra')).toBe('no');
  });

  it('ranges: strictly inside is yes, strictly outside no, on a boundary maybe', () => {
    const e: RunEvent = { identifier: 'e', sent: { fields: {}, scheduling: { start: '2090-01-01T01:00:00Z' } }, server: null };
    expect(entryMatch(e, 'start', '2090-01-01T00:30:00Z/2090-01-01T02:00:00Z')).toBe('yes');
    expect(entryMatch(e, 'technical_start', '2090-01-01T03:00:00Z/2090-01-01T04:00:00Z')).toBe('no');
    expect(entryMatch(e, 'start', '2090-01-01T01:00:00Z/2090-01-01T02:00:00Z')).toBe('maybe');
  });

  // spec § Event "identifier | Unique identifier of the event"; is_part_of "by series identifier": matched whole.
  it('identifiers and series ids: a part of one is no (not maybe), and so is it in another case (matched exactly)', () => {
    const e = ev('e', { isPartOf: 'S10' }, { identifier: 'abcd1234', is_part_of: 'S10' });
    expect(entryMatch(e, 'identifier', 'abcd')).toBe('no');
    expect(entryMatch(e, 'identifier', 'abcd1234')).toBe('yes');
    expect(entryMatch(e, 'is_part_of', 'S1')).toBe('no');
    expect(entryMatch(e, 'series', 'S1')).toBe('no');
    expect(entryMatch(e, 'is_part_of', 's10')).toBe('no');
    expect(entryMatch(e, 'identifier', 'ABCD1234')).toBe('no');
    expect(entryMatch(e, 'is_part_of', 'S10')).toBe('yes');
  });

  it('contributors: each of several contributors alone is yes', () => {
    expect(entryMatch(ev('e', { contributor: ['Carla', 'Dmitri'] }), 'contributors', 'Dmitri')).toBe('yes');
    expect(entryMatch(ev('e', { contributor: ['Carla', 'Dmitri'] }), 'contributors', 'Carla')).toBe('yes');
  });

  it('agent_id of an event sent without scheduling is no', () => {
    expect(entryMatch(ev('e', {}), 'agent_id', 'ca-1')).toBe('no');
  });

  // "agent_id | Capture agent identifier": matched whole, like the other identifiers.
  it('agent_id: the whole agent is yes, a prefix of it or another case no', () => {
    const e: RunEvent = { identifier: 'e', sent: { fields: {}, scheduling: { agent_id: 'room10' } }, server: null };
    expect(entryMatch(e, 'agent_id', 'room10')).toBe('yes');
    expect(entryMatch(e, 'agent_id', 'room1')).toBe('no');
    expect(entryMatch(e, 'agent_id', 'ROOM10')).toBe('no');
  });

  it('parses filter entries (value after the first colon) and combines repeats per mode', () => {
    const g = filterEntries('http://x/api/events?filter=title%3Aa%3Ab%2Ctitle%3Ac');
    expect([...g.entries()]).toEqual([['title', ['a:b', 'c']]]);
    const e = ev('e', { title: 'c' });
    expect(eventMatch(e, g, 'or')).toBe('yes');
    expect(eventMatch(e, g, 'and')).toBe('no');
    expect(eventMatch(e, g, 'either')).toBe('maybe');
  });
});

describe('pages-concat', () => {
  const walk = (pages: string[][], whole = ['a', 'b', 'c', 'd', 'e']): PagesWalk => ({
    limit: 2, whole, pages, offsets: pages.map((_, i) => i * 2), statuses: pages.map(() => 200).concat(200),
  });
  const run = (w: PagesWalk) => pagesConcatCheck.run({ ...ctx('', [], RUN), value: w }, {});

  it('passes when the pages concatenate to the whole list', () => {
    expect(run(walk([['a', 'b'], ['c', 'd'], ['e']])).pass).toBe(true);
  });

  it('fails a gap, a duplicate, or a page that did not answer 200', () => {
    expect(run(walk([['a', 'b'], ['c', 'd'], []])).message).toContain('missing e');
    expect(run(walk([['a', 'b'], ['b', 'c'], ['d', 'e']])).message).toContain('repeated b');
    expect(run({ ...walk([['a', 'b'], ['c', 'd'], ['e']]), statuses: [200, 200, 500, 200] }).pass).toBe(false);
  });

  it('skips when the whole list fits in one page', () => {
    expect(run(walk([['a', 'b']], ['a', 'b'])).skip).toContain('paging needs more');
  });
});

describe('filter-result, repeat: either: one reading per run and version', () => {
  const f = 'contributors:Carla,contributors:Dmitri';
  const withLedger = (c: CheckContext, ledger: ReadingLedger): CheckContext => ({ ...c, readings: ledger });

  it('a discriminating answer teaches the reading; the same reading again passes, the other one fails', () => {
    const ledger = new ReadingLedger('1.1.0');
    const first = filterResultCheck.run(withLedger(ctx(f, listed(C), RUN), ledger), { of: 'run', repeat: 'either' });
    expect(first.pass).toBe(true);
    expect(first.learned).toEqual({ question: repeatQuestion('contributors'), reading: 'and', where: `filter=${f}` });
    ledger.learn(first.learned!.question, first.learned!.reading, first.learned!.where);
    expect(filterResultCheck.run(withLedger(ctx(f, listed(C), RUN), ledger), { of: 'run', repeat: 'either' }).pass).toBe(true);
    const flip = filterResultCheck.run(withLedger(ctx(f, listed(A, B, C), RUN), ledger), { of: 'run', repeat: 'either' });
    expect(flip.pass).toBe(false);
    expect(flip.message).toMatch(/read as OR.*earlier in this run.*AND/);
  });

  it('an answer that fits neither reading wholly fails (a mix of AND and OR)', () => {
    const v = filterResultCheck.run(withLedger(ctx(f, listed(A, C), RUN), new ReadingLedger('1.1.0')), { of: 'run', repeat: 'either' });
    expect(v.pass).toBe(false);
    expect(v.message).toMatch(/neither/);
  });

  it('an answer both readings give teaches nothing', () => {
    const only = { events: [C] };
    const v = filterResultCheck.run(withLedger(ctx(f, listed(C), only), new ReadingLedger('1.1.0')), { of: 'run', repeat: 'either' });
    expect(v.pass).toBe(true);
    expect(v.learned).toBeUndefined();
  });
});
