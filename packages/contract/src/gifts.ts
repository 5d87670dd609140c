import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';
import { secretInUrl } from './url-secrets';

/*
 * Gifts: a voucher bought for someone else reaches them by a claim link. The sender's changes to
 * its delivery are in gift-delivery.ts; claiming a gift (confirm, redeem by link or by the
 * sender's e-mail) and the received and sent lists are among voucherEndpoints (vouchers.ts),
 * under /orders as the web calls them.
 */

/**
 * A gift whose voucher an operator refunded or voided before it was claimed: its link, the claims
 * and the sender's changes all answer with this (docs/product/operators.md#refunds).
 */
export const GIFT_ENDED_MESSAGE = 'This gift is no longer available: it has been refunded or cancelled.';

/** The gift landing page (/gift/:token): what the recipient sees before signing in. */
export const giftParamsSchema = z.object({
  token: secretInUrl(text().trim().min(1).max(128), "a gift's claim token"),
});
export const giftSchema = z.object({
  senderName: z.string(),
  recipientName: z.string(),
  merchant: z.object({ name: z.string() }),
  imageUrl: z.string(),
  value: z.number(),
  currency: z.string(),
  message: z.string().nullable(),
  /**
   * pending until claimed; claimed once someone has taken it; unavailable when its voucher was
   * refunded or voided before that (GIFT_ENDED_MESSAGE).
   */
  status: z.enum(['pending', 'claimed', 'unavailable']),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/gifts/:token',
    summary: 'The gift behind a claim link, as its landing page shows it',
    params: giftParamsSchema,
    responses: { 200: giftSchema, ...errorResponses(400, 404) },
  }),
};
