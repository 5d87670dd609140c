import { authEndpoints, type GoogleSignUpResponse, publicConfigEndpoints } from '@gvm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { readTokens } from '@/lib/auth/token-storage';
import { type EndpointAnswer, epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import {
  fetchGoogleProfile,
  GoogleCancelledError,
  loadGoogleIdentity,
  requestGoogleAccessToken,
} from '../lib/google-identity';
import { GoogleButton } from './google-button';

// Google's script cannot run here (and the machine is offline): its loader is replaced, and
// everything after Google hands over an access token runs for real against the fake API.
vi.mock('../lib/google-identity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/google-identity')>()),
  loadGoogleIdentity: vi.fn(),
  requestGoogleAccessToken: vi.fn(),
  fetchGoogleProfile: vi.fn(),
}));

const token = fakeAccessToken({ exp: epochSeconds(900) });
const loggedIn = { status: 200, body: { token, refreshToken: 'refresh-1', message: 'Welcome' } } as const;
let restoreApi = () => {};

function serve(exchange: () => EndpointAnswer<typeof authEndpoints.google>, clientId: string | null = 'client-123') {
  const fake = installFakeApi({
    ...fakeEndpoint(publicConfigEndpoints.get, () => ({ status: 200, body: { googleClientId: clientId } })),
    ...fakeEndpoint(authEndpoints.google, exchange),
  });
  restoreApi = fake.restore;
  return fake.requests;
}

