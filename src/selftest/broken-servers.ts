import type { Wrap } from './adaptive-servers.js';

/**
 * Broken (not legal) variants of the reference server for self-tests, beside the legal ones of adaptive-servers.ts:
 * each wraps the reference handler and breaks one thing the way an independent server was seen to.
 */

/** GET of a single event (GET /api/events/{id}, not its sub-resources). */
const SINGLE_GET = /^\/api\/events\/[^/?]+\/?(\?|$)/;

/** GET /api/events/{id} resets every connection (no status line); everything else answers as the reference server. */
export const singleGetResets: Wrap = (h) => (req, res) => (req.method === 'GET' && SINGLE_GET.test(req.url ?? '') ? void req.socket.resetAndDestroy() : h(req, res));
