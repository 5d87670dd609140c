import { type UserWallets, walletCurrencyForCountry, walletEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { retryServerErrors } from '../lib/retry';

/** docs/product/wallet-and-credit.md#wallet-page: the wallet page passes country GB when it creates a wallet. */
const WALLET_COUNTRY = 'GB';

/** POST /wallets { userID, currency }: the caller's new wallet (or the one they already have). */
export function createWallet(userId: string): Promise<UserWallets> {
  return callEndpoint(walletEndpoints.create, {
    body: { userID: userId, currency: walletCurrencyForCountry(WALLET_COUNTRY) },
  });
}

/** Wallets this page has just created, until the page has announced them (useWalletCreatedToast). */
const createdWallets = new WeakSet<UserWallets>();

/**
 * GET /wallets/user/:userId; a 404 means the user has no wallet yet, so one is created, shown and
 * announced with the 'Wallet Created' toast (docs/product/wallet-and-credit.md#wallet-page; useWalletCreatedToast). A
 * failed creation is the query's error, so its message is what the page shows.
 */
export async function getOrCreateWallet(userId: string): Promise<UserWallets> {
  try {
    return await callEndpoint(walletEndpoints.get, { params: { userId } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  const wallet = await createWallet(userId);
  createdWallets.add(wallet);
  return wallet;
}

/**
 * 'Wallet Created', once, after the browser has painted the new wallet's balance: the toast's code
 * (sonner, with the styles it adds to the page) then loads after the balance, not before it (decision 037).
 */
export function useWalletCreatedToast(wallet: UserWallets | undefined): void {
  useEffect(() => {
    if (!wallet || !createdWallets.delete(wallet)) return;
    requestAnimationFrame(() =>
      setTimeout(() => toast.success('Wallet Created', { description: 'A new wallet has been created.' }), 0),
    );
  }, [wallet]);
}

export const walletQueryKey = (userId: string) => ['wallet', userId] as const;

export function walletQueryOptions(userId: string) {
  return queryOptions({
    queryKey: walletQueryKey(userId),
    queryFn: () => getOrCreateWallet(userId),
    retry: retryServerErrors,
  });
}

export function useWallet(userId: string) {
  return useQuery(walletQueryOptions(userId));
}
