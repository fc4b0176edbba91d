import { INTERNAL_PUBLICATION_MUTANTS } from '../internal-publication.js';
import { describeFamilyDeviations, type DeviationCase } from '../deviation-cases.js';
import { call, VIDEO } from '../../testkit.js';
import type { ApiVersion } from '../../../model/version.js';
import { mk, published, type Ev } from './http.js';

/**
 * The internal publication (addendum specs/events-api-1.7-1.11.md § Publication (addition in 1.11.0), § Publications
 * (changes in 1.7.0 and 1.11.0)): each mutant against a clean server (see deviation-cases.ts).
 */

/** A processed event with media (it has an internal publication besides its other ones). */
async function processed(b: string): Promise<string> {
  const id = await mk(b, { title: 'Internal' }, { files: [VIDEO] });
  await published(b, id);
  return id;
}

/** The channels of GET …/publications (with `query`) at `version`, or the status when it is not 200. */
async function channels(b: string, id: string, query: string, version: ApiVersion): Promise<string[] | number> {
  const r = await call(b, `/api/events/${id}/publications${query}`, { version });
  return r.status === 200 ? (r.body as Ev[]).map((p) => p.channel as string) : r.status;
}

/** The channels of the event's withpublications member (with `query` added) at `version`. */
async function eventChannels(b: string, id: string, query: string, version: ApiVersion): Promise<string[]> {
  const r = await call(b, `/api/events/${id}?withpublications=true${query}`, { version });
  return ((r.body as Ev).publications as Ev[]).map((p) => p.channel as string);
}

/** The internal publication's id, as 1.11.0 lists it. */
async function internalId(b: string, id: string): Promise<string> {
  const r = await call(b, `/api/events/${id}/publications?includeInternalPublication=true`, { version: '1.11.0' });
  return ((r.body as Ev[]).find((p) => p.channel === 'internal') as Ev).id as string;
}

const CASES: DeviationCase[] = [
  {
    mutant: 'internal-publication-shown-unasked',
    run: async (b) => {
      const id = await processed(b);
      return [await channels(b, id, '', '1.11.0'), await eventChannels(b, id, '', '1.11.0')];
    },
    expected: [['engage-player'], ['engage-player']],
    wrong: [['engage-player', 'internal'], ['engage-player', 'internal']],
  },
  {
    mutant: 'internal-publication-parameter-ignored',
    run: async (b) => {
      const id = await processed(b);
      return [await channels(b, id, '?includeInternalPublication=true', '1.11.0'), await eventChannels(b, id, '&includeInternalPublication=true', '1.11.0')];
    },
    expected: [['engage-player', 'internal'], ['engage-player', 'internal']],
    wrong: [['engage-player'], ['engage-player']],
  },
  {
    mutant: 'internal-publication-honoured-below-1.11.0',
    run: async (b) => {
      const id = await processed(b);
      return [await channels(b, id, '?includeInternalPublication=true', '1.10.0'), await eventChannels(b, id, '&includeInternalPublication=true', '1.6.0')];
    },
    expected: [['engage-player'], ['engage-player']],
    wrong: [['engage-player', 'internal'], ['engage-player', 'internal']],
  },
  {
    mutant: 'internal-publication-parameter-rejected-below',
    run: async (b) => {
      const id = await processed(b);
      return [await channels(b, id, '?includeInternalPublication=true', '1.7.0'), await channels(b, id, '', '1.7.0')];
    },
    expected: [['engage-player'], ['engage-player']],
    wrong: [400, ['engage-player']],
  },
  {
    mutant: 'internal-publication-get-404',
    run: async (b) => {
      const id = await processed(b);
      const r = await call(b, `/api/events/${id}/publications/${await internalId(b, id)}`, { version: '1.11.0' });
      return [r.status, (r.body as Ev | null)?.channel ?? null];
    },
    expected: [200, 'internal'],
    wrong: [404, null],
  },
  {
    mutant: 'internal-publication-get-below-1.11.0',
    run: async (b) => {
      const id = await processed(b);
      return (await call(b, `/api/events/${id}/publications/${await internalId(b, id)}`, { version: '1.10.0' })).status;
    },
    expected: 404,
    wrong: 200,
  },
];

describeFamilyDeviations('planted bugs of the internal publication', INTERNAL_PUBLICATION_MUTANTS, CASES);
