import type { LoginRequest, SessionTokens } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readSessionTokens } from './session-tokens';

/**
 * POST /users/login with the e-mailed code → token, refreshToken (spec 000 section 7). A 401 here
 * is the answer to a wrong code, never an expired session, so the client does not refresh for it.
 */
export async function logInWithCode(body: LoginRequest): Promise<SessionTokens> {
  const response = await api.post('/users/login', body, { skipAuthRefresh: true });
  return readSessionTokens(response.data);
}

export function useLogInWithCode() {
  return useMutation({ mutationFn: logInWithCode });
}
