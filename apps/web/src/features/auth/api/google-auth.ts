import { authEndpoints, type SessionTokens } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';
import { readSessionTokens } from './session-tokens';

/**
 * POST /users/auth/google/token, mode login (docs/product/accounts.md#sign-in-with-google): a session for the account with
 * the Google e-mail; 404 when there is none.
 */
export function logInWithGoogle(accessToken: string): Promise<SessionTokens> {
  return readSessionTokens(
    callEndpoint(authEndpoints.google, { body: { accessToken, mode: 'login' } }, { skipAuthRefresh: true }),
  );
}

/**
 * The same call in mode signup: creates the account and signs it in; 409 when the Google e-mail
 * already has one; answered 201 (parsed by its own schema). `name` is what Google's user-info service gave, if anything.
 */
export function signUpWithGoogle(accessToken: string, name: string | undefined): Promise<SessionTokens> {
  return readSessionTokens(
    callEndpoint(authEndpoints.google, { body: { accessToken, mode: 'signup', name } }, { skipAuthRefresh: true }),
    'Registration failed: No authentication tokens received',
  );
}
