import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RootLayout } from './root-layout';

describe('RootLayout', () => {
  it('draws the footer with the first page, not under its skeleton (decision 023)', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let show: (module: { default: () => ReactElement }) => void = () => {};
    const Page = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          show = resolve;
        }),
    );
    const router = createMemoryRouter([{ element: <RootLayout />, children: [{ path: '/page', element: <Page /> }] }], {
      initialEntries: ['/page'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await act(async () => show({ default: () => <h1>The page</h1> }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Newsletter sign-up' })).toBeInTheDocument();
  });
});
