import fc from 'fast-check';
import { accessControlList, aclEntry, episodeCatalog, processingInstructions, type EpisodeFieldId } from '../../generators/index.js';
import type { CommandName } from '../lifecycle.js';
import type { EventModel } from '../model.js';
import type { Real } from '../real.js';
import type { WithFlag } from '../../oracles/views.js';
import { AddAce } from './add-ace.js';
import { CreateEvent } from './create-event.js';
import { DeleteCatalog } from './delete-catalog.js';
import { DeleteEvent } from './delete-event.js';
import { GetEvent } from './get-event.js';
import { ListEvents } from './list-events.js';
import { PutAcl } from './put-acl.js';
import { PutMetadata } from './put-metadata.js';
import { PutScheduling } from './put-scheduling.js';
import { RemoveAce } from './remove-ace.js';
import { UpdateAcl } from './update-acl.js';
import { UpdateMetadata } from './update-metadata.js';
import { UpdateEventParts } from './update-parts.js';
import { PutExtraMetadata } from './put-extra-metadata.js';
import { RecreateEvent } from './recreate-event.js';
import { CreateRecurring } from './create-recurring.js';
import { PostTrack } from './post-track.js';

export type Cmd = fc.AsyncCommand<EventModel, Real>;

/** What the command arbitraries depend on in a version. */
export interface CommandContext {
  /** Catalog fields with an event member in the version. */
  fields: EpisodeFieldId[];
  /** Number of schedule slots. */
  slots: number;
  /** The run's workflow (--workflow). */
  workflow: string;
  /** The with* flags whose views the list command may judge (consistency rules selected and applicable). */
  viewFlags?: readonly WithFlag[];
  /** ACL action constraints (cases/phase-env.ts aclActionConstraints): read and write only where the server wants that. */
  acl?: { actions?: string[]; customActions?: number };
}

/** The rules each command checks (specs/rules.yaml). */
export const COMMAND_RULES: Readonly<Record<CommandName, readonly string[]>> = {
  create: ['events.create.metadata', 'events.create.acl', 'events.create.schedule-single'],
  'update-metadata': ['events.update.metadata', 'events.update.partial'],
  'update-acl': ['events.update.acl', 'events.update.partial'],
  'put-acl': ['acl.put.overwrites'],
  'add-ace': ['acl.add.adds', 'acl.add.others-unaffected'],
  'remove-ace': ['acl.remove.removes', 'acl.remove.others-unaffected'],
  'put-metadata': ['metadata.put.applies', 'metadata.put.unsent-unchanged'],
  'delete-catalog': ['metadata.delete.removes'],
  'put-scheduling': ['scheduling.put.applies', 'scheduling.put.409'],
  delete: ['events.delete.gone'],
  get: ['events.get.status'],
  list: ['events.list.filter.textFilter'],
  update: ['events.update.metadata', 'events.update.acl', 'events.update.schedule', 'events.update.partial'],
  'put-extra-metadata': ['metadata.put.applies', 'metadata.put.unsent-unchanged'],
  recreate: ['events.delete.gone', 'events.create.metadata', 'events.create.acl'],
  'create-recurring': ['events.create.rrule', 'events.create.rrule-200', 'events.create.acl'],
  // track.post.overwrite is judged where a sequence uploads twice to one event (rare: reported only when it fails;
  // the scenarios of suites/versions check it every run).
  'post-track': ['track.post.200', 'track.post.adds'],
};

const pick = fc.nat({ max: 7 });

/** The arbitrary of each command. */
export function commandArbitrary(name: CommandName, c: CommandContext): fc.Arbitrary<Cmd> {
  const partial = episodeCatalog({ fields: c.fields, requireTitle: false }).filter((x) => Object.keys(x).length > 0);
  switch (name) {
    case 'create': return fc.tuple(episodeCatalog({ fields: c.fields }), fc.boolean(), processingInstructions({ workflows: [c.workflow] })).map(([cat, s, p]) => new CreateEvent(cat, s, p));
    case 'update-metadata': return fc.tuple(pick, partial).map(([p, x]) => new UpdateMetadata(p, x));
    case 'update-acl': return fc.tuple(pick, accessControlList({ deny: false, maxEntries: 4, ...c.acl })).map(([p, a]) => new UpdateAcl(p, a));
    case 'put-acl': return fc.tuple(pick, accessControlList({ maxEntries: 5, ...c.acl })).map(([p, a]) => new PutAcl(p, a));
    case 'add-ace': return fc.tuple(pick, aclEntry({ ...c.acl })).map(([p, e]) => new AddAce(p, e.action, e.role));
    case 'remove-ace': return fc.tuple(pick, fc.nat({ max: 9 })).map(([p, i]) => new RemoveAce(p, i));
    case 'put-metadata': return fc.tuple(pick, partial).map(([p, x]) => new PutMetadata(p, x));
    case 'delete-catalog': return pick.map((p) => new DeleteCatalog(p));
    case 'put-scheduling': {
      const target = fc.oneof(fc.nat({ max: Math.max(0, c.slots - 1) }).map((slot) => ({ slot })), pick.map((onto) => ({ onto })));
      return fc.tuple(pick, target).map(([p, t]) => new PutScheduling(p, t));
    }
    case 'delete': return pick.map((p) => new DeleteEvent(p));
    case 'update': {
      const parts = fc.record({
        metadata: fc.option(partial, { nil: undefined }),
        acl: fc.option(accessControlList({ deny: false, maxEntries: 4, ...c.acl }), { nil: undefined }),
        scheduling: fc.option(fc.nat({ max: 9 }), { nil: undefined }),
        processing: fc.boolean(),
      }, { requiredKeys: ['processing'] }).map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== false)));
      return fc.tuple(pick, parts).map(([p, x]) => new UpdateEventParts(p, x));
    }
    case 'put-extra-metadata': return fc.tuple(pick, fc.nat({ max: 99 })).map(([p, v]) => new PutExtraMetadata(p, v));
    case 'recreate': return pick.map((p) => new RecreateEvent(p));
    case 'create-recurring': return episodeCatalog({ fields: c.fields }).map((cat) => new CreateRecurring(cat));
    case 'post-track': return fc.tuple(pick, fc.boolean()).map(([p, o]) => new PostTrack(p, o));
    case 'get': return pick.map((p) => new GetEvent(p));
    case 'list': {
      // One list in eight also judges every view of the live events with one flag (a sample; see ListEvents).
      const flags = c.viewFlags ?? [];
      if (flags.length === 0) return fc.constant(null).map(() => new ListEvents());
      return fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: fc.constantFrom(...flags), weight: 1 }).map((f) => new ListEvents(f));
    }
  }
}
