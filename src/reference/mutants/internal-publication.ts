import { family } from './types.js';

/**
 * Planted bugs of the internal publication (addendum specs/events-api-1.7-1.11.md § Publication (addition in 1.11.0),
 * § GET /api/events and GET /api/events/{event_id} (addition in 1.11.0), § Publications (changes in 1.7.0 and 1.11.0),
 * § What a server must not do below each threshold). Bug sites: src/reference/internal-publication.ts.
 */
export const INTERNAL_PUBLICATION_MUTANTS = family({
  'internal-publication-shown-unasked': {
    rule: 'publications.internal.hidden',
    description: 'At 1.11.0 the internal publication is in every publications array (GET /publications, withpublications) without includeInternalPublication. Addendum: "The internal publication is included only when includeInternalPublication is true and the requested version is 1.11.0 or above."',
    since: '1.11.0',
  },
  'internal-publication-parameter-ignored': {
    rule: 'publications.internal.included',
    description: 'At 1.11.0 includeInternalPublication=true is ignored: the internal publication never shows. Addendum: "When withpublications is true as well, the publications member also contains the publication of channel \\"internal\\"."',
    since: '1.11.0',
  },
  'internal-publication-honoured-below-1.11.0': {
    rule: 'publications.internal.absent-below',
    description: 'From 1.7.0 below 1.11.0 includeInternalPublication=true is honoured (the newest behaviour for every requested version). Addendum: "below 1.11.0 | Honour includeInternalPublication: it is ignored, not rejected. Return a publication of channel \\"internal\\" in any publications array." (Below 1.7.0 the parameter is not in the spec, so evconf does not send it there.)',
    since: '1.7.0',
    until: '1.10.0',
  },
  'internal-publication-parameter-rejected-below': {
    rule: 'publications.internal.ignored-below',
    description: 'From 1.7.0 below 1.11.0 includeInternalPublication answers 400 (an unknown parameter refused). Addendum: "Below 1.11.0 it is accepted and ignored".',
    since: '1.7.0',
    until: '1.10.0',
  },
  'internal-publication-get-404': {
    rule: 'publications.internal.get',
    description: 'At 1.11.0 GET /publications/{id} of the internal publication answers 404 (the lookup searches the shown publications only). Addendum: "From 1.11.0 the internal publication is found like any other."',
    since: '1.11.0',
  },
  'internal-publication-get-below-1.11.0': {
    rule: 'publications.internal.get-404-below',
    description: 'Below 1.11.0 GET /publications/{id} of the internal publication answers 200 with it. Addendum: "Below 1.11.0 asking for the internal publication\'s id gives 404".',
    until: '1.10.0',
  },
});