async function clickGoogle(mode: 'login' | 'signup') {
  renderRoutes([{ path: '/sign-in', element: <GoogleButton mode={mode} /> }], '/sign-in');
  const button = await screen.findByRole('button', { name: 'Continue with Google' });
  await vi.waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

beforeEach(() => {
  useSessionStore.setState({ status: 'guest' });
  vi.mocked(loadGoogleIdentity).mockResolvedValue({ initTokenClient: vi.fn() });
  vi.mocked(requestGoogleAccessToken).mockResolvedValue('google-access-token');
  vi.mocked(fetchGoogleProfile).mockResolvedValue({ email: 'ada@gmail.com', name: 'Ada Lovelace' });
});

afterEach(() => {
  restoreApi();
  vi.clearAllMocks();
});

describe("'Continue with Google' without a client id", () => {
  it('is disabled and says plainly that Google sign-in is not available', async () => {
    serve(() => ({ status: 503 }), null);
    renderRoutes([{ path: '/', element: <GoogleButton mode="login" /> }], '/');
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(
      await screen.findByText('Google sign-in is not available. Please continue with your email.'),
    ).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Google sign-in is not available. Please continue with your email.');
    expect(loadGoogleIdentity).not.toHaveBeenCalled();
  });
});

describe('Google login (docs/product/accounts.md#sign-in-with-google)', () => {
  it('exchanges the access token, stores the session and goes to the saved previousPage', async () => {
    localStorage.setItem('previousPage', '/wallet');
    const requests = serve(() => loggedIn);
    await clickGoogle('login');
    expect(await screen.findByText('Now at /wallet')).toBeInTheDocument();
    expect(requestGoogleAccessToken).toHaveBeenCalledWith(expect.anything(), 'client-123');
    expect(requests.at(-1)?.body).toEqual({ accessToken: 'google-access-token', mode: 'login' });
    expect(readTokens()).toEqual({ token, refreshToken: 'refresh-1' });
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(screen.getByText('Success!')).toBeInTheDocument();
  });

  it('a saved previousPage of /login becomes /', async () => {
    localStorage.setItem('previousPage', '/login');
    serve(() => loggedIn);
    await clickGoogle('login');
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it("404 is 'Account Not Found' and goes to /signup", async () => {
    serve(() => ({ status: 404, body: { error: 'No account exists for this Google email. Please sign up first.' } }));
    await clickGoogle('login');
    expect(await screen.findByText('Account Not Found')).toBeInTheDocument();
    expect(screen.getByText('No account exists for this Google email. Please sign up first.')).toBeInTheDocument();
    expect(await screen.findByText('Now at /signup')).toBeInTheDocument();
  });

  it("another refusal is 'Login Failed' with the server's message", async () => {
    serve(() => ({ status: 401, body: { error: 'Your Google account’s email address is not verified.' } }));
    await clickGoogle('login');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Your Google account’s email address is not verified.')).toBeInTheDocument();
    expect(readTokens().token).toBeNull();
  });

  it("a refusal without a message falls back to 'Could not authenticate with Google. Please try again.'", async () => {
    serve(() => ({ status: 500 }));
    await clickGoogle('login');
    expect(await screen.findByText('Could not authenticate with Google. Please try again.')).toBeInTheDocument();
  });

  it("a network failure is 'Login Failed': 'Could not authenticate with Google.'", async () => {
    serve(() => 'network-error');
    await clickGoogle('login');
    expect(await screen.findByText('Could not authenticate with Google.')).toBeInTheDocument();
  });

  it("Google failing to load is 'Google Login Error': 'Failed to connect to Google.'", async () => {
    vi.mocked(loadGoogleIdentity).mockRejectedValue(new Error('offline'));
    const requests = serve(() => loggedIn);
    await clickGoogle('login');
    expect(await screen.findByText('Google Login Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to connect to Google.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/users/auth/google/token')).toEqual([]);
  });

  it('closing Google’s pop-up is not an error', async () => {
    vi.mocked(requestGoogleAccessToken).mockRejectedValue(new GoogleCancelledError());
    serve(() => loggedIn);
    await clickGoogle('login');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByText('Google Login Error')).not.toBeInTheDocument();
  });
});

describe('Google sign-up (docs/product/accounts.md#sign-in-with-google)', () => {
  it("creates the account with Google's name, stores the session and goes home", async () => {
    const requests = serve(() => ({ status: 201, body: { token, refreshToken: 'refresh-1', email: 'ada@gmail.com' } }));
    await clickGoogle('signup');
    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ accessToken: 'google-access-token', mode: 'signup', name: 'Ada Lovelace' });
    expect(readTokens().refreshToken).toBe('refresh-1');
  });

  it('goes back to the remembered returnTo (a gift, the checkout) rather than home', async () => {
    serve(() => ({ status: 201, body: { token, refreshToken: 'refresh-1', email: 'ada@gmail.com' } }));
    localStorage.setItem('returnTo', '/checkout');
    await clickGoogle('signup');
    expect(await screen.findByText('Now at /checkout')).toBeInTheDocument();
    expect(localStorage.getItem('returnTo')).toBeNull();
  });

  it("409 is 'Account Already Exists' and goes to /login with the email and provider=google", async () => {
    serve(() => ({ status: 409, body: { error: 'An account with this email already exists' } }));
    await clickGoogle('signup');
    expect(await screen.findByText('Account Already Exists')).toBeInTheDocument();
    expect(
      screen.getByText('This Google account is already registered. Redirecting you to login...'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Now at /login?email=ada%40gmail.com&provider=google')).toBeInTheDocument();
  });

  it("another refusal without a message is 'HTTP error: {status}'", async () => {
    serve(() => ({ status: 502 }));
    await clickGoogle('signup');
    expect(await screen.findByText('Signup Error')).toBeInTheDocument();
    expect(screen.getByText('HTTP error: 502')).toBeInTheDocument();
  });

  it("an answer without tokens is 'Registration failed: No authentication tokens received'", async () => {
    // A malformed answer, which the contract does not allow: hence the cast.
    serve(() => ({ status: 201, body: { email: 'ada@gmail.com' } as GoogleSignUpResponse }));
    await clickGoogle('signup');
    expect(await screen.findByText('Registration failed: No authentication tokens received')).toBeInTheDocument();
  });

  it("a network failure is 'Failed to register with Google. Please try again.'", async () => {
    serve(() => 'network-error');
    await clickGoogle('signup');
    expect(await screen.findByText('Failed to register with Google. Please try again.')).toBeInTheDocument();
  });

  it("Google failing is 'Google Signup Error': 'Failed to connect to Google. Please try again later.'", async () => {
    vi.mocked(fetchGoogleProfile).mockRejectedValue(new Error('Google user-info answered 401'));
    serve(() => ({ status: 201, body: { token, refreshToken: 'refresh-1', email: 'ada@gmail.com' } }));
    await clickGoogle('signup');
    expect(await screen.findByText('Google Signup Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to connect to Google. Please try again later.')).toBeInTheDocument();
  });
});
