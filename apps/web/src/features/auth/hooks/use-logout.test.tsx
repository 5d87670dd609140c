import { authEndpoints } from '@gvm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { readTokens, storeTokens } from '@/lib/auth/token-storage';
import { type EndpointAnswer, epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { useLogout } from './use-logout';

let restoreApi = () => {};

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Log out
    </button>
  );
}

type LogoutAnswer = EndpointAnswer<typeof authEndpoints.logout>;

async function logOutFrom(path: string, answer: () => LogoutAnswer | Promise<LogoutAnswer>) {
  const fake = installFakeApi(fakeEndpoint(authEndpoints.logout, answer));
  restoreApi = fake.restore;
  storeTokens(fakeAccessToken({ exp: epochSeconds(600) }), 'refresh-1');
  useSessionStore.setState({ status: 'authenticated' });
  const { queryClient } = renderRoutes([{ path: '/account', Component: LogoutButton }], path);
  queryClient.setQueryData(['users', 'me'], { _id: 'user-ada' });
  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
  return { requests: fake.requests, queryClient };
}

afterEach(() => restoreApi());

describe('logging out (docs/product/accounts.md#logging-out)', () => {
  it('saves the page as previousPage, removes both tokens, clears cached data, goes to /login and revokes the session', async () => {
    const { requests, queryClient } = await logOutFrom('/account?tab=1', () => ({ status: 204, body: null }));
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
    expect(localStorage.getItem('previousPage')).toBe('/account?tab=1');
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
    expect(useSessionStore.getState().status).toBe('guest');
    expect(queryClient.getQueryData(['users', 'me'])).toBeUndefined();
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/users/logout', { refreshToken: 'refresh-1' }],
    ]);
  });

  it('signs the browser out at once, even when the server cannot be reached', async () => {
    await logOutFrom('/account', () => 'network-error');
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('does not wait for the server to answer', async () => {
    await logOutFrom('/account', () => new Promise<LogoutAnswer>(() => {}));
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  });
});
