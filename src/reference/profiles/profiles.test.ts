import { describe, expect, it } from 'vitest';
import { isMutantName, MUTANTS } from '../mutants/index.js';
import { validateChoices } from '../latitude/select.js';
import { createReferenceHandler } from '../index.js';
import { withProfile } from './index.js';
import { OPENCAST_AGENT, OPENCAST_DEVIATIONS, OPENCAST_LATITUDE } from './opencast.js';

describe('server profile opencast', () => {
  it('names only real latitude choices and mutants', () => {
    expect(() => validateChoices({ ...OPENCAST_LATITUDE })).not.toThrow();
    expect(OPENCAST_DEVIATIONS.filter((n) => !isMutantName(n))).toEqual([]);
    // Deviations are rule-breaking mutants the scenarios catch (the mutant self-test proves each alone).
    expect(OPENCAST_DEVIATIONS.every((n) => (MUTANTS[n].caughtBy ?? 'scenarios') === 'scenarios')).toBe(true);
  });

  it('folds its choices under the ones given, adds its agent, and switches its deviations on beside --mutant', () => {
    const o = withProfile({ profile: 'opencast', latitude: { choices: { 'error-body': 'json' } }, agents: ['ca-9'], mutant: 'acl-put-merges' });
    expect(o.latitude?.choices?.['error-body']).toBe('json');
    expect((o.latitude?.choices as Record<string, string>)['capture-agents']).toBe('registered');
    expect(o.agents).toEqual(['ca-9', OPENCAST_AGENT]);
    expect(o.switches).toEqual(OPENCAST_DEVIATIONS);
    expect(o.mutant).toBe('acl-put-merges');
    expect(withProfile({}).switches).toEqual([]);
    expect(() => createReferenceHandler({ profile: 'dspace' as 'opencast' })).toThrow(/unknown server profile "dspace"/);
    expect(() => createReferenceHandler({ profile: 'opencast', mutant: 'no-such-bug' })).toThrow(/Unknown mutant "no-such-bug"/);
  });
});
