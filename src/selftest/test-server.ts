import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createReferenceHandler, type ReferenceOptions } from '../reference/index.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A reference server inside the test process (so a test can count its events), optionally wrapped (slow, hostile),
 * listening on 127.0.0.1 for the duration of the describe block that calls it.
 */
export function referenceServerForTests(opts: ReferenceOptions, wrap: (h: Handler) => Handler = (h) => h) {
  const ref = createReferenceHandler(opts);
  const state = { url: '', ref };
  let server: Server;
  beforeAll(async () => {
    server = createServer(wrap(ref.handler));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    ref.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return state;
}
