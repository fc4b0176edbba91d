import { family } from './types.js';

/** Mutants of the publications endpoints and of the 1.6.0 DELETE that retracts publications. */
export const PUBLICATION_MUTANTS = family({
  'publications-list-201': {
    rule: 'publications.list.status',
    description: 'GET /api/events/{id}/publications answers 201 (with the list).',
  },
  'publications-list-no-url': {
    rule: 'publications.list.schema',
    description: 'The items of the publication list lack the member `url` (the single publication keeps it).',
  },
  'publications-unknown-event-empty': {
    rule: 'publications.list.404',
    description: 'The publication list of an event that does not exist answers 200 [] instead of 404.',
  },
  'publication-get-201': {
    rule: 'publications.get.status',
    description: 'GET /api/events/{id}/publications/{pid} answers 201 (with the publication).',
  },
  'publication-get-no-media': {
    rule: 'publications.get.schema',
    description: 'The single publication lacks the member `media` (attachments and metadata are sent).',
  },
  'publication-get-ignores-event': {
    rule: 'publications.get.404-event',
    description: 'The single publication is looked up by its id among all events: an unknown event id with a real publication id answers 200.',
  },
  'publication-get-falls-back-first': {
    rule: 'publications.get.404-publication',
    description: 'An unknown publication id answers 200 with the first publication of the event.',
  },
  'delete-published-retraction-stalls': {
    rule: 'events.delete.retracts',
    description: 'DELETE of a published event answers 202 but the retraction never completes: the event stays forever.',
    since: '1.6.0',
  },
});
