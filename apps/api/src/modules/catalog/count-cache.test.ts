import { describe, expect, it } from 'vitest';
import { browseTotalKey, CountCache } from './count-cache';

describe('CountCache', () => {
  it('answers a remembered total until it expires, then counts again', async () => {
    let now = 0;
    let counted = 0;
    const cache = new CountCache(1000, 10, () => now);
    const count = async () => ++counted;
    expect(await cache.get('gb', count)).toBe(1);
    now = 999;
    expect(await cache.get('gb', count)).toBe(1);
    now = 1000;
    expect(await cache.get('gb', count)).toBe(2);
  });

  it('keeps at most maxEntries filters, dropping the oldest', async () => {
    let counted = 0;
    const cache = new CountCache(60_000, 2);
    const count = async () => ++counted;
    await cache.get('a', count);
    await cache.get('b', count);
    await cache.get('c', count);
    expect(await cache.get('b', count)).toBe(2);
    expect(await cache.get('a', count)).toBe(4);
  });
});

describe('CountCache.browseTotal', () => {
  const table = (entries: [string | null, string | null, number][]) =>
    new Map(entries.map(([category, country, total]) => [browseTotalKey(category, country), total]));

  it('counts every browse total once a generation, sharing the count among the requests waiting for it', async () => {
    const cache = new CountCache();
    let counted = 0;
    const countAll = async () => {
      counted++;
      return table([
        ['fashion', 'GB', 3],
        ['fashion', null, 4],
        [null, 'GB', 7],
        [null, null, 9],
      ]);
    };
    const first = await Promise.all([
      cache.browseTotal('e.1', { category: 'fashion', country: 'GB' }, countAll),
      cache.browseTotal('e.1', { category: 'fashion' }, countAll),
      cache.browseTotal('e.1', { country: 'GB' }, countAll),
      cache.browseTotal('e.1', {}, countAll),
      cache.browseTotal('e.1', { category: 'travel', country: 'IE' }, countAll),
    ]);
    expect(first).toEqual([3, 4, 7, 9, 0]);
    expect(counted).toBe(1);
    await cache.browseTotal('e.2', {}, countAll);
    expect(counted).toBe(2);
  });

  it('does not keep a count that failed', async () => {
    const cache = new CountCache();
    await expect(
      cache.browseTotal('e.1', {}, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.browseTotal('e.1', {}, async () => table([[null, null, 2]]))).toBe(2);
  });
});
