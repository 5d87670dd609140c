import { orderEndpoints, verifyOrderFailureSchema } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';

/** GET /orders/verify?session_id: the orders of a paid session (402 failed, 409 not paid yet). */
export function verifyOrder(sessionId: string) {
  return callEndpoint(orderEndpoints.verify, { query: { session_id: sessionId } });
}

export const verifyOrderQueryKey = (sessionId: string) => ['orders', 'verify', sessionId] as const;

/** Verified once per session: the answer of a paid session never changes. */
export function verifyOrderQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: verifyOrderQueryKey(sessionId),
    queryFn: () => verifyOrder(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVerifyOrder(sessionId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...verifyOrderQueryOptions(sessionId), enabled });
}

/** A 409: the provider has not confirmed the payment yet, so the page polls its status instead. */
export function isNotPaidYet(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The orders of a failed payment (402 `failedOrders`, docs/product/buying.md#payment-result-screen), or none. */
export function failedOrdersOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 402) return [];
  const body = verifyOrderFailureSchema.safeParse(error.data);
  return body.success ? body.data.failedOrders : [];
}
