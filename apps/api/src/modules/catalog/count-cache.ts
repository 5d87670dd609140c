/**
 * Remembers how many products match a filter for a short time. Counting an unselective filter
 * (every GB product) scans the table: at 100,000 products that costs ~40 ms on PostgreSQL, on
 * every browse page. A total that is up to a minute old is fine for "Showing 16 of N"; the
 * products themselves are always read fresh.
 *
 * A browse page's total (a category, a country, both or neither, no term) comes from a table of
 * every such total, counted in one pass over the catalogue the first time one is asked for in a
 * generation and kept until the generation changes (decision 022): there are only categories ×
 * countries of them, and counting each on its own read thousands of rows for the first page of
 * each (docs/performance-history.md, "Catalogue reads").
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; expiresAt: number }>();
  private browse: { generation: string; totals: Promise<BrowseTotals> } | undefined;

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

  /**
   * The number of products in `category` and `country` (either or both absent: any) in
   * `generation`, from the browse totals counted once for it by `countAll` (shared by the
   * requests that ask while it counts; a failure is not kept).
   */
  async browseTotal(
    generation: string,
    filter: { category?: string | undefined; country?: string | undefined },
    countAll: () => Promise<BrowseTotals>,
  ): Promise<number> {
    let current = this.browse;
    if (current?.generation !== generation) {
      const totals = countAll();
      current = { generation, totals };
      this.browse = current;
      totals.catch(() => {
        if (this.browse === current) this.browse = undefined;
      });
    }
    return (await current.totals).get(browseTotalKey(filter.category, filter.country)) ?? 0;
  }

  clear(): void {
    this.entries.clear();
    this.browse = undefined;
  }
}

/** Browse totals by `browseTotalKey(category, country)`; a filter that matches nothing is absent. */
export type BrowseTotals = Map<string, number>;

export function browseTotalKey(category: string | null | undefined, country: string | null | undefined): string {
  return JSON.stringify([category ?? null, country ?? null]);
}
