import type { Ctx } from '../app.js';
import { family } from './types.js';

/**
 * Values filled from one another, fourth spec-only round (spec § Event: "presenter* | array[string] | Presenters",
 * "contributor* | array[string] | Contributors", "description* | string | Description", "title* | string | Title";
 * each a field of dublincore/episode as created). Bug sites: the single GET and the list bodies (mutants/spec4-sites.ts).
 */
export const SPEC4_STAND_IN_MUTANTS = family({
  'spec4-contributor-from-presenters': {
    rule: 'events.create.metadata',
    description: 'The single GET of an event created without contributors shows its presenters as contributor (contributors in 1.0.0): a fallback `contributor || creator`.',
  },
  'spec4-description-from-title': {
    rule: 'events.create.metadata',
    description: 'List items of an event without description show the title as description (a summary fallback); the single GET is right.',
  },
});

type Obj = Record<string, unknown>;

const empty = (x: unknown) => Array.isArray(x) && x.length === 0;

/** The single event object as a buggy server shapes it. */
export function standInGet(ctx: Ctx, o: Obj): void {
  if (!ctx.app.bug('spec4-contributor-from-presenters')) return;
  for (const [c, p] of [['contributor', 'presenter'], ['contributors', 'presenters']]) {
    if (empty(o[c]) && Array.isArray(o[p]) && (o[p] as unknown[]).length > 0) o[c] = [...(o[p] as unknown[])];
  }
}

/** A list item as a buggy server shapes it. */
export function standInListItem(ctx: Ctx, item: Obj): void {
  if (ctx.app.bug('spec4-description-from-title') && item.description === '' && typeof item.title === 'string') item.description = item.title;
}
