import { AnswerCache } from './answer-cache';

describe('AnswerCache', () => {
  it('answers the same query in any key order until it expires', () => {
    const cache = new AnswerCache(1000, 10);
    cache.set(AnswerCache.keyOf({ title: 'nurse', page: 1 }), '{"a":1}', 0);
    expect(cache.get(AnswerCache.keyOf({ page: 1, title: 'nurse' }), 999)).toBe('{"a":1}');
    expect(cache.get(AnswerCache.keyOf({ page: 1, title: 'nurse' }), 1000)).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest, and clears on writes', () => {
    const cache = new AnswerCache(1000, 2);
    cache.set('a', '1', 0);
    cache.set('b', '2', 0);
    cache.set('c', '3', 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, '2', '3']);
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('marks answers for the shared cache only when it keeps them a whole second or more', () => {
    expect(AnswerCache.sharedCacheControl(1000)).toBe('public, max-age=0, s-maxage=1');
    expect(AnswerCache.sharedCacheControl(2500)).toBe('public, max-age=0, s-maxage=2');
    expect(AnswerCache.sharedCacheControl(999)).toBeUndefined();
    expect(AnswerCache.sharedCacheControl(0)).toBeUndefined();
  });
});
