import {
  type UpdateCurrentUserRequest,
  type UpdateCurrentUserResponse,
  updateCurrentUserResponseSchema,
} from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-me';
import { api } from '@/lib/api-client';

/** PATCH /users/me with 'consumer.name' and 'consumer.phoneNumber' (spec 001 section 7). */
export async function updateAccount(body: UpdateCurrentUserRequest): Promise<UpdateCurrentUserResponse> {
  const response = await api.patch('/users/me', body);
  return updateCurrentUserResponseSchema.parse(response.data);
}

/** On success the cached current user becomes the server's answer, so every page shows the change. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
