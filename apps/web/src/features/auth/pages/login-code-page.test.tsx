import { authEndpoints, type SessionTokens } from '@gvm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { readTokens } from '@/lib/auth/token-storage';
import { epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { LoginCodePage } from './login-code-page';

const token = fakeAccessToken({ exp: epochSeconds(900) });
let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

const renderCodePage = (path = '/login-code?email=ada%40example.com') =>
  renderRoutes([{ path: '/login-code', Component: LoginCodePage }], path);

async function submitCode(code: string) {
  if (code) await userEvent.type(screen.getByPlaceholderText('Enter the 6-digit code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

beforeEach(() => useSessionStore.setState({ status: 'guest' }));
afterEach(() => restoreApi());

describe('/login-code (docs/product/accounts.md#sign-in-by-code)', () => {
  it('says where the code was sent and offers the way back and to sign up with that address', () => {
    serve({});
    renderCodePage();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to login' })).toBeInTheDocument();
    // Offered for every address alike: it tells nobody whether this one has an account (decision 020).
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?email=ada%40example.com');
  });

  it("a code shorter than 6 characters toasts 'Invalid code' and asks the server nothing", async () => {
    const requests = serve({});
    renderCodePage();
    await submitCode('12345');
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 6-digit verification code')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('a correct code stores the tokens, says so and goes to the remembered returnTo, forgetting it', async () => {
    localStorage.setItem('returnTo', '/wallet');
    const requests = serve(
      fakeEndpoint(authEndpoints.login, () => ({ status: 200, body: { token, refreshToken: 'refresh-1' } })),
    );
    renderCodePage();
    await submitCode('123456');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully logged in")).toBeInTheDocument();
    expect(await screen.findByText('Now at /wallet')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([{ email: 'ada@example.com', loginCode: '123456' }]);
    expect(readTokens()).toEqual({ token, refreshToken: 'refresh-1' });
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(localStorage.getItem('returnTo')).toBeNull();
  });

  it('without a returnTo it goes home', async () => {
    serve(fakeEndpoint(authEndpoints.login, () => ({ status: 200, body: { token, refreshToken: 'refresh-1' } })));
    renderCodePage();
    await submitCode('123456');
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it("a wrong code shows the server's message and stores nothing", async () => {
    serve(
      fakeEndpoint(authEndpoints.login, () => ({ status: 401, body: { error: 'The verification code is incorrect' } })),
    );
    renderCodePage();
    await submitCode('654321');
    expect(await screen.findByText('The verification code is incorrect')).toBeInTheDocument();
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it("an answer lacking a token is 'Invalid token response from server'", async () => {
    // A malformed answer, which the contract does not allow: hence the cast.
    serve(fakeEndpoint(authEndpoints.login, () => ({ status: 200, body: { token } as SessionTokens })));
    renderCodePage();
    await submitCode('123456');
    expect(await screen.findByText('Invalid token response from server')).toBeInTheDocument();
    expect(readTokens().token).toBeNull();
  });

  it('without an email in the address it goes back to /login', async () => {
    serve({});
    renderCodePage('/login-code');
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  });
});
