import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';

/** docs/product/wallet-and-credit.md#wallet-page: the wallet (UGM Credit) and its history. */

export const WALLET_HISTORY_LIMIT = 100;
export const walletTransactionTypes = ['funding', 'withdrawal', 'purchase'] as const;
export type WalletTransactionType = (typeof walletTransactionTypes)[number];

/** docs/product/wallet-and-credit.md#currencies: GB gives GBP, US gives USD, EU gives EUR, default GBP. */
export function walletCurrencyForCountry(country: string | undefined): string {
  switch ((country ?? '').toUpperCase()) {
    case 'US':
      return 'USD';
    case 'EU':
      return 'EUR';
    default:
      return 'GBP';
  }
}

export const walletTransactionSchema = z.object({
  transactionType: z.enum(walletTransactionTypes),
  /** Major units, always positive; the type gives the sign. */
  transactionValue: z.number(),
  timestamp: z.string(),
  /** The order (or the first of the orders) the movement is about; null when none. */
  orderID: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletSchema = z.object({
  _id: z.string(),
  currency: z.string(),
  /** Major units; never negative. */
  balance: z.number(),
  /** Newest first, the last 100. */
  transactions: z.array(walletTransactionSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

/**
 * The wallet endpoints' answer: one wallet (its fields at the top, as the spec's client reads
 * them) and `wallets`, every wallet the user holds, one per currency, the first-opened first
 * (docs/product/wallet-and-credit.md, decision 044).
 */
export const userWalletsSchema = walletSchema.extend({ wallets: z.array(walletSchema).min(1) });
export type UserWallets = z.infer<typeof userWalletsSchema>;

export const walletUserParamsSchema = z.object({ userId: text().trim().min(1).max(64) });

/** docs/product/wallet-and-credit.md#currencies: the wallet-creation payload. `currency` may be a currency or a country (GB, US, EU). */
export const createWalletRequestSchema = z.object({
  userID: text().trim().min(1).max(64),
  currency: text().trim().max(3).optional(),
});
export type CreateWalletRequest = z.infer<typeof createWalletRequestSchema>;

export const walletEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/wallets/user/:userId',
    summary:
      "The caller's wallets, one per currency, each with its last 100 movements, newest first (404 when none yet)",
    params: walletUserParamsSchema,
    responses: { 200: userWalletsSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/wallets',
    summary: "Open the caller's wallet in a currency, or answer the one they have in it (one per user and currency)",
    body: createWalletRequestSchema,
    responses: { 200: userWalletsSchema, 201: userWalletsSchema, ...errorResponses(400, 401, 403) },
  }),
};
