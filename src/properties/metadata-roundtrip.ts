import fc from 'fast-check';
import { EPISODE_FIELD_IDS, episodeCatalog, type EpisodeCatalog, type EpisodeFieldId } from '../generators/index.js';
import type { CaseKit } from '../cases/case.js';
import type { PhaseEnv } from '../cases/phase-env.js';
import { memberFor } from '../cases/members.js';
import type { Verdict } from '../cases/verdict.js';
import { episodeReadsBack, membersShow } from '../cases/episode.js';
import { mustCreate } from '../cases/reads.js';
import { accepted } from '../cases/expect.js';
import { defineProperty } from './types.js';

interface Case {
  create: EpisodeCatalog;
  put: EpisodeCatalog;
}

type Sent = Record<string, string | string[]>;

/** Catalog fields generated in a version: those with an event member there (spec § Event (response object)). */
function fieldsFor(env: PhaseEnv): EpisodeFieldId[] {
  return EPISODE_FIELD_IDS.filter((f) => memberFor(f, env.version) !== undefined);
}

/** The values as sent: the title tagged with the case (every title evconf writes carries the run tag). */
function sent(kit: CaseKit, c: EpisodeCatalog): Sent {
  const out: Sent = {};
  for (const [k, v] of Object.entries(c)) if (v !== undefined) out[k] = k === 'title' ? kit.title(v as string) : (v as string | string[]);
  return out;
}

/** Every sent field reads back equal in the catalog and, where the version has a member for it, in the event. */
async function readsBack(kit: CaseKit, id: string, expect: Sent, rule: string, what: string): Promise<Verdict> {
  const v = await episodeReadsBack(kit, id, expect, rule, what);
  return v.ok ? membersShow(kit, id, expect, rule, what) : v;
}

/**
 * Metadata written reads back equal, and fields not sent stay (spec § Event: "A field marked * is a metadata field
 * of the catalog with flavor dublincore/episode"; § Metadata, PUT: "Fields not included are not updated").
 * Rules: events.create.metadata, metadata.put.applies, metadata.put.unsent-unchanged.
 */
export const metadataRoundtrip = defineProperty<Case>({
  id: 'prop-metadata-roundtrip',
  title: 'Episode metadata written on create and with PUT /metadata reads back equal; unsent fields stay',
  runsFactor: 2.5,
  // Each case writes and reads back one event of its own (tagged title, read by id): nothing shared.
  casesOverlap: true,
  rules: ['events.create.metadata', 'metadata.put.applies', 'metadata.put.unsent-unchanged'],
  cases: (env) => {
    const fields = fieldsFor(env);
    return fc.record({
      create: episodeCatalog({ fields }),
      put: episodeCatalog({ fields, requireTitle: false }).filter((c) => Object.keys(c).length > 0),
    });
  },
  async check(kit, c, rules) {
    const created = sent(kit, c.create);
    const id = await mustCreate(kit, { fields: created });
    if (typeof id !== 'string') return id;
    if (rules.includes('events.create.metadata')) {
      const v = await kit.settle('events.create.metadata', () => readsBack(kit, id, created, 'events.create.metadata', 'after POST /api/events'));
      if (!v.ok) return v;
    }
    const update = sent(kit, c.put);
    const put = accepted(kit.env, await kit.api.putCatalog(id, update), 'metadata.put.applies', 'PUT /api/events/{id}/metadata?type=dublincore/episode');
    if (!put.ok) return put;
    const unsent = Object.fromEntries(Object.entries(created).filter(([k]) => !(k in update)));
    return kit.settle('metadata.put.applies', async () => {
      const applied = await readsBack(kit, id, update, 'metadata.put.applies', 'after PUT /metadata');
      if (!applied.ok || !rules.includes('metadata.put.unsent-unchanged')) return applied;
      kit.exercised.add('metadata.put.unsent-unchanged');
      return readsBack(kit, id, unsent, 'metadata.put.unsent-unchanged', 'after PUT /metadata (fields not sent)');
    });
  },
});
