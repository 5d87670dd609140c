import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { setGuestCartCount } from '../lib/guest-cart-count';
import { SaveLocalCartOnSignIn } from './save-local-cart-on-sign-in';

// The save itself is tested with the cart pages (use-server-cart.test.tsx); here only when it mounts.
vi.mock('./save-local-cart-for-user', () => ({ default: () => <p>saving the local cart</p> }));

afterEach(() => {
  useSessionStore.setState({ status: 'guest' });
  setGuestCartCount(0);
});

describe('SaveLocalCartOnSignIn', () => {
  it('loads the save only for a signed-in shopper whose browser holds cart lines, and keeps it mounted', async () => {
    setGuestCartCount(0);
    useSessionStore.setState({ status: 'authenticated' });
    render(<SaveLocalCartOnSignIn />);
    await act(async () => {});
    expect(screen.queryByText('saving the local cart')).not.toBeInTheDocument();

    act(() => setGuestCartCount(2));
    expect(await screen.findByText('saving the local cart')).toBeInTheDocument();

    // The save empties the local cart; its watcher stays until it has finished.
    act(() => setGuestCartCount(0));
    expect(screen.getByText('saving the local cart')).toBeInTheDocument();
  });

  it('loads nothing for a guest with cart lines', async () => {
    setGuestCartCount(1);
    render(<SaveLocalCartOnSignIn />);
    await act(async () => {});
    expect(screen.queryByText('saving the local cart')).not.toBeInTheDocument();
  });
});
