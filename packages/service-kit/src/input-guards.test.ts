import { Type } from '@sinclair/typebox';
import { buildService } from './service';
import { findPath } from './input-guards';

/** A service whose handlers count their calls: a refused request must never reach one. */
async function app() {
  const a = await buildService({ name: 'svc-test', logLevel: 'silent' });
  const reached = { count: 0 };
  a.post(
    '/things/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          title: Type.Optional(Type.String()),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          offset: Type.Optional(Type.Integer()),
        }),
        body: Type.Object(
          {
            name: Type.String(),
            count: Type.Optional(Type.Integer()),
            tags: Type.Optional(Type.Array(Type.Object({ label: Type.String() }))),
          },
          { additionalProperties: false },
        ),
      },
    },
    async () => {
      reached.count++;
      return { success: true };
    },
  );
  // No schema at all: the guard still applies.
  a.post('/loose', async () => {
    reached.count++;
    return { success: true };
  });
  return { a, reached };
}

const json = { 'content-type': 'application/json' };

describe('NUL characters', () => {
  it.each([
    ['a body field', '/things/x', { name: 'Ami\u0000na' }, 'name'],
    [
      'a nested field',
      '/things/x',
      { name: 'a', tags: [{ label: 'ok' }, { label: '\u0000' }] },
      'tags.1.label',
    ],
    ['a field name', '/things/x', { name: 'a', ['ev\u0000il']: 1 }, 'ev\\0il'],
    ['a query value', '/things/x?title=a%00b', { name: 'a' }, 'title'],
    ['an unknown query field', '/things/x?zz=%00', { name: 'a' }, 'zz'],
    ['a repeated query field', '/things/x?title=a&title=%00', { name: 'a' }, 'title.1'],
    ['a path parameter', '/things/a%00b', { name: 'a' }, 'id'],
    ['a route without a schema', '/loose', { deep: { er: ['\u0000'] } }, 'deep.er.0'],
  ])('in %s: 400 naming the field, handler not reached', async (_where, url, payload, field) => {
    const { a, reached } = await app();
    const res = await a.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: `${field}: must not contain NUL characters`,
      error: `${field}: must not contain NUL characters`,
      code: 'request.invalid',
    });
    expect(reached.count).toBe(0);
    await a.close();
  });

  it('in a raw text body, and deep in nested arrays, with a bounded message', async () => {
    const { a, reached } = await app();
    const text = await a.inject({
      method: 'POST',
      url: '/loose',
      headers: { 'content-type': 'text/plain' },
      payload: 'a\u0000',
    });
    expect(text.json().message).toBe('body: must not contain NUL characters');
    const depth = 20_000;
    const deep = await a.inject({
      method: 'POST',
      url: '/loose',
      headers: json,
      payload: `{"x":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/^x\.0\.0\.0.*…: must not contain NUL characters$/);
    expect(deep.json().message.length).toBeLessThan(160);
    expect(reached.count).toBe(0);
    await a.close();
  });
});

describe('lone surrogates', () => {
  it.each([
    ['a body field', { name: 'Ami\ud800na' }, 'name'],
    ['a nested field', { name: 'a', tags: [{ label: '\udc00' }] }, 'tags.0.label'],
    ['a field name', { name: 'a', ['ev\ud800il']: 1 }, 'ev\ud800il'],
  ])('in %s: 400 naming the field, handler not reached', async (_where, payload, field) => {
    const { a, reached } = await app();
    const res = await a.inject({
      method: 'POST',
      url: '/things/x',
      headers: json,
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: `${field}: must be text (a lone surrogate is not a character)`,
      error: `${field}: must be text (a lone surrogate is not a character)`,
      code: 'request.invalid',
    });
    expect(reached.count).toBe(0);
    await a.close();
  });

  it('lets whole pairs through: emoji and other characters beyond the first plane', async () => {
    const { a, reached } = await app();
    const res = await a.inject({
      method: 'POST',
      url: '/things/x',
      headers: json,
      payload: { name: '😀👩🏽‍⚕️ 𝄞' },
    });
    expect(res.statusCode).toBe(200);
    expect(reached.count).toBe(1);
    await a.close();
  });
});

describe('numbers, URLs and bodies a client can send', () => {
  it.each([
    ['1e309 in the body', '/things/x', '{"name":"a","count":1e309}', 'count: must be a finite number'],
    ['-1e309 in the query', '/things/x?offset=-1e309', '{"name":"a"}', 'offset: must be a finite number'],
    [
      '2**64 for a bounded integer',
      '/things/x?page=18446744073709551616',
      '{"name":"a"}',
      'page: must be <= 1000',
    ],
  ])('%s: 400 naming the field', async (_case, url, payload, message) => {
    const { a, reached } = await app();
    const res = await a.inject({ method: 'POST', url, headers: json, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, error: message, code: 'request.invalid' });
    expect(reached.count).toBe(0);
    await a.close();
  });

  it('answers broken percent-encoding and over-long path parameters in the error shape', async () => {
    const { a, reached } = await app();
    const bad = await a.inject({ method: 'POST', url: '/things/%E0%A4%A', payload: { name: 'a' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      message: 'The address is not valid: check its percent-encoding.',
      error: 'The address is not valid: check its percent-encoding.',
      code: 'request.invalid',
    });
    const long = await a.inject({
      method: 'POST',
      url: `/things/${'a'.repeat(500)}`,
      payload: { name: 'a' },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      success: false,
      message: 'The address is too long.',
      error: 'The address is too long.',
      code: 'request.uri_too_long',
    });
    const nowhere = await a.inject('/nowhere');
    expect(nowhere.json()).toEqual({
      success: false,
      message: 'No route for GET /nowhere.',
      error: 'No route for GET /nowhere.',
      code: 'request.not_found',
    });
    expect(reached.count).toBe(0);
    await a.close();
  });

  it('takes invalid UTF-8 in a JSON body as replacement characters, never a 5xx', async () => {
    const { a } = await app();
    const res = await a.inject({
      method: 'POST',
      url: '/things/x',
      headers: json,
      payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
    });
    expect(res.statusCode).toBe(200);
    await a.close();
  });
});

describe('findPath', () => {
  const isX = (v: unknown) => v === 'x';
  it('finds the first matching value or field name, and nothing in clean input', () => {
    expect(findPath({ a: [1, { b: 'x' }] }, isX)).toEqual(['a', '1', 'b']);
    expect(findPath({ a: ['y', 'x'], b: 'x' }, isX)).toEqual(['a', '1']);
    expect(findPath('x', isX)).toEqual([]);
    expect(findPath({ a: 1, b: [null, true] }, isX)).toBeUndefined();
    expect(
      findPath(
        { ok: { bad: 1 } },
        () => false,
        (k) => k === 'bad',
      ),
    ).toEqual(['ok', 'bad']);
    expect(findPath(Object.assign(Object.create(null), { q: 'x' }), isX)).toEqual(['q']);
  });

  it('walks only parsed input: not streams or other objects, which may hold cycles', () => {
    const cyclic = new (class Stream {
      self = this;
      text = 'x';
    })();
    expect(findPath({ body: cyclic }, isX)).toBeUndefined();
  });
});
