import { ApiError } from '@/lib/api-client';

/** docs/product/vouchers-and-gifts.md#active-vouchers: the active orders load failure, by status. */
export function activeOrdersErrorMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401) return 'Your session has expired. Please log in again.';
  if (status === 403) return "You don't have permission to view these orders.";
  return 'Failed to load active orders';
}
