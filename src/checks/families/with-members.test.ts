import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { withMemberCheck } from './with-members.js';

function ctx(body: unknown, status = 200): CheckContext {
  const text = JSON.stringify(body);
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e1?withacl=true', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: body },
    value: body, vars: {}, shapes: { validate: () => [], hasShape: () => true },
  };
}

const base = { identifier: 'e1', title: 'tag t', subjects: ['tag'], presenter: [], publication_status: [] as string[] };
const ACL = [{ action: 'read', role: 'ROLE_ADMIN' }, { action: 'read', role: 'ROLE_X' }];
const run = (body: unknown, p: Record<string, unknown>) => withMemberCheck.run(ctx(body), { id: 'e1', ...p });

describe('with-member (name-agnostic with* flags)', () => {
  it('acl: any member holding the entries that were set passes (allow and extra entries are not judged)', () => {
    const v = run({ ...base, access: [...ACL.map((e) => ({ allow: true, ...e })), { allow: true, action: 'write', role: 'ROLE_ADMIN' }] }, { kind: 'acl', acl: ACL });
    expect(v.pass).toBe(true);
    expect(v.message).toContain('"access"');
  });
  it('acl: fails when no member holds it, or the member lacks an entry that was set', () => {
    expect(run(base, { kind: 'acl', acl: ACL }).pass).toBe(false);
    expect(run({ ...base, acl: [ACL[0]] }, { kind: 'acl', acl: ACL }).pass).toBe(false);
  });
  it('acl: an entry given with allow must read back with that allow (a deny entry left out or turned into an allow fails)', () => {
    const want = [...ACL, { action: 'write', role: 'ROLE_X', allow: false }];
    const acl = [...ACL.map((e) => ({ allow: true, ...e })), { allow: false, action: 'write', role: 'ROLE_X' }];
    expect(run({ ...base, acl }, { kind: 'acl', acl: want }).pass).toBe(true);
    expect(run({ ...base, acl: acl.slice(0, 2) }, { kind: 'acl', acl: want }).pass).toBe(false);
    expect(run({ ...base, acl: [...acl.slice(0, 2), { allow: true, action: 'write', role: 'ROLE_X' }] }, { kind: 'acl', acl: want }).pass).toBe(false);
  });
  it('acl: a failure names the member holding every entry with another allow, and each such entry; without one, only the head', () => {
    const want = [...ACL, { action: 'write', role: 'ROLE_X', allow: false }];
    const turned = run({ ...base, acl: [...ACL.map((e) => ({ allow: true, ...e })), { allow: true, action: 'write', role: 'ROLE_X' }] }, { kind: 'acl', acl: want });
    expect(turned.message).toBe('no member of the event holds the ACL the run set (an array of {action, role}): member "acl" holds its entries with another allow (write ROLE_X sent allow false, read allow true)');
    expect(run({ ...base, acl: ACL.map((e) => ({ allow: true, ...e })) }, { kind: 'acl', acl: want }).message).toBe('no member of the event holds the ACL the run set (an array of {action, role})');
    expect(run({ ...base, acl: ACL.map((e) => ({ allow: true, ...e })) }, { kind: 'acl', acl: want, written: 'PUT /acl' }).message)
      .toBe('no member of the event holds the ACL the run set (an array of {action, role}), written with PUT /acl');
  });
  it('metadata: with `catalog`, the other catalog must be included with its values too; `skip` skips', () => {
    const episode = { flavor: 'dublincore/episode', fields: [{ id: 'title', value: 'tag t' }] };
    const license = { flavor: 'license/episode', fields: [{ id: 'license', value: 'L' }] };
    const p = { kind: 'metadata', title: 'tag t', catalog: { flavor: 'license/episode', values: { license: 'L' } } };
    expect(run({ ...base, metadata: [license, episode] }, p).pass).toBe(true);
    expect(run({ ...base, metadata: [episode] }, p).pass).toBe(false);
    expect(run({ ...base, metadata: [episode, { ...license, fields: [{ id: 'license', value: 'M' }] }] }, p).pass).toBe(false);
    expect(run({ ...base, metadata: [episode] }, { ...p, skip: 'precondition: no catalog' }).skip).toMatch(/no catalog/);
  });
  it('metadata: needs the dublincore/episode catalog carrying the title', () => {
    const cat = (title: string) => [{ flavor: 'dublincore/episode', title: 'EVENTS', fields: [{ id: 'title', value: title }] }];
    expect(run({ ...base, metadata: cat('tag t') }, { kind: 'metadata', title: 'tag t' }).pass).toBe(true);
    expect(run({ ...base, metadata: cat('other') }, { kind: 'metadata', title: 'tag t' }).pass).toBe(false);
  });
  it('publications: passes for a published event, fails without them, skips for an unpublished event', () => {
    const pub = { id: 'p1', channel: 'engage-player', mediatype: 'application/json', url: 'http://x/p1' };
    const published = { ...base, publication_status: ['engage-player'] };
    expect(run({ ...published, publications: [pub] }, { kind: 'publications' }).pass).toBe(true);
    expect(run(published, { kind: 'publications' })).toMatchObject({ pass: false });
    expect(run(published, { kind: 'publications' }).skip).toBeUndefined();
    expect(run({ ...base, publications: [] }, { kind: 'publications' }).skip).toMatch(/no publication/);
    expect(run({ ...base, publication_status: ['internal'], publications: [] }, { kind: 'publications' }).skip).toMatch(/no publication/);
  });
  it('scheduling: compares the agent and the start as instants', () => {
    const p = { kind: 'scheduling', agent: 'ag', start: '2090-01-01T10:00:00Z' };
    expect(run({ ...base, scheduling: { agent_id: 'ag', start: '2090-01-01T10:00:00.000Z', end: '2090-01-01T11:00:00Z' } }, p).pass).toBe(true);
    expect(run({ ...base, scheduling: { agent_id: 'ag', start: '2090-01-01T11:00:00Z' } }, p).pass).toBe(false);
    expect(run({ ...base, scheduling: null }, p).pass).toBe(false);
  });
  it('picks the event from a list by identifier and fails when it is missing or the status is not 200', () => {
    const other = { ...base, identifier: 'e2', acl: ACL };
    expect(run([other, { ...base, acl: ACL }], { kind: 'acl', acl: ACL }).pass).toBe(true);
    expect(run([other], { kind: 'acl', acl: ACL }).message).toContain('lacks the run event e1');
    expect(withMemberCheck.run(ctx({ ...base, acl: ACL }, 201), { id: 'e1', kind: 'acl', acl: ACL }).pass).toBe(false);
  });
});

describe('with-member absent (lists that mix states)', () => {
  const pubs = [{ id: 'p1', channel: 'engage', mediatype: 'text/html', url: 'http://x/p1' }];

  it('passes an event without publications or schedule, whatever empty form it takes', () => {
    expect(run({ ...base, publications: [] }, { kind: 'publications', absent: true }).pass).toBe(true);
    expect(run({ ...base, scheduling: null }, { kind: 'scheduling', agent: 'ca', absent: true }).pass).toBe(true);
    expect(run(base, { kind: 'scheduling', agent: 'ca', absent: true }).pass).toBe(true);
  });

  it("fails an event that shows another event's publications or schedule", () => {
    const p = run({ ...base, publications: pubs }, { kind: 'publications', absent: true });
    expect(p.pass).toBe(false);
    expect(p.message).toMatch(/another event's/);
    expect(run({ ...base, scheduling: { agent_id: 'ca', start: '2090-01-01T10:00:00Z' } }, { kind: 'scheduling', agent: 'ca', absent: true }).pass).toBe(false);
  });

  it('skips publications when publication_status says the event was published after all', () => {
    expect(run({ ...base, publication_status: ['engage'], publications: pubs }, { kind: 'publications', absent: true }).skip).toMatch(/precondition/);
  });
});
