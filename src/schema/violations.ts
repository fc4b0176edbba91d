/** Turns ajv errors into SchemaViolation data (ARCHITECTURE.md, principle 2: results are data). */
import type { ErrorObject } from 'ajv';

/** One way a payload breaks a shape. */
export interface SchemaViolation {
  /** JSON pointer (RFC 6901) of the offending value; "" is the whole payload. For `required`, the object missing the member. */
  path: string;
  /** Human-readable, self-contained: names the member, the allowed values or the type actually found. */
  message: string;
  /** The JSON Schema keyword that failed (required, type, enum, pattern, format, oneOf, ...). */
  keyword: string;
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'not']);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function baseMessage(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type': {
      const types = ([] as unknown[]).concat((error.params as { type?: unknown }).type ?? []);
      return `must be ${types.join(' or ')} (found ${jsonType(error.data)})`;
    }
    case 'enum': {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')} (found ${JSON.stringify(error.data)})`;
    }
    case 'pattern':
    case 'format':
      return `${error.message ?? 'is invalid'} (found ${JSON.stringify(error.data)})`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** ajv's message, made self-contained; a `description` of the failing (sub)schema says what was expected. */
function describe(error: ErrorObject): string {
  const description = error.parentSchema?.description;
  const base = baseMessage(error);
  return typeof description === 'string' ? `${base}: expected ${description}` : base;
}

/**
 * Converts ajv's error list (compiled with allErrors + verbose) to violations. Errors of the branches of a failed
 * oneOf/anyOf/not are folded into that one combinator error (its schema `description` says what was meant), the
 * `if` keyword's own "must match then/else" echo is dropped, and exact duplicates are removed.
 */
export function toViolations(errors: readonly ErrorObject[] | null | undefined): SchemaViolation[] {
  if (!errors) return [];
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword));
  const inBranch = (e: ErrorObject): boolean =>
    combinators.some((c) => c !== e && e.schemaPath.startsWith(`${c.schemaPath}/`));
  const out: SchemaViolation[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'if' || inBranch(error)) continue;
    const violation = { path: error.instancePath, message: describe(error), keyword: error.keyword };
    const key = JSON.stringify(violation);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(violation);
    }
  }
  return out;
}
