import { describe, expect, it } from 'vitest';
import { eventMembersEmptyCheck } from './events-empty-members.js';
import { ctx } from './testing.js';

describe('event-members-empty', () => {
  const ev = { identifier: 'e1', title: 't', description: '', presenter: ['P'], contributor: [] };
  it('maps field ids to the version\'s members and accepts "", [], null or absent', () => {
    expect(eventMembersEmptyCheck.run(ctx(ev), { fields: ['description', 'contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx({ identifier: 'e1', description: null }), { fields: ['description', 'contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx(ev), { fields: ['creator'] }).pass).toBe(false);
    const old = { identifier: 'e1', description: 't', contributors: [] };
    expect(eventMembersEmptyCheck.run(ctx(old, { version: '1.0.0' }), { fields: ['contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx(old, { version: '1.0.0' }), { fields: ['description'] }).pass).toBe(false);
  });
  it('judges the list item named by id', () => {
    const list = [{ identifier: 'e0', description: 'x' }, { ...ev, description: 't' }];
    expect(eventMembersEmptyCheck.run(ctx(list), { id: 'e1', fields: ['description'] }).pass).toBe(false);
    expect(eventMembersEmptyCheck.run(ctx(list), { id: 'e1', fields: ['contributor'] }).pass).toBe(true);
    expect(eventMembersEmptyCheck.run(ctx(list), { id: 'e9', fields: ['contributor'] }).pass).toBe(false);
  });
  it('an empty id (an event that was never made) is evconf\'s error, not a server failure', () => {
    expect(() => eventMembersEmptyCheck.run(ctx([ev]), { id: '', fields: ['contributor'] })).toThrow(/check parameter "id" is empty/);
  });
});
