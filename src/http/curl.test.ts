import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from './curl.js';
import { summarizeMultipart } from './request-body.js';
import type { MultipartPart } from './types.js';

const parts: MultipartPart[] = [
  { name: 'metadata', value: `[{"title":"It's @home"}]` },
  { name: 'presenter', filename: 'presenter.mp4', contentType: 'video/mp4', data: new Uint8Array(3) },
];

describe('toCurl', () => {
  it('writes a form POST with the Basic placeholder', () => {
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:8080/api/events?a=1&b=2',
      headers: { accept: 'application/v1.3.0+json', authorization: 'Basic <redacted>', 'content-type': 'application/x-www-form-urlencoded' },
      body: "title=It's",
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:8080/api/events?a=1&b=2' -H 'accept: application/v1.3.0+json' ` +
        `-u "$EVCONF_USER:$EVCONF_PASS" -H 'content-type: application/x-www-form-urlencoded' --data-raw 'title=It'\\''s'`,
    );
  });

  it('writes multipart parts as -F / --form-string, without the boundary header', () => {
    const req = {
      method: 'POST',
      url: 'http://h/api/events',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-api-key': '<redacted>' },
      body: summarizeMultipart(parts),
    };
    const expected =
      `curl -sS -i -X POST http://h/api/events -H 'x-api-key: <redacted>' ` +
      `--form-string 'metadata=[{"title":"It'\\''s @home"}]' -F 'presenter=@presenter.mp4;type=video/mp4'`;
    expect(toCurl(req, parts)).toBe(expected);
    expect(toCurl(req)).toBe(expected); // read back from the recorded summary
  });

  it('omits -X for a GET and uses -I for HEAD', () => {
    expect(toCurl({ method: 'GET', url: 'http://h/a', headers: {} })).toBe('curl -sS -i http://h/a');
    expect(toCurl({ method: 'HEAD', url: 'http://h/a', headers: {} })).toBe('curl -sS -I http://h/a');
    expect(toCurl({ method: 'DELETE', url: 'http://h/a', headers: {} })).toBe('curl -sS -i -X DELETE http://h/a');
  });

  it('shell-quotes so that sh reads back the exact string', () => {
    for (const s of [`it's "x" $HOME \`id\` \\n`, 'plain', '', 'a b;c|d&e', "''"]) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(s)}`], { encoding: 'utf8' })).toBe(s);
    }
  });
});
