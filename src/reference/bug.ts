import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MutantName } from './hooks.js';

/**
 * The types the server core shares with its planted bugs, declared outside the bugs' own folder so that the core
 * needs nothing from there but the hook points of hooks.ts (issue 20 item 4); the bugs' types module re-exports them.
 */

export type { MutantName };

/** Asks whether the planted bug `name` is switched on in this server. */
export type BugFn = (name: MutantName) => boolean;

/** A request handler of node:http (what a transport-level mutant wraps). */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
