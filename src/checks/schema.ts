import type { CheckDef } from './types.js';
import { getPath, isVerdict, jsonOrFail, toJson } from './evidence.js';

/**
 * spec § Event: the oldest variant's members are "named presenters, contributors and start_time, not presenter,
 * contributor and start". An object that carries the later name in place of the oldest one breaks the schema twice
 * (the oldest name required, the later one refused); a failure names that as the one difference it is ("/ names
 * presenters presenter (its later name)"), so an expectation can name a server that renames, and an object that
 * carries both names (only the refusal) or neither (only the requirement) stays a difference of its own.
 */
type Violation = { path: string; message: string };

const LATER_NAME: Readonly<Record<string, string>> = { presenters: 'presenter', contributors: 'contributor', start_time: 'start' };

/** The violations as a failure lists them ("<path> <message>"), a required oldest name beside its later name as one. */
function renamed(violations: readonly Violation[]): string[] {
  const folded = new Set<Violation>();
  const out: string[] = [];
  for (const v of violations) {
    if (folded.has(v)) continue;
    const oldest = /^must have required property '([^']+)'$/.exec(v.message)?.[1];
    const later = oldest !== undefined ? LATER_NAME[oldest] : undefined;
    const refusal = later !== undefined ? violations.find((x) => x.path === `${v.path}/${later}` && x.message.startsWith('must NOT be valid') && !folded.has(x)) : undefined;
    if (refusal) {
      folded.add(refusal);
      out.push(`${v.path || '/'} names ${oldest} ${later} (its later name)`);
      continue;
    }
    out.push(`${v.path || '/'} ${v.message}`);
  }
  return out;
}

/** The body (or the saved value at `path`) conforms to the version's JSON Schema `shape` (specs/schemas). */
export const schemaCheck: CheckDef = {
  name: 'schema',
  doc: 'the body (or the value at `path`) conforms to the schema `shape` of the version under test',
  params: {
    type: 'object',
    required: ['shape'],
    additionalProperties: false,
    properties: { shape: { type: 'string' }, path: { type: 'string' } },
  },
  run(ctx, p) {
    const j = jsonOrFail(ctx);
    if (isVerdict(j)) return j;
    const shape = p.shape as string;
    const value = getPath(j.value, (p.path as string | undefined) ?? '');
    const violations = ctx.shapes.validate(shape, value);
    if (violations.length === 0) return { pass: true, message: `conforms to ${shape} (${ctx.version})` };
    const shown = renamed(violations).slice(0, 8);
    return {
      pass: false,
      message: `does not conform to ${shape} (${ctx.version}): ${shown.join('; ')}${violations.length > 8 ? ` (+${violations.length - 8} more)` : ''}`,
      expected: `schema ${shape} of ${ctx.version}`,
      actual: toJson(violations.slice(0, 20)),
    };
  },
};
