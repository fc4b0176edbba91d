import type { Reply } from './api.js';
import { judgeBy, type Judging } from './judge.js';
import type { Broken, Verdict } from './verdict.js';

/** Status and body type of a reply, judged by the checks registry (src/cases/judge.ts): `status`, `json-type`. */

const STATUS = judgeBy('status');
const STATUS_CLASS = judgeBy('status-class');
const JSON_TYPE = judgeBy('json-type');

/** A short excerpt of a response body for `actual`. */
export function excerpt(r: Reply, max = 300): string {
  const text = r.ex.response?.body ?? '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The reply's status is one of `allowed`; a transport failure fails the rule with the error as evidence (ARCHITECTURE.md, principle 4). */
export function statusIs(env: Judging, r: Reply, allowed: number[], rule: string, what: string): Verdict {
  return STATUS(env, r, rule, { in: allowed }, what);
}

/** A write the check needs accepted: any 2xx, else a broken verdict of `rule` (transport errors included). */
export function accepted(env: Judging, r: Reply, rule: string, what: string): Verdict {
  return STATUS_CLASS(env, r, rule, { class: 2 }, what);
}

/** The body is JSON of `type` (no status judged). */
export function jsonTypeIs(env: Judging, r: Reply, type: 'array' | 'object', rule: string, what: string): Verdict {
  return JSON_TYPE(env, r, rule, { type }, what);
}

/** `first`, or when it holds the verdict `then` gives. */
export function firstFailing(first: Verdict, then: () => Verdict): Verdict {
  return first.ok ? then() : first;
}

export function isBroken(x: unknown): x is Broken {
  return typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false && 'rule' in x;
}
