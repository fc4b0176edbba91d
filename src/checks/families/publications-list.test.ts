import { describe, expect, it } from 'vitest';
import { publicationListSummaryCheck } from './publications-list.js';
import { ctx } from './testing.js';

const published = { published: true, publication: 'p1', listed: true };
const pub = { id: 'p1', channel: 'engage-player', mediatype: 'application/json', url: 'http://x/p1' };

describe('publication-list-summary', () => {
  it('passes a list of summaries (other extra members too) and fails one carrying media, attachments or metadata', () => {
    expect(publicationListSummaryCheck.run(ctx([{ ...pub, extra: 1 }]), { published }).pass).toBe(true);
    for (const m of ['media', 'attachments', 'metadata']) {
      const v = publicationListSummaryCheck.run(ctx([pub, { ...pub, id: 'p2', [m]: [] }]), { published });
      expect(v.pass).toBe(false);
      expect(v.message).toContain(m);
    }
  });
  it('skips when nothing was published', () => {
    expect(publicationListSummaryCheck.run(ctx([]), { published: { published: false, reason: 'none' } }).skip).toBe('precondition: none');
  });
});
