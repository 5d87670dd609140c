import { authEndpoints, type LoginRequest, type SessionTokens } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { readSessionTokens } from './session-tokens';

/**
 * POST /users/login with the e-mailed code → token, refreshToken (docs/product/accounts.md#sign-in-by-code). A 401 here
 * is the answer to a wrong code, never an expired session, so the client does not refresh for it.
 */
export function logInWithCode(body: LoginRequest): Promise<SessionTokens> {
  return readSessionTokens(callEndpoint(authEndpoints.login, { body }, { skipAuthRefresh: true }));
}

export function useLogInWithCode() {
  return useMutation({ mutationFn: logInWithCode });
}
