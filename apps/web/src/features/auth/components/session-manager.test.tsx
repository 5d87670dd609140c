import { authEndpoints } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { clearTokens, readTokens, storeTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { SESSION_CHECK_INTERVAL_MS, SessionManager } from './session-manager';

let restoreApi = () => {};
let fakeInstalled = false;

function renderManager() {
  // No session call is expected unless a test declares it: anything else answers 404.
  if (!fakeInstalled) restoreApi = installFakeApi({}).restore;
  const queryClient = createQueryClient();
  queryClient.setQueryData(['users', 'me'], { _id: 'user-ada' });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionManager navigate={vi.fn()} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** What another tab does: it writes localStorage directly, and this tab only hears a `storage` event. */
function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

const status = () => useSessionStore.getState().status;

afterEach(() => {
  restoreApi();
  fakeInstalled = false;
  vi.useRealTimers();
  useSessionStore.setState({ status: 'guest' });
});

describe('the session manager (docs/product/accounts.md#sessions)', () => {
  it('checks the session on load', async () => {
    storeTokens(fakeAccessToken({ exp: epochSeconds(600) }), 'refresh-1');
    useSessionStore.setState({ status: 'checking' });
    renderManager();
    await waitFor(() => expect(status()).toBe('authenticated'));
  });

  it('follows a logout in another tab and drops the cached user', async () => {
    storeTokens(fakeAccessToken({ exp: epochSeconds(600) }), 'refresh-1');
    const queryClient = renderManager();
    await waitFor(() => expect(status()).toBe('authenticated'));

    act(() => {
      // In the order clearTokens removes them.
      otherTabWrites('refreshToken', null);
      otherTabWrites('token', null);
    });
    await waitFor(() => expect(status()).toBe('guest'));
    expect(queryClient.getQueryData(['users', 'me'])).toBeUndefined();
  });

  it('follows a sign-in in another tab', async () => {
    renderManager();
    await waitFor(() => expect(status()).toBe('guest'));
    act(() => {
      // In the order storeTokens writes them.
      otherTabWrites('token', fakeAccessToken({ exp: epochSeconds(600) }));
      otherTabWrites('refreshToken', 'refresh-1');
    });
    await waitFor(() => expect(status()).toBe('authenticated'));
  });

  it("follows this tab's own token changes", async () => {
    renderManager();
    act(() => storeTokens(fakeAccessToken({ exp: epochSeconds(600) }), 'refresh-1'));
    await waitFor(() => expect(status()).toBe('authenticated'));
    act(() => clearTokens());
    await waitFor(() => expect(status()).toBe('guest'));
  });

  it('re-checks every 5 minutes, renewing a token that has expired meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = installFakeApi(
      fakeEndpoint(authEndpoints.refresh, () => ({
        status: 200,
        body: { token: fakeAccessToken({ exp: epochSeconds(1200) }), refreshToken: 'refresh-2' },
      })),
    );
    restoreApi = fake.restore;
    fakeInstalled = true;
    storeTokens(fakeAccessToken({ exp: epochSeconds(120) }), 'refresh-1');
    renderManager();
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(fake.requests).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() => expect(readTokens().refreshToken).toBe('refresh-2'));
    expect(fake.requests.map((request) => request.path)).toEqual(['/users/refresh-token']);
    expect(status()).toBe('authenticated');
  });
});
