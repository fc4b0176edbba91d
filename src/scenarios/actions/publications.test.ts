import { describe, expect, it } from 'vitest';
import { otherSkip } from './publications.js';

const other = { published: true, listed: true, publication: 'pb' };

describe('otherSkip (await-media-published with `other`)', () => {
  it('is empty when the other event\'s listed publication id is none of this event\'s', () => {
    expect(otherSkip(other, ['pa1', 'pa2'], true, 'A')).toBe('');
  });
  it('skips when this event has a publication with the same id (ids named after the channel)', () => {
    expect(otherSkip({ ...other, publication: 'engage-player' }, ['engage-player'], true, 'A')).toMatch(/^precondition: event A has a publication/);
  });
  it('skips when either publication list is unknown: the other not listed, this one unpublished or unread', () => {
    expect(otherSkip({ ...other, listed: false }, ['pa'], true, 'A')).toMatch(/^precondition: the other event/);
    expect(otherSkip({ published: false, reason: 'never', publication: 'x', listed: false }, ['pa'], true, 'A')).toContain('never');
    expect(otherSkip(other, [], false, 'A')).toMatch(/^precondition: the publication ids of event A/);
    expect(otherSkip(other, [], true, 'A')).toMatch(/^precondition/);
  });
  it('throws on a value that is not the action\'s (a scenario bug)', () => {
    expect(() => otherSkip('pb', ['pa'], true, 'A')).toThrow(/saved value/);
  });
});
