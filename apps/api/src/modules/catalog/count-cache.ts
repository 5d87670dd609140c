/**
 * Remembers how many products match a filter for a short time. Counting an unselective filter
 * (every GB product) scans the table: at 100,000 products that costs ~40 ms on PostgreSQL, on
 * every browse page. A total that is up to a minute old is fine for "Showing 16 of N"; the
 * products themselves are always read fresh.
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.total;
    const total = await count();
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { total, expiresAt: this.now() + this.ttlMs });
    return total;
  }

  clear(): void {
    this.entries.clear();
  }
}
