import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { giftDeliverySchema } from './gift-delivery';
import { text } from './text';
import { emailSchema } from './users';

/**
 * Holding and using vouchers (docs/product/vouchers-and-gifts.md#voucher-states, decision 019): active vouchers, activation, the
 * voucher at the till, received and sent gifts, redeeming by link or sender e-mail, exchange and
 * conversion to UGM Credit. An order is one voucher.
 */

export const ALREADY_ACTIVATED_MESSAGE = 'Already Activated';
export const ORDER_NOT_FOUND_MESSAGE = 'Voucher not found';
/** One answer for an unknown, used or malformed claim link (link-guessing defence). */
export const GIFT_LINK_INVALID_MESSAGE = 'This gift link is not valid or has already been used.';

/**
 * A voucher's code is bought from the gift-card supplier when its holder activates it (decision
 * 068). Within a few seconds the activation answers with it; otherwise the till waits for it, and
 * after this long says so plainly and offers exchange or conversion.
 */
export const CODE_DELAY_MS = 10 * 60_000;
export const codePendingMessage = (merchant: string) => `Getting your code from ${merchant}…`;
export const codeDelayedMessage = (merchant: string) =>
  `${merchant} is taking longer than usual to send your code. Your voucher keeps its value: keep waiting, or exchange it for another brand or convert it into UGM Credit.`;
/** The supplier's float cannot pay for the card: the voucher is not activated and keeps its value. */
export const codeUnavailableMessage = (merchant: string) =>
  `${merchant} codes are unavailable right now. Your voucher keeps its value: try again later, or exchange it for another brand.`;
/** The supplier refused this card for good: the voucher is not activated and keeps its value. */
export const codeFailedMessage = (merchant: string) =>
  `${merchant} could not issue a code for this voucher. Your voucher keeps its value: exchange it for another brand or convert it into UGM Credit.`;
/** A card the supplier gives only as a page of its own: the till links to it. */
export const openGiftCardLabel = (merchant: string) => `Open your ${merchant} gift card`;

/**
 * Where a voucher's code stands while it has none: on its way (`pending`), on its way for longer
 * than `CODE_DELAY_MS` (`delayed`), not issued for want of the supplier's float (`unavailable`),
 * or refused by the supplier for good (`failed`).
 */
export const codeStatuses = ['pending', 'delayed', 'unavailable', 'failed'] as const;
export type CodeStatus = (typeof codeStatuses)[number];

export const orderIdParamsSchema = z.object({ id: text().trim().min(1).max(64) });
export const transferOrderParamsSchema = z.object({ orderId: text().trim().min(1).max(64) });
export const orderUserParamsSchema = z.object({ userId: text().trim().min(1).max(64) });

/** docs/product/vouchers-and-gifts.md#voucher-states: an active order (voucher) in the wallet's My Vouchers grid. */
export const activeOrderSchema = z.object({
  _id: z.string(),
  merchant: z.object({ name: z.string(), redemptionUrl: z.string().nullable() }),
  productCode: z.string(),
  currency: z.string(),
  valuePurchased: z.number(),
  isActivated: z.boolean(),
  imageUrl: z.string(),
  country: z.array(z.string()),
  createdAt: z.string(),
  /** Only while the voucher has no code and activation was asked for (decision 068). */
  codeStatus: z.enum(codeStatuses).optional(),
});
export type ActiveOrder = z.infer<typeof activeOrderSchema>;

/** docs/product/vouchers-and-gifts.md#voucher-states: order detail (owner, or the sender of a gift). */
export const orderDetailSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  merchant: z.object({ name: z.string(), redemptionUrl: z.string().nullable() }),
  productCode: z.string(),
  currency: z.string(),
  valuePurchased: z.number(),
  isActivated: z.boolean(),
  isActive: z.boolean(),
  giftOrder: z.object({ recipientName: z.string() }).optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The voucher at the till (/vouchers/:id): owner only, after activation. */
