import { API_BASE_PATH, endpointPath, type WalletPassOffers, walletPassEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, callEndpoint, responseError } from '@/lib/api-client';
import { readTokens } from '@/lib/auth/token-storage';

/**
 * The voucher in the phone's wallet (docs/product/vouchers-and-gifts.md#wallet-passes): which
 * wallets the till offers, the Apple Wallet pass (a file) and the Google Wallet save link.
 */
export function getWalletOffers(id: string): Promise<WalletPassOffers> {
  return callEndpoint(walletPassEndpoints.offers, { params: { id } });
}

export function walletOffersQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['orders', id, 'wallet'] as const,
    queryFn: () => getWalletOffers(id),
    retry: (failureCount, error) => failureCount < 2 && error instanceof ApiError && error.status >= 500,
  });
}

export function useWalletOffers(id: string) {
  return useQuery(walletOffersQueryOptions(id));
}

/** The 'Save to Google Wallet' link, asked for when pressed (each one is counted). */
export async function getGoogleWalletLink(id: string): Promise<string> {
  return (await callEndpoint(walletPassEndpoints.google, { params: { id } })).saveUrl;
}

/**
 * The `.pkpass` with the holder's bearer token: a plain link cannot carry the header, so the file
 * is fetched and handed to the browser from a Blob URL (Safari on an iPhone opens it in Wallet).
 * The offers call before it went through the client, which renewed the session if it had to.
 */
export async function downloadApplePass(id: string): Promise<void> {
  const { token } = readTokens();
  const response = await api.transport(`${API_BASE_PATH}${endpointPath(walletPassEndpoints.apple, { id })}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    throw responseError(response.status, body);
  }
  const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/vnd.apple.pkpass' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'voucher.pkpass';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
