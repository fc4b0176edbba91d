import { describe, expect, it } from 'vitest';
import { closeJsonArray, replayBody } from './wire-body.js';
import { LINE_BODY_LIMIT, parseWire } from './wire-format.js';

const BLOCK = [
  '#1 GET {base_url}/api/version/default',
  '  Accept: ',
  '  Content-Type: ',
  '  body: ',
  '#2 POST {base_url}/api/events/e1',
  '  Accept: application/v1.1.0+json',
  '  Content-Type: multipart/form-data; boundary=BB',
  '  body: --BB\r',
  'Content-Disposition: form-data; name="acls"\r',
  '\r',
  '[]\r',
  '--BB--\r',
  '',
  '  => update(id, acl only) [expect 204]: 400 {"error":"x"}',
  '#3 PUT {base_url}/api/events/e1/metadata?type=dublincore%2Fepisode',
  '  Accept: application/v1.1.0+json',
  '  Content-Type: application/x-www-form-urlencoded',
  '  body: metadata=%5B%7B%22id%22%3A%22a%22%7D%2C%7B%22id%22%3A%22b...[99 bytes]',
  '  => updateMetadata(round trip): 204 null',
  '',
].join('\n');

describe('wire recordings (test/fixtures/clients/*/wire-*.txt)', () => {
  it('block form: headers, a body over several lines with its CRLFs, the answer and its [expect]', () => {
    const [version, update, put] = parseWire('w.txt', BLOCK);
    expect(version).toEqual({ source: 'w.txt#1', method: 'GET', target: '/api/version/default', headers: {}, body: '' });
    expect(update.headers).toEqual({ accept: 'application/v1.1.0+json', 'content-type': 'multipart/form-data; boundary=BB' });
    expect(update.body).toBe('--BB\r\nContent-Disposition: form-data; name="acls"\r\n\r\n[]\r\n--BB--\r\n');
    expect(update.answer).toEqual({ call: 'update(id, acl only) [expect 204]', status: 400, body: '{"error":"x"}', expect: 204 });
    expect([put.elided, put.body.endsWith('%22b'), put.answer?.status]).toEqual([99, true, 204]);
  });

  it('line form: flattened, and cut at the limit', () => {
    const long = `--B Content-Disposition: form-data; name="acl" Content-Length: 2 [] --B Content-Disposition: form-data; name="metadata${'x'.repeat(LINE_BODY_LIMIT)}`.slice(0, LINE_BODY_LIMIT);
    const text = `GET {base_url}/api/events?withacl=1 | Accept: application/v1.6.0+json | CT:  | \nPOST {base_url}/api/events | Accept: application/v1.0.0+json | CT: multipart/form-data; boundary=B | ${long}\n`;
    const [get, post] = parseWire('x.txt', text);
    expect(get).toEqual({ source: 'x.txt:1', method: 'GET', target: '/api/events?withacl=1', headers: { accept: 'application/v1.6.0+json' }, body: '', flattened: true, cut: false });
    expect([post.cut, post.headers['content-type']]).toEqual([true, 'multipart/form-data; boundary=B']);
  });

  it('refuses a line it cannot read', () => {
    expect(() => parseWire('bad.txt', '#1 GET {base_url}/api/events\n  Accept: x\n  body: \n')).toThrow(/Content-Type/);
  });

  it('completes what the recording left out: a cut JSON array closed after its last element; a file tail and the closing boundary', async () => {
    expect(closeJsonArray('[{"id":"a","v":"]}"},{"id":"b')).toBe('[{"id":"a","v":"]}"}]');
    const [, update, put] = parseWire('w.txt', BLOCK);
    expect((await replayBody(put)).bytes.toString()).toBe(new URLSearchParams({ metadata: '[{"id":"a"}]' }).toString());
    const cut = { ...update, body: update.body.slice(0, 40), elided: 100 };
    const bytes = (await replayBody(cut)).bytes;
    expect([bytes.length, bytes.subarray(-10).toString()]).toEqual([40 + 100, '\r\n--BB--\r\n']);
  });
});
