import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID, initialDataKeys, seedInitialData, takeInitialData } from './initial-data';

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
});
