import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { ProtectedLink } from './protected-link';

function renderLink() {
  const router = createMemoryRouter([
    { path: '/', element: <ProtectedLink to="/wallet">Wallet</ProtectedLink> },
    { path: '/wallet', element: <h1>Wallet page</h1> },
    { path: '/login', element: <h1>Login page</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('a protected link (docs/product/README.md#access)', () => {
  afterEach(() => useSessionStore.setState({ status: 'guest' }));

  it('sends a guest to /login, remembering the wanted path as returnTo', async () => {
    useSessionStore.setState({ status: 'guest' });
    const user = renderLink();
    await user.click(screen.getByRole('link', { name: 'Wallet' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(localStorage.getItem('returnTo')).toBe('/wallet');
  });

  it('takes a signed-in user straight to the page', async () => {
    useSessionStore.setState({ status: 'authenticated' });
    const user = renderLink();
    await user.click(screen.getByRole('link', { name: 'Wallet' }));
    expect(screen.getByRole('heading', { name: 'Wallet page' })).toBeInTheDocument();
    expect(localStorage.getItem('returnTo')).toBeNull();
  });
});
