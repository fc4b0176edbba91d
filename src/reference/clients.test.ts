import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedBySpec, concreteBody, concreteHeaders, concreteQuery, needsSchedule, type ClientRequest } from './clients-replay.js';
import { startReferenceServer } from './index.js';
import { call, createId, until, VIDEO } from './testkit.js';

const requests = JSON.parse(readFileSync(new URL('../../test/fixtures/clients/requests.json', import.meta.url), 'utf8')) as ClientRequest[];
const replayed = requests.filter(allowedBySpec);

describe('real clients (test/fixtures/clients/requests.json)', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ url: base, close } = await startReferenceServer({ processingDelayMs: 20, retractDelayMs: 20 })));
  afterAll(() => close());

  it('the fixture holds the 54 described requests; all but /media and /track are replayed', () => {
    expect(requests).toHaveLength(54);
    expect(replayed.length).toBeGreaterThan(45);
  });

  it('every request shape the spec allows is accepted (no 4xx/5xx)', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const r of replayed) {
      const acl = [{ action: 'read', role: 'ROLE_REPLAY' }, { action: 'write', role: 'ROLE_REPLAY' }];
      const scheduling = needsSchedule(r) ? { agent_id: `ca-fixture-${++n}`, start: '2033-06-01T10:00:00Z', end: '2033-06-01T11:00:00Z' } : undefined;
      const id = await createId(base, {
        fields: { title: 'Fixture', isPartOf: 'series-1' }, acl, scheduling, files: scheduling ? [] : [VIDEO],
        extra: [{ flavor: 'custom/replay', fields: { note: 'x' } }],
      });
      if (!scheduling) await until(async () => (await call(base, `/api/events/${id}`)).body.processing_state === 'SUCCEEDED');
      const pubs = (await call(base, `/api/events/${id}/publications`)).body as { id: string }[];
      const path = r.path
        .replace('{eventId}', id)
        .replace('{publicationId}', pubs[0]?.id ?? 'none')
        .replace('{role}', 'ROLE_REPLAY')
        .replace('{action}', 'read');
      const qs = new URLSearchParams();
      for (const [k, desc] of Object.entries(r.query)) {
        const v = concreteQuery(k, desc, r.method);
        if (v === undefined) continue;
        expect(v, `${r.client} ${r.path} ${k}`).not.toMatch(/[<>]/);
        qs.set(k, v);
      }
      const url = path + (qs.size > 0 ? `?${qs}` : '');
      const res = await call(base, url, { method: r.method, headers: concreteHeaders(r.headers), body: concreteBody(r) });
      if (res.status >= 400) failures.push(`${r.client}: ${r.method} ${url} → ${res.status} ${res.text}`);
    }
    expect(failures).toEqual([]);
  });
});
