import { describe, expect, it } from 'vitest';
import { buildRequest } from './request.js';
import type { VersionEnv } from '../core/version-env.js';

const admin = { name: 'admin' };
const env = { clients: { admin, none: { name: 'none' } } } as unknown as VersionEnv;

describe('buildRequest', () => {
  it('skips a request whose identifier placeholder resolved to "" (another resource would be asked)', () => {
    const out = buildRequest({ method: 'GET', path: '/api/events/{{saved.ev.identifier}}/scheduling' }, { saved: { ev: { identifier: '' } } }, env);
    expect(out).toEqual({ skip: expect.stringMatching(/empty identifier.*not created/) });
    const list = buildRequest({ method: 'GET', path: '/api/events/{{saved.ev.identifier}}' }, { saved: { ev: { identifier: '' } } }, env);
    expect('skip' in list).toBe(true);
  });

  it('sends a resolved identifier, and a path written with an empty segment as written', () => {
    const out = buildRequest({ method: 'GET', path: '/api/events/{{saved.ev.identifier}}/acl' }, { saved: { ev: { identifier: 'e1' } } }, env);
    expect(out).toEqual({ spec: { method: 'GET', path: '/api/events/e1/acl' }, client: admin });
    const literal = buildRequest({ method: 'GET', path: '/api/events//acl' }, {}, env);
    expect(literal).toEqual({ spec: { method: 'GET', path: '/api/events//acl' }, client: admin });
  });
});
