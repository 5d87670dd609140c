import { type GoogleAuthRequest, type SessionTokens, sessionTokensSchema } from '@gvm/contract';
import { api } from '@/lib/api-client';
import { readSessionTokens } from './session-tokens';

async function exchangeGoogleToken(body: GoogleAuthRequest): Promise<unknown> {
  const response = await api.post('/users/auth/google/token', body, { skipAuthRefresh: true });
  return response.data;
}

/**
 * POST /users/auth/google/token, mode login (spec 000 section 7): a session for the account with
 * the Google e-mail; 404 when there is none.
 */
export async function logInWithGoogle(accessToken: string): Promise<SessionTokens> {
  return readSessionTokens(await exchangeGoogleToken({ accessToken, mode: 'login' }));
}

/**
 * The same call in mode signup: creates the account and signs it in; 409 when the Google e-mail
 * already has one. `name` is what Google's user-info service gave, if anything.
 */
export async function signUpWithGoogle(accessToken: string, name: string | undefined): Promise<SessionTokens> {
  const parsed = sessionTokensSchema.safeParse(await exchangeGoogleToken({ accessToken, mode: 'signup', name }));
  if (!parsed.success || !parsed.data.token || !parsed.data.refreshToken) {
    throw new Error('Registration failed: No authentication tokens received');
  }
  return parsed.data;
}
