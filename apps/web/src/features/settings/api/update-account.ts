import { type UpdateCurrentUserRequest, type UpdateCurrentUserResponse, userEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth/current-user';

/** PATCH /users/me with 'consumer.name' and 'consumer.phoneNumber' (docs/product/accounts.md#account-and-settings). */
export function updateAccount(body: UpdateCurrentUserRequest): Promise<UpdateCurrentUserResponse> {
  return callEndpoint(userEndpoints.updateMe, { body });
}

/** On success the cached current user becomes the server's answer, so every page shows the change. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
