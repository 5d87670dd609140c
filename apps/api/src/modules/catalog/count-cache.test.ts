import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache';

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
