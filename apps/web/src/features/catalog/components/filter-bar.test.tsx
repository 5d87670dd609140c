import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { productFiltersQueryOptions } from '../api/get-product-filters';
import { useBrowseParams } from '../hooks/use-browse-params';
import { FilterBar } from './filter-bar';

function Browse() {
  const { params, setFilter, clearFilters } = useBrowseParams();
  const location = useLocation();
  return (
    <>
      <FilterBar params={params} country="GB" onChange={setFilter} onClear={clearFilters} />
      <output aria-label="Current URL">{location.pathname + location.search}</output>
    </>
  );
}

function renderAt(url: string) {
  const queryClient = createQueryClient();
  // The lists the server would send: the test's own catalogue.
  queryClient.setQueryData(productFiltersQueryOptions({ country: 'GB' }).queryKey, {
    categories: ['fashion', 'electricals', 'travel'],
    merchants: ['Argos', 'ASOS', 'Boots'],
  });
  // Each category's own brands (decision 031): only those sold in it.
  queryClient.setQueryData(productFiltersQueryOptions({ country: 'GB', category: 'fashion' }).queryKey, {
    categories: ['fashion', 'electricals', 'travel'],
    merchants: ['ASOS'],
  });
  queryClient.setQueryData(productFiltersQueryOptions({ country: 'GB', category: 'travel' }).queryKey, {
    categories: ['fashion', 'electricals', 'travel'],
    merchants: ['Boots'],
  });
  const router = createMemoryRouter([{ path: '/', Component: Browse }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const url = () => screen.getByRole('status', { name: 'Current URL' }).textContent;
const select = (name: string) => screen.getByRole('combobox', { name });

describe('the browse filter bar keeps its state in the query parameters', () => {
  it('offers the categories and brands the catalogue has, and the six sort options', () => {
    renderAt('/');
    const categories = within(select('Category'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(categories).toEqual(['All categories', 'Fashion', 'Electricals', 'Travel']);
    const brands = within(select('Brand'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(brands).toEqual(['All brands', 'Argos', 'ASOS', 'Boots']);
    const sorts = within(select('Sort by'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(sorts).toEqual(['merchant-az', 'merchant-za', 'price-asc', 'price-desc', 'category-az', 'category-za']);
    expect(select('Country')).toHaveDisplayValue('United Kingdom');
  });

  it('shows the choices a link carries', () => {
    renderAt('/?category=travel&merchant=Boots&sortBy=price-desc');
    expect(select('Category')).toHaveDisplayValue('Travel');
    expect(select('Brand')).toHaveDisplayValue('Boots');
    expect(select('Sort by')).toHaveDisplayValue('Price: High to Low');
  });

  it('writes each choice to the URL and keeps the others', async () => {
    const user = renderAt('/?q=bo');
    await user.selectOptions(select('Category'), 'Fashion');
    expect(url()).toBe('/?q=bo&category=fashion');
    await user.selectOptions(select('Sort by'), 'Price: Low to High');
    expect(url()).toBe('/?q=bo&category=fashion&sortBy=price-asc');
  });

  it('choosing a brand replaces the search text, which would otherwise take precedence', async () => {
    const user = renderAt('/?q=bo&category=fashion');
    await user.selectOptions(select('Brand'), 'ASOS');
    expect(url()).toBe('/?category=fashion&merchant=ASOS');
  });

  it('choosing "All" or the default sort removes the parameter', async () => {
    const user = renderAt('/?category=fashion&sortBy=price-asc');
    await user.selectOptions(select('Category'), 'All categories');
    await user.selectOptions(select('Sort by'), 'Brand: A to Z');
    expect(url()).toBe('/');
  });

  it('offers only the brands of the chosen category, and follows a change of category', async () => {
    const user = renderAt('/?category=fashion');
    const brands = () =>
      within(select('Brand'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(brands()).toEqual(['All brands', 'ASOS']);
    await user.selectOptions(select('Category'), 'Travel');
    expect(brands()).toEqual(['All brands', 'Boots']);
    await user.selectOptions(select('Category'), 'All categories');
    expect(brands()).toEqual(['All brands', 'Argos', 'ASOS', 'Boots']);
  });

  it('keeps a chosen brand listed and selected when the new category does not sell it', async () => {
    const user = renderAt('/?merchant=Argos');
    await user.selectOptions(select('Category'), 'Fashion');
    expect(url()).toBe('/?merchant=Argos&category=fashion');
    expect(select('Brand')).toHaveDisplayValue('Argos');
    const brands = within(select('Brand'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(brands).toEqual(['All brands', 'Argos', 'ASOS']);
  });

  it('keeps a brand from a shared link selectable even when the list lacks it', () => {
    renderAt('/?merchant=Harrods');
    expect(select('Brand')).toHaveDisplayValue('Harrods');
  });

  it('clear filters removes category, brand, sort and search', async () => {
    const user = renderAt('/?category=fashion&merchant=ASOS&sortBy=price-asc&q=as');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(url()).toBe('/');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
