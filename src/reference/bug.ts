import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The types the server core shares with its planted bugs, declared outside the bugs' own folder so that the core
 * imports nothing from there; the bugs' types module re-exports them.
 */

/**
 * A planted bug's name. The core does not know the names (they are declared in mutants/, which it does not import);
 * mutants/names.test.ts checks that every name the server asks bug() for is a mutant's.
 */
export type MutantName = string;

/** Asks whether the planted bug `name` is switched on in this server. */
export type BugFn = (name: MutantName) => boolean;

/** A request handler of node:http (what a transport-level mutant wraps). */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
