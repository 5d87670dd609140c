import { authEndpoints } from '@gvm/contract';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { readTokens, storeTokens } from '@/lib/auth/token-storage';
import { epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { VerifyEmailPage } from './verify-email-page';

const token = fakeAccessToken({ exp: epochSeconds(900) });
let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

/** Rendered under StrictMode, which mounts every effect twice in development. */
const renderVerify = (path: string) =>
  renderRoutes([{ path: '/verify/:token', Component: VerifyEmailPage }], path, (app) => <StrictMode>{app}</StrictMode>);

beforeEach(() => useSessionStore.setState({ status: 'guest' }));
afterEach(() => {
  restoreApi();
  vi.useRealTimers();
});

describe('/verify/:token (docs/product/accounts.md#e-mail-verification)', () => {
  it('asks the server exactly once, stores the session, says so and goes home', async () => {
    const requests = serve(
      fakeEndpoint(authEndpoints.verifyEmail, ({ params }) =>
        params.token === 'link-token'
          ? { status: 200, body: { token, refreshToken: 'refresh-1', message: 'Verified' } }
          : { status: 400, body: { error: 'Invalid' } },
      ),
    );
    renderVerify('/verify/link-token');
    expect(await screen.findByText('Email Verified!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been verified successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(readTokens()).toEqual({ token, refreshToken: 'refresh-1' });
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(screen.getAllByText('Email Verified!')).toHaveLength(1);
  });

  it('goes back to the remembered returnTo, where the sign-in that became a sign-up started, and forgets it', async () => {
    serve(
      fakeEndpoint(authEndpoints.verifyEmail, () => ({
        status: 200,
        body: { token, refreshToken: 'refresh-1', message: 'Verified' },
      })),
    );
    localStorage.setItem('returnTo', '/gift/gift-token');
    renderVerify('/verify/link-token');
    expect(await screen.findByText('Email Verified!')).toBeInTheDocument();
    expect(await screen.findByText('Now at /gift/gift-token')).toBeInTheDocument();
    expect(localStorage.getItem('returnTo')).toBeNull();
  });

  it('never follows a returnTo that leaves the site', async () => {
    serve(
      fakeEndpoint(authEndpoints.verifyEmail, () => ({
        status: 200,
        body: { token, refreshToken: 'refresh-1', message: 'Verified' },
      })),
    );
    localStorage.setItem('returnTo', '/\t/evil.example/');
    renderVerify('/verify/link-token');
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it('a bad link says verification failed and goes to /signup after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = serve(
      fakeEndpoint(authEndpoints.verifyEmail, () => ({ status: 400, body: { error: 'The link is invalid' } })),
    );
    renderVerify('/verify/used-token');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(
      screen.getAllByText('The verification link is invalid or expired. Please try signing up again.').length,
    ).toBeGreaterThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(2900);
    expect(screen.queryByText('Now at /signup')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    expect(await screen.findByText('Now at /signup')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(readTokens().token).toBeNull();
  });

  it('a used link opened by its signed-in owner says the address is already verified and goes home (decision 029)', async () => {
    const requests = serve(
      fakeEndpoint(authEndpoints.verifyEmail, ({ authorization }) =>
        authorization === `Bearer ${token}`
          ? { status: 409, body: { error: 'Your email address is already verified.' } }
          : { status: 400, body: { error: 'Invalid' } },
      ),
    );
    storeTokens(token, 'refresh-1');
    useSessionStore.setState({ status: 'authenticated' });
    renderVerify('/verify/used-token');
    expect(await screen.findByText('Already verified')).toBeInTheDocument();
    expect(screen.getByText('Your email address is already verified.')).toBeInTheDocument();
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(readTokens()).toEqual({ token, refreshToken: 'refresh-1' });
  });
});
