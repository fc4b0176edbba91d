import { describe, expect, it } from 'vitest';
import { actionNamed } from './index.js';
import { actionTestKit } from './testing.js';

const { envFor, fake } = actionTestKit();

// Design §1.6: "It never touches data it did not create." A server that ignores textFilter (and whose list grows
// because someone else creates events meanwhile) must not make evconf register foreign events for deletion.
describe('create-invalid-event never adopts events it did not create', () => {
  it('ignores listed events whose title does not carry the scenario tag', async () => {
    let lists = 0;
    const server = await fake((req, res) => {
      if (req.method === 'GET') {
        lists++;
        const foreign = [{ identifier: 'someone-elses-1', title: 'Lecture 1' }, ...(lists > 1 ? [{ identifier: 'someone-elses-2', title: 'Lecture 2' }] : [])];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(foreign));
        return;
      }
      req.resume();
      req.on('end', () => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"metadata is not JSON"}'));
    });
    const env = envFor(server.url);
    const out = await actionNamed('create-invalid-event')(env, {}, {});
    expect((out.value as { status: number }).status).toBe(400);
    expect(env.cleanup.pending()).toEqual([]);
  });
});
