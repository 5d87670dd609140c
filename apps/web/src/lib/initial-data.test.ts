import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INITIAL_DATA_ELEMENT_ID,
  initialDataKeys,
  PAGE_DATA_FRESH_MS,
  pageDataStaleTime,
  seedInitialData,
  takeInitialData,
} from './initial-data';
import { createQueryClient } from './query-client';

function embed(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ELEMENT_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove());

describe("the page's initial data (decision 024)", () => {
  it('is read once: the block is removed', () => {
    embed('{"product":{"id":"p1","response":{"_id":"p1"}}}');
    expect(takeInitialData()).toEqual({ product: { id: 'p1', response: { _id: 'p1' } } });
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull();
    expect(takeInitialData()).toBeUndefined();
  });

  it('is ignored when missing or not JSON', () => {
    expect(takeInitialData()).toBeUndefined();
    embed('{not json');
    expect(takeInitialData()).toBeUndefined();
  });

  it('seeds the browse grid as its first page and the product under its id', () => {
    const client = new QueryClient();
    const params = { sortBy: 'merchant-az', country: 'GB' };
    const page = { products: [{ _id: 'p1' }], pagination: { currentPage: 1, totalPages: 1, total: 1 } };
    seedInitialData(client, { search: { params, response: page }, product: { id: 'p2', response: { _id: 'p2' } } });
    expect(client.getQueryData(initialDataKeys.search(params))).toEqual({ pages: [page], pageParams: [1] });
    expect(client.getQueryData(initialDataKeys.product('p2'))).toEqual({ _id: 'p2' });
  });

  it('seeds nothing from a block of the wrong shape', () => {
    const client = new QueryClient();
    seedInitialData(client, {
      search: { params: { country: 'GB' }, response: 'x' },
      product: { id: 'p', response: [] },
    });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('seeds the filter lists and the top sellers (their products) too', () => {
    const client = new QueryClient();
    const filters = { categories: ['fashion'], merchants: ['Argos'] };
    const params = { country: 'GB', category: 'fashion' };
    seedInitialData(client, { filters: { params, response: filters }, topSellers: { products: [{ _id: 't1' }] } });
    expect(client.getQueryData(initialDataKeys.filters(params))).toEqual(filters);
    expect(client.getQueryData(initialDataKeys.topSellers())).toEqual([{ _id: 't1' }]);
  });

  it('counts as fresh for a minute while the query holds it, then as any other data', async () => {
    const client = createQueryClient();
    seedInitialData(client, { product: { id: 'p3', response: { _id: 'p3' } } });
    const seededQuery = client.getQueryCache().find({ queryKey: initialDataKeys.product('p3'), exact: true });
    if (!seededQuery) throw new Error('not seeded');
    expect(pageDataStaleTime(seededQuery)).toBe(PAGE_DATA_FRESH_MS);
    // A page mounting now finds it fresh: no request.
    let fetched = 0;
    await client.fetchQuery({ queryKey: initialDataKeys.product('p3'), queryFn: () => ++fetched });
    expect(fetched).toBe(0);
    // Once replaced by an answer of its own, the default (0) applies again.
    client.setQueryData(initialDataKeys.product('p3'), { _id: 'p3', later: true }, { updatedAt: Date.now() + 1 });
    expect(pageDataStaleTime(seededQuery)).toBe(0);
    // A query never seeded is stale at once, as before.
    client.setQueryData(['other'], 1);
    const other = client.getQueryCache().find({ queryKey: ['other'], exact: true });
    if (!other) throw new Error('missing');
    expect(pageDataStaleTime(other)).toBe(0);
  });
});
