import { authEndpoints } from '@gvm/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/http-client';
import { type EndpointAnswer, epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { checkSession } from './check-session';
import { readTokens, storeTokens } from './token-storage';

let restoreApi = () => {};

/** The refresh endpoint's fake answer, or no server at all (`null`: every request answers 404). */
function serve(refresh: (() => EndpointAnswer<typeof authEndpoints.refresh>) | null) {
  const fake = installFakeApi(refresh ? fakeEndpoint(authEndpoints.refresh, refresh) : {});
  restoreApi = fake.restore;
  return fake.requests;
}

const renewed = fakeAccessToken({ exp: epochSeconds(900) });

beforeEach(() => {
  window.history.replaceState(null, '', '/wallet?tab=sent');
});

afterEach(() => {
  restoreApi();
  window.history.replaceState(null, '', '/');
});

describe('the session check (docs/product/accounts.md#sessions)', () => {
  it('with no tokens the user is a guest, and nothing is asked', async () => {
    const requests = serve(null);
    await expect(checkSession(api)).resolves.toBe('guest');
    expect(requests).toEqual([]);
  });

  it('with both tokens and an access token whose exp is later than now the user is signed in', async () => {
    const requests = serve(null);
    storeTokens(fakeAccessToken({ exp: epochSeconds(60) }), 'refresh-1');
    await expect(checkSession(api)).resolves.toBe('authenticated');
    expect(requests).toEqual([]);
  });

  it('an access token without a refresh token is not a session', async () => {
    localStorage.setItem('token', fakeAccessToken({ exp: epochSeconds(60) }));
    await expect(checkSession(api)).resolves.toBe('guest');
  });

  it('an expired access token is renewed with the refresh token, and the new tokens are stored', async () => {
    const requests = serve(() => ({ status: 200, body: { token: renewed, refreshToken: 'refresh-2' } }));
    storeTokens(fakeAccessToken({ exp: epochSeconds(-1) }), 'refresh-1');
    await expect(checkSession(api)).resolves.toBe('authenticated');
    expect(requests.map((request) => request.body)).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(readTokens()).toEqual({ token: renewed, refreshToken: 'refresh-2' });
  });

  it('a token that does not decode is renewed too; a refresh answer without a new refresh token keeps the old one', async () => {
    serve(() => ({ status: 200, body: { token: renewed } }));
    storeTokens('not-a-jwt', 'refresh-1');
    await expect(checkSession(api)).resolves.toBe('authenticated');
    expect(readTokens()).toEqual({ token: renewed, refreshToken: 'refresh-1' });
  });

  it('a refused refresh removes both tokens and keeps the current page as returnTo', async () => {
    serve(() => ({ status: 401, body: { error: 'Your session has ended' } }));
    storeTokens(fakeAccessToken({ exp: epochSeconds(-1) }), 'revoked');
    await expect(checkSession(api)).resolves.toBe('guest');
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
    expect(localStorage.getItem('returnTo')).toBe('/wallet?tab=sent');
  });

  it('a refused refresh on /login does not remember /login as returnTo', async () => {
    window.history.replaceState(null, '', '/login');
    serve(() => ({ status: 401, body: { error: 'Your session has ended' } }));
    storeTokens('expired', 'revoked');
    await expect(checkSession(api)).resolves.toBe('guest');
    expect(localStorage.getItem('returnTo')).toBeNull();
  });

  it('when the server cannot be reached the user is a guest for now, but the tokens are kept for the next check', async () => {
    serve(() => 'network-error');
    storeTokens('expired', 'refresh-1');
    await expect(checkSession(api)).resolves.toBe('guest');
    expect(readTokens()).toEqual({ token: 'expired', refreshToken: 'refresh-1' });
  });
});
