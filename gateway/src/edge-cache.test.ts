import { carriesCredentials, EdgeCache, sharedLifetime } from './edge-cache';
import { WindowCounts } from './shared-rate-limit';

describe('sharedLifetime: how long a shared cache may keep an answer', () => {
  it.each([
    ['public, max-age=60', 60],
    ['public, max-age=0, s-maxage=1', 1],
    ['Public, S-MaxAge="5", max-age=60', 5],
  ])('%s: %i s', (header, seconds) => {
    expect(sharedLifetime(header)).toBe(seconds);
  });

  it.each([
    '',
    'max-age=60',
    'public',
    'public, max-age=0',
    'public, max-age=abc',
    'public, private, max-age=60',
    'public, no-store, max-age=60',
    'public, no-cache, max-age=60',
    'private, max-age=60',
    'no-store',
  ])('%j: not at all', (header) => {
    expect(sharedLifetime(header)).toBeUndefined();
  });
});

describe('WindowCounts: the rate-limit counts the workers share', () => {
  it('counts within a window and starts again after it, per client', () => {
    const counts = new WindowCounts();
    expect(counts.incr('a', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counts.incr('a', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counts.incr('b', 1000, 400)).toEqual({ current: 1, ttl: 1000 });
    expect(counts.read('a', 1000, 500)).toEqual({ current: 2, ttl: 500 });
    expect(counts.incr('a', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
    counts.prune(1000, 1500);
    expect(counts.read('b', 1000, 1500)).toEqual({ current: 0, ttl: 0 });
    expect(counts.read('a', 1000, 1500)).toEqual({ current: 1, ttl: 500 });
  });

  it('holds at most its number of clients, forgetting the window opened longest ago', () => {
    const counts = new WindowCounts(2);
    counts.incr('a', 10_000, 0);
    counts.incr('b', 10_000, 100);
    counts.incr('a', 10_000, 10_000); // a's window reopens: now the newest
    counts.incr('c', 10_000, 10_050); // b's window, still open, is the oldest
    expect(counts.read('b', 10_000, 10_050)).toEqual({ current: 0, ttl: 0 });
    expect(counts.read('a', 10_000, 10_050)).toEqual({ current: 1, ttl: 9_950 });
    expect(counts.read('c', 10_000, 10_050)).toEqual({ current: 1, ttl: 10_000 });
  });
});

describe('EdgeCache: packed copies', () => {
  const body = Buffer.from(
    JSON.stringify({ jobs: Array.from({ length: 200 }, (_, i) => ({ i, title: `Nurse ${i}` })) }),
  );
  const request = (headers: Record<string, string> = {}, method = 'GET') => ({
    method,
    url: '/api/job/get',
    headers,
  });
  const answer = {
    statusCode: 200,
    headers: { 'cache-control': 'public, max-age=60', 'content-type': 'application/json' },
    body,
  };

  it('count toward the bytes held, and go with their answer', () => {
    const cache = new EdgeCache(1_000_000);
    cache.store(request(), '/api/job', answer);
    expect(cache.size).toBe(body.length);
    const br = cache.lookup(request({ 'accept-encoding': 'br' }))!;
    expect(br.headers['content-encoding']).toBe('br');
    expect(cache.size).toBe(body.length + br.body!.length);
    // Asked again: the same copy, nothing more held.
    expect(cache.lookup(request({ 'accept-encoding': 'br' }))!.body).toBe(br.body);
    expect(cache.size).toBe(body.length + br.body!.length);
    // HEAD is never packed; a change under the prefix drops the answer with its copies.
    expect(
      cache.lookup(request({ 'accept-encoding': 'br' }, 'HEAD'))!.headers['content-encoding'],
    ).toBeUndefined();
    cache.store(request({}, 'POST'), '/api/job', { statusCode: 201, headers: {}, body: Buffer.from('{}') });
    expect(cache.size).toBe(0);
  });
});

describe('carriesCredentials: a request whose answer is never kept for others', () => {
  it.each([
    [{ authorization: 'Bearer x' }, true],
    [{ cookie: 'sid=abc' }, true],
    [{ cookie: 'afya.lang=sw; sid=abc' }, true],
    [{ cookie: 'afya.lang=sw; afya.consent=1' }, false],
    [{ cookie: '' }, false],
    [{}, false],
  ])('%j: %s', (headers, expected) => {
    expect(carriesCredentials(headers)).toBe(expected);
  });
});
