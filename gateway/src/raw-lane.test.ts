import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { Socket } from 'node:net';
import { parseRequestHead, RawAnswer } from './raw-lane';

const head = (...lines: string[]) => lines.join('\r\n');

/** The head as the front door finds it: in what was read, up to its first blank line. */
function parse(text: string) {
  const read = Buffer.from(`${text}\r\n\r\n`, 'latin1');
  return parseRequestHead(read, read.indexOf('\r\n\r\n'));
}

describe('parseRequestHead: what the raw front door takes, and what it leaves to Node', () => {
  it('takes a plain GET, with its headers as Node gives them (lower-case names, trimmed values)', () => {
    expect(
      parse(
        head(
          'GET /api/job/get?page=2 HTTP/1.1',
          'Host: clinic.example',
          'Accept-Encoding:  gzip, br ',
          'X-Empty:',
          'User-Agent: Mozilla/5.0 (Linux; Android 14)\tx',
        ),
      ),
    ).toEqual({
      url: '/api/job/get?page=2',
      headers: {
        host: 'clinic.example',
        'accept-encoding': 'gzip, br',
        'x-empty': '',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14)\tx',
      },
      keepAlive: true,
    });
  });

  it.each([
    ['Connection: keep-alive', true],
    ['Connection: close', false],
    ['Connection: Keep-Alive, CLOSE', false],
    ['Connection: x-close', true],
    ['Connection: te,close ', false],
  ])('%s: kept alive %s', (field, keepAlive) => {
    expect(parse(head('GET / HTTP/1.1', 'Host: a', field))?.keepAlive).toBe(keepAlive);
  });

  it.each([
    ['HEAD', head('HEAD /api/job/get HTTP/1.1', 'Host: a')],
    ['another method in lower case', head('get /api/job/get HTTP/1.1', 'Host: a')],
    ['HTTP/1.0', head('GET /api/job/get HTTP/1.0', 'Host: a')],
    ['HTTP/2 spelt in a request line', head('GET /api/job/get HTTP/2.0', 'Host: a')],
    ['two spaces', head('GET  /api/job/get HTTP/1.1', 'Host: a')],
    ['an absolute URL', head('GET http://a/api/job/get HTTP/1.1', 'Host: a')],
    ['a space in the URL', head('GET /api/job get HTTP/1.1', 'Host: a')],
    ['a byte above ASCII in the URL', head('GET /api/jöb HTTP/1.1', 'Host: a')],
    ['no Host', head('GET /api/job/get HTTP/1.1', 'Accept: */*')],
    ['two Hosts', head('GET /api/job/get HTTP/1.1', 'Host: a', 'Host: b')],
    ['a header twice in other cases', head('GET / HTTP/1.1', 'Host: a', 'Accept: x', 'ACCEPT: y')],
    ['a space before the colon', head('GET / HTTP/1.1', 'Host : a')],
    ['a folded line (obs-fold)', head('GET / HTTP/1.1', 'Host: a', 'X-A: b', ' c')],
    ['a bare LF inside', 'GET / HTTP/1.1\r\nHost: a\nX-Smuggled: 1'],
    ['a bare CR inside', 'GET / HTTP/1.1\r\nHost: a\rX: 1'],
    ['a NUL in a value', head('GET / HTTP/1.1', 'Host: a', 'X-A: b\0c')],
    ['a control character in a value', head('GET / HTTP/1.1', 'Host: a', 'X-A: b\x01')],
    ['a byte above ASCII in a value', head('GET / HTTP/1.1', 'Host: a', 'X-A: café')],
    ['a name that is not a token', head('GET / HTTP/1.1', 'Host: a', 'X(A): b')],
    ['a line without a colon', head('GET / HTTP/1.1', 'Host: a', 'X-A b')],
    ['bytes after the version', head('GET / HTTP/1.1 x', 'Host: a')],
    ['Upgrade', head('GET / HTTP/1.1', 'Host: a', 'Upgrade: websocket')],
    ['Expect', head('GET / HTTP/1.1', 'Host: a', 'Expect: 100-continue')],
  ])('leaves %s to Node', (_what, text) => {
    expect(parse(text)).toBeUndefined();
  });

  it('reads a header named like a property of every object as any other, and leaves __proto__ to Node', () => {
    expect(parse(head('GET / HTTP/1.1', 'Host: a', 'constructor: x'))?.headers).toEqual({
      host: 'a',
      constructor: 'x',
    });
    expect(parse(head('GET / HTTP/1.1', 'Host: a', '__proto__: x'))).toBeUndefined();
  });
});

describe("RawAnswer.writeHead: the headers Node's writeHead refuses, refused alike", () => {
  const refuses = (check: () => unknown) => {
    try {
      check();
      return false;
    } catch {
      return true;
    }
  };
  const names = ['x-a', 'X_A', "!#$%&'*+-.^_`|~9", '', 'x a', 'x(a)', 'x:a', 'x\ta', 'caf\u00e9', 'x\u0100'];
  const values = ['plain', '', 'a\tb', 'caf\u00e9', 'a\nb', 'a\rb', 'a\0b', 'a\x7fb', '\u0100'];

  it.each(names)('name %j', (name) => {
    // writeHead touches no socket: it only frames the head.
    const answer = new RawAnswer({} as Socket, '');
    expect(refuses(() => answer.writeHead(200, [name, 'v']))).toBe(refuses(() => validateHeaderName(name)));
  });

  it.each(values)('value %j', (value) => {
    const answer = new RawAnswer({} as Socket, '');
    expect(refuses(() => answer.writeHead(200, ['x-a', value]))).toBe(
      refuses(() => validateHeaderValue('x-a', value)),
    );
  });
});
