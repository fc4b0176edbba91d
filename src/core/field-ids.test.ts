import { describe, expect, it } from 'vitest';
import { learnFieldIds } from './field-ids.js';

const OPENCAST = ['title', 'subjects', 'description', 'language', 'rightsHolder', 'license', 'isPartOf', 'creator', 'contributor', 'startDate', 'startTime', 'duration', 'location', 'source', 'created', 'identifier'];

describe('learnFieldIds (the server\'s own dublincore/episode field ids)', () => {
  it('maps nothing for a server that uses evconf\'s (Opencast\'s) names', () => {
    expect(learnFieldIds(OPENCAST)).toEqual({});
  });

  it('follows a server that names its fields after the event members', () => {
    const ids = ['title', 'subjects', 'description', 'presenter', 'contributor', 'location', 'language', 'rightsholder', 'license', 'is_part_of', 'source', 'startDate', 'startTime', 'creator'];
    expect(learnFieldIds(ids)).toEqual({ creator: 'presenter', rightsHolder: 'rightsholder', isPartOf: 'is_part_of' });
  });

  it('takes plural member names and a `series` field', () => {
    expect(learnFieldIds(['title', 'presenters', 'contributors', 'subject', 'series'])).toEqual({ creator: 'presenters', contributor: 'contributors', subjects: 'subject', isPartOf: 'series' });
  });

  it('keeps what the user mapped and never maps two names to one id', () => {
    expect(learnFieldIds(['title', 'presenter', 'is_part_of'], { isPartOf: 'presenter' })).toEqual({ isPartOf: 'presenter' });
  });

  it('leaves a field the server does not show under evconf\'s name', () => {
    expect(learnFieldIds(['title'])).toEqual({});
  });
});
