import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import {
  NOT_PUBLISHED, publicationIsCheck, publishedSchemaCheck, publishedStatusCheck, retractedCheck, signedListMembersCheck, unpublished, type DeleteOutcome,
} from './publications.js';

/** A check context whose step answered `status` with `body`; `value` overrides the action value. */
function ctx(body: unknown, status = 200, value?: unknown, violations: { path: string; message: string }[] = []): CheckContext {
  const text = body === undefined ? '' : JSON.stringify(body);
  const parsed: CheckContext['body'] = text === '' ? { ok: false, reason: 'empty body' } : { ok: true, value: JSON.parse(text) };
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e/publications', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.6.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: value ?? (parsed.ok ? parsed.value : undefined), vars: {},
    shapes: { validate: () => violations, hasShape: () => true },
  };
}

const published = { published: true, publication: 'p1', listed: true };
const notPublished = { published: false, reason: NOT_PUBLISHED, publication: 'none', listed: false };
const pub = { id: 'p1', channel: 'engage-player', mediatype: 'application/json', url: 'http://x/p1' };

describe('published-* checks', () => {
  it('skip with the reason when nothing was published, never pass', () => {
    for (const v of [
      publishedStatusCheck.run(ctx([], 200), { published: notPublished, in: [200] }),
      publishedSchemaCheck.run(ctx([], 200), { published: notPublished, shape: 'publication-list' }),
      publicationIsCheck.run(ctx(pub), { published: notPublished, id: 'p1' }),
    ]) {
      expect(v.skip).toBe(`precondition: ${NOT_PUBLISHED}`);
      expect(v.pass).toBe(false);
    }
  });

  it('for one publication, skip also when no id could be read from the list', () => {
    expect(unpublished({ ...published, listed: false })).toBeUndefined();
    expect(unpublished({ ...published, listed: false }, true)).toMatch(/named no publication id/);
  });

  it('a value that is not the outcome of await-media-published is a scenario bug (thrown)', () => {
    expect(() => unpublished('{{saved.pub}}')).toThrow(/not the value of await-media-published/);
  });

  it('published-status is the status check once published', () => {
    expect(publishedStatusCheck.run(ctx([pub], 200), { published, in: [200] }).pass).toBe(true);
    const v = publishedStatusCheck.run(ctx([pub], 201), { published, in: [200] });
    expect(v.pass).toBe(false);
    expect(v.actual).toBe(201);
  });

  it('published-schema with nonEmpty fails for an empty list of a published event, and reports schema violations', () => {
    expect(publishedSchemaCheck.run(ctx([pub]), { published, shape: 'publication-list', nonEmpty: true }).pass).toBe(true);
    const empty = publishedSchemaCheck.run(ctx([]), { published, shape: 'publication-list', nonEmpty: true });
    expect(empty.pass).toBe(false);
    expect(empty.message).toContain('holds no publication');
    const bad = publishedSchemaCheck.run(ctx([pub], 200, undefined, [{ path: '/0', message: "must have required property 'url'" }]), { published, shape: 'publication-list' });
    expect(bad.pass).toBe(false);
    expect(bad.message).toContain('url');
  });

  it('publication-is compares the id of the body with the one asked for', () => {
    expect(publicationIsCheck.run(ctx(pub), { published, id: 'p1' }).pass).toBe(true);
    const v = publicationIsCheck.run(ctx({ ...pub, id: 'p2' }), { published, id: 'p1' });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('asked for publication p1, got "p2"');
  });
});

describe('retracted', () => {
  const outcome = (o: Partial<DeleteOutcome>): DeleteOutcome => ({ published: true, deleteStatus: 202, gone: true, waitedMs: 80, publicationsLeft: 0, ...o });
  const run = (o: Partial<DeleteOutcome>) => retractedCheck.run(ctx(undefined, 404, outcome(o)), {});

  it('passes for 202 or 204 followed by the event disappearing', () => {
    expect(run({}).pass).toBe(true);
    expect(run({ deleteStatus: 204, publicationsLeft: null }).pass).toBe(true);
  });

  it('fails for 202 when the event never disappears, and for a status other than 202/204', () => {
    const stalled = run({ gone: false, waitedMs: 10_000, publicationsLeft: 1 });
    expect(stalled.pass).toBe(false);
    expect(stalled.message).toContain('retraction never completed');
    const refused = run({ deleteStatus: 409, gone: false });
    expect(refused.pass).toBe(false);
    expect(refused.expected).toEqual([202, 204]);
  });

  it('cut short: a stopped run skips, an unanswered GET fails saying so, neither says the retraction never completed', () => {
    const stopped = run({ gone: false, waitedMs: 159, cut: { by: 'stopped', why: '--phase-budget over' } });
    expect(stopped.skip).toBe('not run to its end: --phase-budget over 159 ms after the DELETE answered 202');
    const unanswered = run({ gone: false, waitedMs: 159, cut: { by: 'unanswered', why: 'GET /api/events/{id} reset 3 times in a row' } });
    expect(unanswered.pass).toBe(false);
    expect(unanswered.skip).toBeUndefined();
    expect(unanswered.message).toContain('went unanswered (GET /api/events/{id} reset 3 times in a row)');
    expect(unanswered.message).not.toContain('never completed');
    expect(run({ cut: { by: 'stopped', why: 'x' } }).pass).toBe(true);
  });

  it('skips when the event was never published', () => {
    const v = run({ published: false, reason: NOT_PUBLISHED, deleteStatus: null, gone: false });
    expect(v.skip).toBe(`precondition: ${NOT_PUBLISHED}`);
  });
});

describe('signed-list-members', () => {
  const full = { ...pub, media: [], attachments: [], metadata: [] };
  it('passes when sign adds no single-publication member (summary or full lists alike)', () => {
    expect(signedListMembersCheck.run(ctx([pub]), { published, unsigned: [pub] }).pass).toBe(true);
    expect(signedListMembersCheck.run(ctx([full]), { published, unsigned: [full] }).pass).toBe(true);
  });
  it('fails when the signed list carries media, attachments or metadata the unsigned one leaves out', () => {
    const v = signedListMembersCheck.run(ctx([full]), { published, unsigned: [pub] });
    expect(v.pass).toBe(false);
    expect(v.message).toContain('media, attachments, metadata of publication p1');
  });
  it('skips when nothing was published or no publication can be paired', () => {
    expect(signedListMembersCheck.run(ctx([pub]), { published: notPublished, unsigned: [pub] }).skip).toBe(`precondition: ${NOT_PUBLISHED}`);
    expect(signedListMembersCheck.run(ctx([pub]), { published, unsigned: [{ ...pub, id: 'other' }] }).skip).toMatch(/precondition/);
  });
});

describe('published-schema listOnly (members of the single-publication response only)', () => {
  const summary = { id: 'p1', channel: 'engage', mediatype: 'text/html', url: 'http://x/p1' };

  it('passes summaries and extra members, fails media, attachments or metadata in the list', () => {
    expect(publishedSchemaCheck.run(ctx([{ ...summary, x_extra: 1 }]), { published, shape: 'publication-list', listOnly: true }).pass).toBe(true);
    const full = publishedSchemaCheck.run(ctx([{ ...summary, media: [] }]), { published, shape: 'publication-list', listOnly: true });
    expect(full.pass).toBe(false);
    expect(full.message).toMatch(/Only in the single-publication response/);
    expect(publishedSchemaCheck.run(ctx([{ ...summary, media: [] }]), { published, shape: 'publication-list' }).pass).toBe(true);
  });
});
