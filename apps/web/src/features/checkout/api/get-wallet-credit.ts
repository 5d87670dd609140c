import { type UserWallets, walletEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';

/**
 * GET /wallets/user/:userId for the checkout's UGM Credit control (docs/product/buying.md#paying-with-ugm-credit): null when
 * the user has no wallet yet (nothing to spend; checkout does not create one).
 */
export async function getWalletCredit(userId: string): Promise<UserWallets | null> {
  try {
    return await callEndpoint(walletEndpoints.get, { params: { userId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under the wallet's query key, so whatever refreshes the wallet refreshes this too. */
export function walletCreditQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['wallet', userId, 'checkout-credit'], queryFn: () => getWalletCredit(userId) });
}

export function useWalletCredit(userId: string | undefined) {
  return useQuery({ ...walletCreditQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
