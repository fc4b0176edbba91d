import { describe, expect, it } from 'vitest';
import { errors } from 'undici';
import { describeTransportError, TransportFailure } from './transport-error.js';

function withCode(code: string, message = 'boom'): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeTransportError', () => {
  it('maps Node and undici codes to the stable codes', () => {
    const cases: [unknown, string][] = [
      [withCode('ECONNREFUSED'), 'connect-refused'],
      [withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'), 'dns'],
      [withCode('EAI_AGAIN'), 'dns'],
      [new errors.ConnectTimeoutError(), 'connect-timeout'],
      [new errors.HeadersTimeoutError(), 'headers-timeout'],
      [new errors.BodyTimeoutError(), 'body-timeout'],
      [new errors.SocketError('other side closed'), 'socket-closed'],
      [withCode('ECONNRESET'), 'socket-closed'],
      [new errors.ResponseExceededMaxSizeError(), 'body-too-large'],
      [new errors.HTTPParserError('Expected HTTP/'), 'bad-response'],
      [new errors.RequestAbortedError(), 'aborted'],
      [new TransportFailure('too-many-redirects', 'more than 3 redirects'), 'too-many-redirects'],
      [new Error('weird'), 'other'],
      ['a string', 'other'],
    ];
    for (const [err, code] of cases) expect(describeTransportError(err).code, String(err)).toBe(code);
  });

  it('looks into AggregateError members and the cause chain', () => {
    const agg = Object.assign(new AggregateError([withCode('ECONNREFUSED')], 'all attempts failed'), {});
    expect(describeTransportError(agg).code).toBe('connect-refused');
    const wrapped = new TypeError('fetch failed', { cause: withCode('ENOTFOUND') });
    expect(describeTransportError(wrapped).code).toBe('dns');
  });

  it('gives a readable message with the underlying one', () => {
    expect(describeTransportError(withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'))).toEqual({
      code: 'dns',
      message: 'host name could not be resolved (check the URL): getaddrinfo ENOTFOUND nowhere.invalid',
    });
    expect(describeTransportError(new TransportFailure('body-too-large', 'over 8 bytes')).message).toBe('over 8 bytes');
  });
});
