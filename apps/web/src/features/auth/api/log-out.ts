import { authEndpoints, type LogoutRequest } from '@gvm/contract';
import type { AxiosResponseTransformer } from 'axios';
import { api, callEndpoint } from '@/lib/api-client';

/** A 204 has no body (a browser reads it as ''): it is read as the contract's null. */
const noContentAsNull: AxiosResponseTransformer[] = [
  ...[api.defaults.transformResponse ?? []].flat(),
  (data: unknown, _headers, status) => (status === 204 ? null : data),
];

/**
 * POST /users/logout: revokes the refresh token's family on the server. It needs no access token
 * (an expired session must still be able to log out), and its 401 never triggers a refresh.
 */
export async function logOut(body: LogoutRequest): Promise<void> {
  await callEndpoint(authEndpoints.logout, { body }, { skipAuthRefresh: true, transformResponse: noContentAsNull });
}
