import { authEndpoints, type LogoutRequest } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * POST /users/logout: revokes the refresh token's family on the server. It needs no access token
 * (an expired session must still be able to log out), and its 401 never triggers a refresh.
 */
export async function logOut(body: LogoutRequest): Promise<void> {
  await callEndpoint(authEndpoints.logout, { body }, { skipAuthRefresh: true });
}
