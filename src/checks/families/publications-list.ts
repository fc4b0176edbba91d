import type { CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, toJson } from '../evidence.js';
import { unpublished } from './publications.js';

/** A check of the publications family on the publication list: members confined to the single publication. */

const skip = (why: string): CheckVerdict => ({ pass: false, skip: why, message: why });

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** spec § Publication: media, attachments and metadata are "Only in the single-publication response". */
const SINGLE_ONLY = ['media', 'attachments', 'metadata'] as const;

/**
 * publications.list.schema: spec § Publication, "media | array[track] | Only in the single-publication response" (and
 * attachments, metadata likewise); § Publications: the list is "200 with an array of publications (id, channel,
 * mediatype, url)". Other extra members are accepted; these three are confined to GET …/publications/{id}.
 */
export const publicationListSummaryCheck: CheckDef = {
  name: 'publication-list-summary',
  doc: 'once the event is published, the publication list is an array none of whose items carries media, attachments or metadata (members "Only in the single-publication response")',
  params: {
    type: 'object', required: ['published'], additionalProperties: false,
    properties: { published: { description: 'the saved value of the action await-media-published' } },
  },
  run(ctx, p) {
    const why = unpublished(p.published);
    if (why) return skip(why);
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    if (!Array.isArray(j.value)) return { pass: false, message: 'the publication list is not an array', actual: toJson(j.value) };
    const bad = j.value.flatMap((item, i) => (isRecord(item) ? SINGLE_ONLY.filter((m) => m in item).map((m) => `item ${i} (${String(item.id)}) has ${m}`) : []));
    return bad.length === 0
      ? { pass: true, message: `${j.value.length} publications, none with media, attachments or metadata` }
      : {
        pass: false,
        message: `the list carries members the spec gives "Only in the single-publication response": ${bad.slice(0, 6).join('; ')}`,
        expected: 'items without media, attachments, metadata', actual: toJson(j.value.slice(0, 3)),
      };
  },
};

export const CHECKS_PUBLICATIONS_LIST: CheckDef[] = [publicationListSummaryCheck];
