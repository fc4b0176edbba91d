import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../types.js';
import { internalPublicationIsCheck, internalPublicationShownCheck, noInternalPublicationCheck } from './internal-publication.js';

/** A check context whose step answered `status` with `body`. */
function ctx(body: unknown, status = 200): CheckContext {
  const text = body === undefined ? '' : JSON.stringify(body);
  const parsed: CheckContext['body'] = text === '' ? { ok: false, reason: 'empty body' } : { ok: true, value: JSON.parse(text) };
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e/publications', headers: {} },
    response: { status, headers: {}, body: text, truncated: false, bodyBytes: text.length },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.11.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: parsed,
    value: parsed.ok ? parsed.value : undefined, vars: {},
    shapes: { validate: () => [], hasShape: () => true },
  };
}

const player = { id: 'p1', channel: 'engage-player', mediatype: 'application/json', url: 'http://x/p1' };
const internal = { id: 'p2', channel: 'internal', mediatype: 'application/json', url: 'http://x/p2' };

describe('no-internal-publication', () => {
  it('passes without a publication of channel internal, fails with one (array, event member, flag-named member, rows)', () => {
    expect(noInternalPublicationCheck.run(ctx([player]), { at: 'array' }).pass).toBe(true);
    expect(noInternalPublicationCheck.run(ctx([player, internal]), { at: 'array' }).pass).toBe(false);
    expect(noInternalPublicationCheck.run(ctx({ identifier: 'e', publications: [internal] }), { at: 'event' }).pass).toBe(false);
    expect(noInternalPublicationCheck.run(ctx({ identifier: 'e', withpublications: [internal] }), { at: 'event' }).pass).toBe(false);
    expect(noInternalPublicationCheck.run(ctx([{ identifier: 'a', publications: [player] }, { identifier: 'b', publications: [internal] }]), { at: 'rows' }).pass).toBe(false);
    expect(noInternalPublicationCheck.run(ctx([{ identifier: 'a', publications: [player] }]), { at: 'rows' }).pass).toBe(true);
  });

  it('skips a status other than 200 (judged by its own rule), never passes it', () => {
    const v = noInternalPublicationCheck.run(ctx('bad', 400), { at: 'array' });
    expect(v.pass).toBe(false);
    expect(v.skip).toMatch(/judged on a 200 only/);
  });
});

describe('internal-publication-shown', () => {
  it('judges only an event that names an internal publication', () => {
    const v = internalPublicationShownCheck.run(ctx([player]), { at: 'array', named: false, event: 'e' });
    expect(v.pass).toBe(false);
    expect(v.skip).toMatch(/^precondition:/);
  });

  it('passes when the publication of channel internal is shown, fails when it is not', () => {
    expect(internalPublicationShownCheck.run(ctx([player, internal]), { at: 'array', named: true, event: 'e' }).pass).toBe(true);
    const missing = internalPublicationShownCheck.run(ctx([player]), { at: 'array', named: true, event: 'e' });
    expect(missing.pass).toBe(false);
    expect(missing.skip).toBeUndefined();
    expect(internalPublicationShownCheck.run(ctx({ identifier: 'e', publications: [internal, player] }), { at: 'event', named: true, event: 'e' }).pass).toBe(true);
    const rows = [{ identifier: 'x', publications: [internal] }, { identifier: 'e', publications: [player] }];
    expect(internalPublicationShownCheck.run(ctx(rows), { at: 'rows', named: true, event: 'e' }).pass).toBe(false);
  });

  it('skips when the list has no row of the event (its presence is the list rules\' business)', () => {
    const v = internalPublicationShownCheck.run(ctx([{ identifier: 'x', publications: [internal] }]), { at: 'rows', named: true, event: 'e' });
    expect(v.skip).toMatch(/no row of event e/);
  });
});

describe('internal-publication-is', () => {
  it('passes for the asked id of channel internal only', () => {
    expect(internalPublicationIsCheck.run(ctx(internal), { id: 'p2' }).pass).toBe(true);
    expect(internalPublicationIsCheck.run(ctx(player), { id: 'p1' }).pass).toBe(false);
    expect(internalPublicationIsCheck.run(ctx(internal), { id: 'p1' }).pass).toBe(false);
  });
});
