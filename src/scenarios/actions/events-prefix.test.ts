import { Unavailable } from '../../core/unavailable.js';
import { actionNamed } from './index.js';
import { describe, expect, it } from 'vitest';
import { actionTestKit } from './testing.js';

const { envFor, fake } = actionTestKit();

/** A fake server holding events by exact identifier, answering 404 for anything else. */
async function holding(ids: string[]) {
  return fake((req, res) => {
    const id = decodeURIComponent((req.url ?? '').split('?')[0].replace('/api/events/', ''));
    if (ids.includes(id)) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ identifier: id }));
    else res.writeHead(404).end();
  });
}

// spec § Event: "identifier | Unique identifier of the event": a part of one identifier may be another event's whole
// identifier on servers with short sequential identifiers; such a prefix must not be used to expect a 404.
describe('pick-id-prefix', () => {
  it('takes the first half of the identifier when it names no event', async () => {
    const server = await holding(['abcdef12']);
    const out = await actionNamed('pick-id-prefix')(envFor(server.url), { id: 'abcdef12' }, {});
    expect(out.value).toEqual({ prefix: 'abcd' });
  });

  it('passes over a prefix that is another event\'s identifier', async () => {
    const server = await holding(['4217', '42']);
    const out = await actionNamed('pick-id-prefix')(envFor(server.url), { id: '4217' }, {});
    expect(out.value).toEqual({ prefix: '421' });
  });

  it('names the prefix Unavailable, with the reason, when every prefix is another event\'s identifier', async () => {
    const server = await holding(['42', '4']);
    const out = await actionNamed('pick-id-prefix')(envFor(server.url), { id: '42' }, {});
    const prefix = (out.value as { prefix: unknown }).prefix;
    expect(prefix).toBeInstanceOf(Unavailable);
    expect((prefix as Unavailable).reason).toMatch(/every prefix tried of 42 is the identifier of another event/);
  });
});
