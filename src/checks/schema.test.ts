import { describe, expect, it } from 'vitest';
import type { CheckContext } from './types.js';
import { schemaCheck } from './schema.js';

const REFUSED = (m: string) => `must NOT be valid: expected no member ${m}: the oldest variant names it presenters / contributors / start_time, not presenter, contributor and start`;

function ctx(violations: { path: string; message: string }[]): CheckContext {
  const exchange = {
    request: { method: 'GET', url: 'http://x/api/events/e', headers: {} },
    response: { status: 200, headers: {}, body: '{}', truncated: false, bodyBytes: 2 },
    durationMs: 1, curl: 'curl',
  };
  return {
    version: '1.0.0', baseUrl: 'http://x', exchange, exchanges: [exchange], body: { ok: true, value: {} },
    value: {}, vars: {}, shapes: { validate: () => violations, hasShape: () => true },
  };
}

describe('schema', () => {
  it('names an oldest member carried under its later name as one difference; a refusal or a requirement alone stays as it is', () => {
    const v = schemaCheck.run(ctx([
      { path: '', message: "must have required property 'presenters'" },
      { path: '', message: "must have required property 'duration'" },
      { path: '/presenter', message: REFUSED('presenter') },
      { path: '/contributor', message: REFUSED('contributor') },
    ]), { shape: 'event' });
    expect(v.pass).toBe(false);
    expect(v.message).toBe(`does not conform to event (1.0.0): / names presenters presenter (its later name); / must have required property 'duration'; /contributor ${REFUSED('contributor')}`);
    const list = schemaCheck.run(ctx([{ path: '/0', message: "must have required property 'start_time'" }, { path: '/0/start', message: REFUSED('start') }]), { shape: 'event-list' });
    expect(list.message).toBe('does not conform to event-list (1.0.0): /0 names start_time start (its later name)');
  });

  it('passes without violations', () => {
    expect(schemaCheck.run(ctx([]), { shape: 'event' })).toMatchObject({ pass: true, message: 'conforms to event (1.0.0)' });
  });
});
