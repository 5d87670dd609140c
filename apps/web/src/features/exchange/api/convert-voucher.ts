import { voucherEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /orders/:id/return: the voucher becomes UGM Credit in the wallet. */
export function convertVoucher(id: string) {
  return callEndpoint(voucherEndpoints.return, { params: { id } });
}

export function useConvertVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertVoucher,
    // Not awaited: the page moves on at once (a returned promise would hold the mutation until
    // every active query had refetched, and the page that started it may be gone by then).
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
