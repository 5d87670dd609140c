import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { renderRoutes } from '@/test/render-routes';
import { RequireAuth } from './require-auth';

const renderWallet = () =>
  renderRoutes(
    [
      {
        path: '/wallet',
        element: (
          <RequireAuth>
            <h1>Wallet</h1>
          </RequireAuth>
        ),
      },
    ],
    '/wallet?tab=sent',
  );

afterEach(() => useSessionStore.setState({ status: 'guest' }));

describe('a page that needs login (docs/product/README.md#access)', () => {
  it('is shown to a signed-in user', () => {
    useSessionStore.setState({ status: 'authenticated' });
    renderWallet();
    expect(screen.getByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
  });

  it('sends a guest to /login, remembering the wanted path and query as returnTo', async () => {
    useSessionStore.setState({ status: 'guest' });
    renderWallet();
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
    expect(localStorage.getItem('returnTo')).toBe('/wallet?tab=sent');
  });

  it('shows a loading state, never the page, while the session is being checked', async () => {
    useSessionStore.setState({ status: 'checking' });
    renderWallet();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByRole('heading', { name: 'Wallet' })).not.toBeInTheDocument();
    act(() => useSessionStore.setState({ status: 'authenticated' }));
    expect(await screen.findByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
  });

  it('sends the user to /login when the session ends while the page is open', async () => {
    useSessionStore.setState({ status: 'authenticated' });
    renderWallet();
    act(() => useSessionStore.setState({ status: 'guest' }));
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  });
});
