import { authEndpoints, type CurrentUser, endpointPath, userEndpoints } from '@gvm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { ApiError } from './api-client';
import { setLoginNavigator } from './auth/end-session';
import { useSessionStore } from './auth/session-store';
import { readTokens, storeTokens } from './auth/token-storage';
import { api } from './http-client';

const oldToken = fakeAccessToken({ exp: epochSeconds(60) });
const newToken = fakeAccessToken({ exp: epochSeconds(900) });
const navigate = vi.fn();
let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

const mePath = endpointPath(userEndpoints.me);
/** The interceptors pass any answer through unread: a marker stands in for the user (hence the cast). */
const marker = { ok: true } as unknown as CurrentUser;

/** GET /users/me accepting only the renewed token, as the server would once the old one expired. */
const meAcceptingOnly = (token: string): Routes =>
  fakeEndpoint(userEndpoints.me, ({ authorization }) =>
    authorization === `Bearer ${token}`
      ? { status: 200, body: marker }
      : { status: 401, body: { error: 'Your session has expired. Please log in again.' } },
  );

const refreshAnswers = (answer: Parameters<typeof fakeEndpoint<typeof authEndpoints.refresh>>[1]): Routes =>
  fakeEndpoint(authEndpoints.refresh, answer);

beforeEach(() => {
  window.history.replaceState(null, '', '/settings');
  setLoginNavigator(navigate);
  useSessionStore.setState({ status: 'authenticated' });
});

afterEach(() => {
  restoreApi();
  setLoginNavigator(null);
  navigate.mockReset();
  window.history.replaceState(null, '', '/');
});

describe('the API client and the session (docs/product/README.md#web-client)', () => {
  it('sends the stored access token as a bearer Authorization header, and none without one', async () => {
    const requests = serve(fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: marker })));
    await api.get(mePath);
    storeTokens(oldToken, 'refresh-1');
    await api.get(mePath);
    expect(requests.map((request) => request.authorization)).toEqual([undefined, `Bearer ${oldToken}`]);
  });

  it('after a 401 it refreshes once, stores the new tokens and repeats the request', async () => {
    storeTokens(oldToken, 'refresh-1');
    const requests = serve({
      ...meAcceptingOnly(newToken),
      ...refreshAnswers(() => ({ status: 200, body: { token: newToken, refreshToken: 'refresh-2' } })),
    });
    const response = await api.get(mePath);
    expect(response.data).toEqual({ ok: true });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /users/me',
      'POST /users/refresh-token',
      'GET /users/me',
    ]);
    expect(readTokens()).toEqual({ token: newToken, refreshToken: 'refresh-2' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('concurrent 401s share a single refresh', async () => {
    storeTokens(oldToken, 'refresh-1');
    const requests = serve({
      ...meAcceptingOnly(newToken),
      ...refreshAnswers(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { status: 200, body: { token: newToken, refreshToken: 'refresh-2' } };
      }),
    });
    await Promise.all([api.get(mePath), api.get(mePath), api.get(mePath)]);
    expect(requests.filter((request) => request.path === '/users/refresh-token')).toHaveLength(1);
    expect(requests.filter((request) => request.path === '/users/me')).toHaveLength(6);
  });

  it('a failed refresh clears both tokens, makes the user a guest and goes to /login', async () => {
    storeTokens(oldToken, 'revoked');
    serve({
      ...meAcceptingOnly(newToken),
      ...refreshAnswers(() => ({ status: 401, body: { error: 'Your session has ended' } })),
    });
    await expect(api.get(mePath)).rejects.toMatchObject({ status: 401 });
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
    expect(useSessionStore.getState().status).toBe('guest');
    expect(localStorage.getItem('returnTo')).toBe('/settings');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('with no refresh token it does not ask the server to refresh and goes to /login', async () => {
    localStorage.setItem('token', oldToken);
    const requests = serve(meAcceptingOnly(newToken));
    await expect(api.get(mePath)).rejects.toBeInstanceOf(ApiError);
    expect(requests.map((request) => request.path)).toEqual(['/users/me']);
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a request still refused after the refresh is not refreshed again', async () => {
    storeTokens(oldToken, 'refresh-1');
    const requests = serve({
      ...fakeEndpoint(userEndpoints.me, () => ({ status: 401, body: { error: 'Nope' } })),
      ...refreshAnswers(() => ({ status: 200, body: { token: newToken, refreshToken: 'refresh-2' } })),
    });
    await expect(api.get(mePath)).rejects.toMatchObject({ status: 401, message: 'Nope' });
    expect(requests.map((request) => request.path)).toEqual(['/users/me', '/users/refresh-token', '/users/me']);
  });

  it("a 401 that answers a sign-in attempt is the page's to show, never a reason to refresh", async () => {
    storeTokens(oldToken, 'refresh-1');
    const requests = serve(
      fakeEndpoint(authEndpoints.login, () => ({ status: 401, body: { error: 'The verification code is incorrect' } })),
    );
    await expect(
      api.post(
        endpointPath(authEndpoints.login),
        { email: 'ada@example.com', loginCode: '000000' },
        { skipAuthRefresh: true },
      ),
    ).rejects.toMatchObject({ message: 'The verification code is incorrect' });
    expect(requests).toHaveLength(1);
    expect(readTokens().refreshToken).toBe('refresh-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refresh that cannot reach the server keeps the tokens and fails the request', async () => {
    storeTokens(oldToken, 'refresh-1');
    serve({
      ...meAcceptingOnly(newToken),
      ...refreshAnswers(() => 'network-error'),
    });
    await expect(api.get(mePath)).rejects.toMatchObject({ status: 401 });
    expect(readTokens()).toEqual({ token: oldToken, refreshToken: 'refresh-1' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