export const voucherSchema = z.object({
  _id: z.string(),
  merchant: z.object({ name: z.string() }),
  imageUrl: z.string(),
  currency: z.string(),
  valuePurchased: z.number(),
  /** As the supplier gave it (the simulator's: 16 Crockford base32 characters in groups of four); null for a card that is only a page. */
  code: z.string().nullable(),
  pin: z.string().nullable(),
  /** The card's own page at the supplier, when it gives one (some brands give only that). */
  url: z.string().nullable(),
  termsAndConditions: z.string(),
  activatedAt: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** The till while the code is on its way from the supplier (202): it asks again until it comes. */
export const voucherPendingSchema = z.object({
  _id: z.string(),
  merchant: z.object({ name: z.string() }),
  imageUrl: z.string(),
  currency: z.string(),
  valuePurchased: z.number(),
  status: z.enum(['pending', 'delayed']),
  message: z.string(),
});
export type VoucherPending = z.infer<typeof voucherPendingSchema>;

export const activateOrderResponseSchema = z.object({ message: z.string(), order: activeOrderSchema });
/** Activation asked for, the code on its way (202): the till page shows it when it comes. */
export const activateOrderPendingSchema = z.object({
  status: z.literal('pending'),
  message: z.string(),
  order: activeOrderSchema,
});

export const transferActions = ['pending', 'claimed'] as const;

/** docs/product/vouchers-and-gifts.md#gifts: a transferred order (received and sent lists), with merchant and recipient. */
export const transferredOrderSchema = z.object({
  orderId: z.string(),
  currency: z.string(),
  valuePurchased: z.number(),
  senderEmail: z.string(),
  transferDate: z.string(),
  /** pending, or another value meaning confirmed (docs/product/vouchers-and-gifts.md#gifts). */
  latestAction: z.string(),
  giftMessage: z.string().nullable(),
  merchant: z.object({ name: z.string(), redemptionUrl: z.string().nullable() }),
  imageUrl: z.string(),
  recipientName: z.string(),
  /** Whether the voucher can be used now (for 'Show Voucher Details'). */
  isActive: z.boolean(),
  /** The Sent list only: the gift e-mail's schedule, address and history (decision 025). */
  delivery: giftDeliverySchema.optional(),
});
export type TransferredOrder = z.infer<typeof transferredOrderSchema>;
export const transferredOrdersResponseSchema = z.object({ orders: z.array(transferredOrderSchema) });

export const messageResponseSchema = z.object({ message: z.string() });

export const redeemEmailRequestSchema = z.object({ senderEmail: emailSchema });
export const pendingVoucherSchema = z.object({
  orderId: z.string(),
  merchant: z.string(),
  imageUrl: z.string(),
  value: z.number(),
  currency: z.string(),
  sentDate: z.string(),
});
export type PendingVoucher = z.infer<typeof pendingVoucherSchema>;
export const redeemEmailResponseSchema = z.object({ pendingVouchers: z.array(pendingVoucherSchema) });

export const confirmClaimRequestSchema = z.object({ senderEmail: emailSchema });
/** The whole claim URL from the gift e-mail, or its token alone. */
export const redeemLinkRequestSchema = z.object({
  link: text('Please enter the voucher link').trim().min(1, 'Please enter the voucher link').max(2048),
});
export const claimResponseSchema = z.object({ message: z.string(), order: activeOrderSchema });

/** docs/product/vouchers-and-gifts.md#exchange: the swap payload. */
export const swapRequestSchema = z.object({
  newOrderDetails: z.object({
    productCode: text().trim().min(1).max(64),
    currency: text().trim().min(1).max(3),
    valuePurchased: z.number().positive(),
    merchant: z.object({ name: text().trim().max(200) }),
  }),
});
export type SwapRequest = z.infer<typeof swapRequestSchema>;
export const swapResponseSchema = z.object({ message: z.string(), order: activeOrderSchema });
export const returnResponseSchema = z.object({ message: z.string(), balance: z.number(), currency: z.string() });

export const voucherEndpoints = {
  active: defineEndpoint({
    method: 'GET',
    path: '/orders/user/:userId/active',
    summary: "The caller's active vouchers: paid, active, owned, not swapped, not deactivated; newest first",
    params: orderUserParamsSchema,
    responses: { 200: z.array(activeOrderSchema), ...errorResponses(400, 401, 403) },
  }),
  received: defineEndpoint({
    method: 'GET',
    path: '/orders/received',
    summary: "Gifts addressed to the caller's e-mail or claimed by the caller, newest transfer first",
    responses: { 200: transferredOrdersResponseSchema, ...errorResponses(401) },
  }),
  sent: defineEndpoint({
    method: 'GET',
    path: '/orders/sent',
    summary: 'Gifts the caller sent, newest transfer first',
    responses: { 200: transferredOrdersResponseSchema, ...errorResponses(401) },
  }),
  redeemEmail: defineEndpoint({
    method: 'POST',
    path: '/orders/redeem-email',
    summary: "Pending gifts from that sender to the caller's e-mail",
    body: redeemEmailRequestSchema,
    responses: { 200: redeemEmailResponseSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  redeemLink: defineEndpoint({
    method: 'POST',
    path: '/orders/redeem-link',
    summary: 'Claim the gift behind a claim link (the whole URL or its token), once',
    body: redeemLinkRequestSchema,
    responses: { 200: claimResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/orders/:id',
    summary: 'One voucher: its owner, or the sender of a gift; anyone else 404',
    params: orderIdParamsSchema,
    responses: { 200: orderDetailSchema, ...errorResponses(400, 401, 404) },
  }),
  voucher: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/voucher',
    summary: 'The voucher at the till (code, PIN): its owner only, after activation; 202 while its code is on its way',
    params: orderIdParamsSchema,
    /** 409: not activated; 422: the supplier refused its card (for want of float, or for good). */
    responses: { 200: voucherSchema, 202: voucherPendingSchema, ...errorResponses(400, 401, 404, 409, 422) },
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/activate',
    summary:
      'Activate a voucher: its code is bought from the supplier (owner only; irreversible; 202 while the code is on its way; a second call 409 Already Activated)',
    params: orderIdParamsSchema,
    /** 422: the supplier cannot issue the card now (its float) or at all; the voucher keeps its value. */
    responses: {
      200: activateOrderResponseSchema,
      202: activateOrderPendingSchema,
      ...errorResponses(400, 401, 404, 409, 422),
    },
  }),
  confirmTransfer: defineEndpoint({
    method: 'POST',
    path: '/orders/:orderId/confirm-transfer',
    summary: 'The addressed recipient confirms a pending gift; it becomes their active voucher',
    params: transferOrderParamsSchema,
    responses: { 200: claimResponseSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  confirmClaim: defineEndpoint({
    method: 'POST',
    path: '/orders/:orderId/confirm-claim',
    summary: "Claim one of the pending gifts from that sender to the caller's e-mail",
    params: transferOrderParamsSchema,
    body: confirmClaimRequestSchema,
    responses: { 200: claimResponseSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  swap: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/swap',
    summary: "Exchange a voucher for another merchant's of the same value and currency",
    params: orderIdParamsSchema,
    body: swapRequestSchema,
    responses: { 200: swapResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
  }),
  return: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/return',
    summary: 'Convert a voucher into UGM Credit: deactivated, the wallet credited by its value',
    params: orderIdParamsSchema,
    /** 422: the wallet holds another currency than the voucher's. */
    responses: { 200: returnResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
  }),
};
