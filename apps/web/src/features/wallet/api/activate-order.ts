import { voucherEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /orders/:id/activate: irreversible; a second call answers 409 'Already Activated'. */
export function activateOrder(id: string) {
  return callEndpoint(voucherEndpoints.activate, { params: { id } });
}

export function useActivateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => activateOrder(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
