import { ApiError } from '@/lib/api-client';

/** docs/product/wallet-and-credit.md#wallet-page: retry only when the error status is 500 or higher, at most 3 times. */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && error instanceof ApiError && error.status >= 500;
}
