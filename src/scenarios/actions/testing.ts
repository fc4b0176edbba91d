import type http from 'node:http';
import { afterEach } from 'vitest';
import { createHttpClient } from '../../http/index.js';
import { startHttp, type TestServer } from '../../http/test-servers.js';
import { CleanupRegistry } from '../../core/cleanup.js';
import type { VersionEnv } from '../../core/version-env.js';

/**
 * Test support for action unit tests: a minimal scenario environment against a base URL, and throw-away loopback
 * servers, all closed after each test. Call `actionTestKit()` once at the top of a test file.
 */
export function actionTestKit(): { envFor(baseUrl: string): VersionEnv; fake(handler: http.RequestListener): Promise<TestServer>; track(c: { close(): Promise<void> }): void } {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => { await Promise.all(open.splice(0).map((s) => s.close())); });
  return {
    envFor(baseUrl) {
      const client = createHttpClient({ baseUrl, timeoutMs: 2_000 });
      open.push(client);
      return {
        version: '1.6.0', baseUrl, cleanup: new CleanupRegistry(), tag: 'evconftestv160s0', agent: 'a', timeBase: '2090-01-01T00:00:00Z',
        clients: { admin: client, none: client },
        config: { settleMs: 300, workflow: 'schedule-and-upload' },
        observe: () => undefined,
      } as unknown as VersionEnv;
    },
    async fake(handler) {
      const s = await startHttp(handler);
      open.push(s);
      return s;
    },
    track(c) { open.push(c); },
  };
}
