import type { CheckDef, CheckVerdict } from '../types.js';
import { isVerdict, jsonOrFail, toJson } from '../evidence.js';

/**
 * Checks of the acl rule family (spec § Access policy, § Access control list entry). ACLs are compared as sets of
 * (allow, action, role) triples: order and duplicates never matter. An expected entry without `allow` does not
 * judge allow (spec: "Default of allow when omitted: not shown").
 */

/** One ACL entry as expected (allow undefined = not judged) or as read (allow undefined = member missing). */
export interface Ace {
  action: string;
  role: string;
  allow?: boolean;
}

const ENTRY_LIST = { description: 'an array of {action, role, allow?} or the same as JSON text (what the run sent)' };
const KEY = {
  type: 'object', required: ['action', 'role'], additionalProperties: false,
  properties: { action: { type: 'string' }, role: { type: 'string' } },
};

function allowOf(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return undefined;
}

/** Entries from a check parameter (array or JSON text); undefined when it is neither. */
export function expectedEntries(v: unknown): Ace[] | undefined {
  let list = v;
  if (typeof v === 'string') {
    try { list = JSON.parse(v); } catch { return undefined; }
  }
  if (!Array.isArray(list)) return undefined;
  const out: Ace[] = [];
  for (const e of list) {
    const o = e as Record<string, unknown> | null;
    if (!o || typeof o.action !== 'string' || typeof o.role !== 'string') return undefined;
    const allow = allowOf(o.allow);
    out.push(allow === undefined ? { action: o.action, role: o.role } : { action: o.action, role: o.role, allow });
  }
  return out;
}

/** The entries of an ACL as read; a failing verdict when the body is not an array of {action, role}. */
export function readEntries(v: unknown, what = 'body'): Ace[] | CheckVerdict {
  if (!Array.isArray(v)) return { pass: false, message: `${what} is not a JSON array of ACL entries`, actual: toJson(v) };
  const out: Ace[] = [];
  for (const [i, e] of v.entries()) {
    const o = e as Record<string, unknown> | null;
    if (!o || typeof o !== 'object' || typeof o.action !== 'string' || typeof o.role !== 'string') {
      return { pass: false, message: `${what} entry ${i} is not an object with string action and role`, actual: toJson(e) };
    }
    out.push({ action: o.action, role: o.role, ...(typeof o.allow === 'boolean' ? { allow: o.allow } : {}) });
  }
  return out;
}

/** Whether a read entry matches an expected one (same action and role; same allow when the expectation has one). */
export function matchesAce(expected: Ace, actual: Ace): boolean {
  return expected.action === actual.action && expected.role === actual.role
    && (expected.allow === undefined || expected.allow === actual.allow);
}

const show = (e: Ace) => `${e.allow === undefined ? '' : e.allow ? 'allow ' : 'deny '}${e.action} ${e.role}`;
const tripleKey = (e: Ace) => JSON.stringify([e.allow ?? null, e.action, e.role]);

function dedupe(list: Ace[]): Ace[] {
  const seen = new Map<string, Ace>();
  for (const e of list) seen.set(tripleKey(e), e);
  return [...seen.values()];
}

const samePair = (x: Ace, y: Ace) => x.action === y.action && x.role === y.role;

/**
 * Expected entries missing from `actual`, and actual entries no expectation accounts for. An entry sent without
 * allow stands for ONE entry of its pair with whatever allow the server gave it (spec § Access control list entry:
 * "Default of allow when omitted: not shown"): of the pair's entries no sent allow accounts for, the first is its
 * own, a second (the pair read back as both allow and deny) is extra.
 */
export function aclDiff(expected: Ace[], actual: Ace[]): { missing: Ace[]; extra: Ace[] } {
  const want = dedupe(expected);
  const taken: Ace[] = [];
  const extra = dedupe(actual).filter((a) => {
    if (want.some((e) => e.allow !== undefined && samePair(e, a) && e.allow === a.allow)) return false;
    if (!want.some((e) => e.allow === undefined && samePair(e, a)) || taken.some((t) => samePair(t, a))) return true;
    taken.push(a);
    return false;
  });
  return { missing: want.filter((e) => !actual.some((a) => matchesAce(e, a))), extra };
}

function describeDiff(d: { missing: Ace[]; extra: Ace[] }): string {
  return [
    d.missing.length ? `missing: ${d.missing.map(show).join('; ')}` : '',
    d.extra.length ? `unexpected: ${d.extra.map(show).join('; ')}` : '',
  ].filter(Boolean).join(' / ');
}

/** A bad `entries` parameter is a scenario bug: thrown, so the engine reports evconf's own error. */
function wantedEntries(v: unknown): Ace[] {
  const want = expectedEntries(v);
  if (!want) throw new Error(`check parameter "entries" is not a list of ACL entries: ${JSON.stringify(v)}`);
  return want;
}

function bodyEntries(ctx: Parameters<CheckDef['run']>[0]): Ace[] | CheckVerdict {
  const j = jsonOrFail(ctx);
  return isVerdict(j) ? j : readEntries(j.value);
}

