import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument, isMap, type Node } from 'yaml';

/** Names of the model commands (src/stateful/commands). */
export const COMMAND_NAMES = [
  'create', 'update-metadata', 'update-acl', 'put-acl', 'add-ace', 'remove-ace', 'put-metadata', 'delete-catalog',
  'put-scheduling', 'delete', 'get', 'list', 'update', 'put-extra-metadata', 'recreate', 'create-recurring', 'post-track',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** suites/stateful/lifecycle.yaml, validated. */
export interface LifecycleConfig {
  commands: CommandName[];
  maxCommands: number;
  maxEvents: number;
  runsFactor: number;
  /** Which of the catalogs the probe learned delete-catalog uses (default: the first one with a writable field). */
  extraCatalog?: string;
}

export class LifecycleFileError extends Error {}

const KEYS = ['commands', 'maxCommands', 'maxEvents', 'runsFactor', 'extraCatalog'];

/** Reads and validates the stateful stage's file; errors name file:line and say what is expected. */
export function loadLifecycle(file: string): LifecycleConfig {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
  const at = (node: Node | null | undefined) => (node?.range ? `${file}:${lines.linePos(node.range[0]).line}` : file);
  if (doc.errors.length > 0) throw new LifecycleFileError(`${file}: not valid YAML: ${doc.errors[0].message}`);
  if (!isMap(doc.contents)) throw new LifecycleFileError(`${file}: expected a mapping with ${KEYS.join(', ')}`);
  const map = doc.contents;
  const node = (k: string) => map.get(k, true) as Node | undefined;
  const fail = (k: string, msg: string): never => { throw new LifecycleFileError(`${at(node(k) ?? map)}: ${k}: ${msg}`); };
  for (const item of map.items) {
    const k = String((item.key as { value?: unknown })?.value ?? item.key);
    if (!KEYS.includes(k)) throw new LifecycleFileError(`${at(item.key as Node)}: unknown key "${k}" (known: ${KEYS.join(', ')})`);
  }
  const raw = doc.toJS() as Record<string, unknown>;
  const commands = raw.commands;
  if (!Array.isArray(commands) || commands.length === 0) fail('commands', 'must be a non-empty list of command names');
  for (const c of commands as unknown[]) {
    if (!(COMMAND_NAMES as readonly unknown[]).includes(c)) fail('commands', `unknown command ${JSON.stringify(c)} (known: ${COMMAND_NAMES.join(', ')})`);
  }
  if (!(commands as unknown[]).includes('create')) fail('commands', 'must include "create" (every other command needs an event)');
  const int = (k: string, lo: number, hi: number, def: number) => {
    const v = raw[k] ?? def;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) fail(k, `must be an integer from ${lo} to ${hi}`);
    return v as number;
  };
  const runsFactor = raw.runsFactor ?? 1;
  if (typeof runsFactor !== 'number' || !(runsFactor > 0 && runsFactor <= 20)) fail('runsFactor', 'must be a number above 0 and at most 20');
  const extraCatalog = raw.extraCatalog;
  if (extraCatalog !== undefined && (typeof extraCatalog !== 'string' || !/^[^/\s]+\/[^/\s]+$/.test(extraCatalog) || extraCatalog === 'dublincore/episode')) {
    fail('extraCatalog', 'must be a flavor type/subtype other than dublincore/episode');
  }
  return {
    commands: [...new Set(commands as CommandName[])],
    maxCommands: int('maxCommands', 1, 200, 12),
    maxEvents: int('maxEvents', 1, 20, 3),
    runsFactor: runsFactor as number,
    ...(extraCatalog !== undefined ? { extraCatalog: extraCatalog as string } : {}),
  };
}

/** The file in a suites folder. */
export function lifecycleFile(suitesDir: string): string {
  return join(suitesDir, 'stateful', 'lifecycle.yaml');
}
