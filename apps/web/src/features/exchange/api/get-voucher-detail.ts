import { type OrderDetail, voucherEndpoints } from '@gvm/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** GET /orders/:id: the voucher being exchanged, for its own product code. */
export function getVoucherDetail(id: string): Promise<OrderDetail> {
  return callEndpoint(voucherEndpoints.get, { params: { id } });
}

export function useVoucherDetail(id: string) {
  return useQuery({ queryKey: ['orders', id] as const, queryFn: () => getVoucherDetail(id), enabled: Boolean(id) });
}