/**
 * acl.put.overwrites: "The existing ACL is overwritten." The ACL read back is exactly the set that was sent. With
 * `except`, entries of that (action, role) pair are left out of the comparison (the generated stages judge "other
 * entries are unaffected" so, § Access policy).
 */
export const aclEqualsCheck: CheckDef = {
  name: 'acl-equals',
  doc: 'the body is an ACL holding exactly the `entries` (as a set of allow/action/role; allow judged only where given), apart from the pair `except` (if given)',
  params: { type: 'object', required: ['entries'], additionalProperties: false, properties: { entries: ENTRY_LIST, except: KEY } },
  run(ctx, p) {
    const k = p.except as Ace | undefined;
    const others = (l: Ace[]) => l.filter((e) => !(k && samePair(e, k)));
    const want = others(wantedEntries(p.entries));
    const read = bodyEntries(ctx);
    if (isVerdict(read)) return read;
    const got = others(read);
    const d = aclDiff(want, got);
    const pass = d.missing.length === 0 && d.extra.length === 0;
    const what = k ? `the entries other than ${k.action} ${k.role}` : 'ACL';
    return {
      pass,
      message: pass ? `${k ? `${what} are` : 'ACL is'} exactly the ${dedupe(want).length} entries sent` : `${what} ${k ? 'differ' : 'differs'} from what was sent: ${describeDiff(d)}`,
      expected: toJson(want), actual: toJson(got),
    };
  },
};

/**
 * acl.add.adds / acl.remove.removes / acl.get.status: some entries are present, some (action, role) pairs absent.
 * `writeStatus` is the status of the write the read judges (e.g. "{{saved.add.status}}"): a 400 is a legal refusal
 * of the input (the spec does not promise that every role string is accepted), so the check skips; any other status
 * is judged by what the ACL holds.
 */
export const aclIncludesCheck: CheckDef = {
  name: 'acl-includes',
  doc: 'the body is an ACL containing every entry of `entries` and no entry (any allow) for the pairs in `absent` (skipped when `writeStatus` is 400)',
  params: {
    type: 'object', additionalProperties: false,
    properties: {
      entries: ENTRY_LIST, absent: { type: 'array', items: KEY },
      writeStatus: { description: 'the status of the write this read judges; 400 (the input refused) skips the check' },
    },
  },
  run(ctx, p) {
    if (Number(p.writeStatus) === 400) {
      return { pass: false, message: 'the write was refused (400)', skip: 'the server refused the role with 400: the spec does not promise that every role string is accepted' };
    }
    const want = p.entries === undefined ? [] : wantedEntries(p.entries);
    const got = bodyEntries(ctx);
    if (isVerdict(got)) return got;
    const missing = want.filter((e) => !got.some((a) => matchesAce(e, a)));
    const absent = (p.absent as Ace[] | undefined) ?? [];
    const present = got.filter((a) => absent.some((k) => k.action === a.action && k.role === a.role));
    const pass = missing.length === 0 && present.length === 0;
    const why = [missing.length ? `missing: ${missing.map(show).join('; ')}` : '', present.length ? `still present: ${present.map(show).join('; ')}` : ''];
    return { pass, message: pass ? 'ACL holds the expected entries' : why.filter(Boolean).join(' / '), expected: toJson({ entries: want, absent }), actual: toJson(got) };
  },
};

/**
 * acl.add.others-unaffected / acl.remove.others-unaffected: "other entries are unaffected". Apart from the
 * (action, role) pair that was changed, the ACL read now equals the ACL read before the change. Without `except`
 * (another event, whose ACL no request changed) the whole ACL must equal the one read before.
 */
export const aclOthersUnchangedCheck: CheckDef = {
  name: 'acl-others-unchanged',
  unchanged: true,
  doc: 'apart from the pair `except` (if given), the body ACL equals `before` (the ACL read before the change)',
  params: {
    type: 'object', required: ['before'], additionalProperties: false,
    properties: { before: { description: 'the ACL read before the change (null when it could not be read)' }, except: KEY },
  },
  run(ctx, p) {
    const before = readEntries(p.before, 'the ACL read before the change');
    if (isVerdict(before)) return { pass: false, message: before.message, skip: `precondition: the ACL could not be read before the change (${before.message})` };
    const got = bodyEntries(ctx);
    if (isVerdict(got)) return got;
    const k = p.except as Ace | undefined;
    const others = (l: Ace[]) => dedupe(l.filter((e) => !(k && e.action === k.action && e.role === k.role)));
    const b = others(before);
    const a = others(got);
    const same = (x: Ace, y: Ace) => x.action === y.action && x.role === y.role && x.allow === y.allow;
    const d = { missing: b.filter((x) => !a.some((y) => same(x, y))), extra: a.filter((y) => !b.some((x) => same(x, y))) };
    const pass = d.missing.length === 0 && d.extra.length === 0;
    return {
      pass,
      message: pass ? `the ${b.length} other entries are unchanged`
        : `${k ? `entries other than ${k.action} ${k.role}` : 'the ACL no request changed'} changed: ${describeDiff(d)}`,
      expected: toJson(b), actual: toJson(a),
    };
  },
};

export const CHECKS_ACL: CheckDef[] = [aclEqualsCheck, aclIncludesCheck, aclOthersUnchangedCheck];
