import { describe, expect, it } from 'vitest';
import { reportFixture, SECRET } from '../report/fixtures.js';
import { redactHeaders, redactRun, redactText } from './patterns.js';

describe('redaction', () => {
  it('masks secret headers by name, keeping the scheme', () => {
    expect(redactHeaders({ Authorization: SECRET, cookie: 'JSESSIONID=abc', accept: 'x' }))
      .toEqual({ Authorization: 'Basic <redacted>', cookie: '<redacted>', accept: 'x' });
    expect(redactHeaders({ authorization: 'opaque token with spaces' }).authorization).toBe('<redacted>');
  });

  it.each([
    [`curl -H 'Authorization: ${SECRET}' http://h/`, "curl -H 'Authorization: Basic <redacted>' http://h/"],
    ['curl -H "Cookie: a=1; b=2" http://h/', 'curl -H "Cookie: <redacted>" http://h/'],
    ["curl -u 'admin:s3cret' http://h/", "curl -u 'admin:<redacted>' http://h/"],
    ['evconf run --auth admin:pw --user-auth=bob:pw2', 'evconf run --auth admin:<redacted> --user-auth=bob:<redacted>'],
    ['GET http://admin:pw@host/api', 'GET http://admin:<redacted>@host/api'],
    ['{"authorization":"Bearer abc.def"}', '{"authorization":"Bearer <redacted>"}'],
    // Only the exact usage hint is spared: a real password that happens to be PASS, or a real user, is not.
    ['evconf run --user-auth admin:PASS', 'evconf run --user-auth admin:<redacted>'],
    ['evconf run --auth USER:s3cret', 'evconf run --auth USER:<redacted>'],
    ['evconf run --auth USER:PASSWORD1', 'evconf run --auth USER:<redacted>'],
    ["curl -u 'USER:PASS2' http://h/", "curl -u 'USER:<redacted>' http://h/"],
  ])('redactText(%j)', (input, out) => {
    expect(redactText(input)).toBe(out);
  });

  it.each([
    "curl -u 'admin:<password>' http://h/",
    'a 401 without an Authorization: header is expected',
    'Authorization: Basic <redacted>',
    'needs a non-administrative user: give --user-auth USER:PASS',
    'check --auth USER:PASS or EVCONF_AUTH',
  ])('leaves placeholders and prose alone: %j', (s) => {
    expect(redactText(s)).toBe(s);
  });

  it('redacts a whole run without modifying the input', () => {
    const run = reportFixture();
    const before = JSON.stringify(run);
    const out = JSON.stringify(redactRun(run));
    expect(JSON.stringify(run)).toBe(before);
    expect(before).toContain('YWRtaW46czNjcmV0');
    expect(out).not.toContain('YWRtaW46czNjcmV0');
    expect(out).not.toContain('s3cret');
  });
});
