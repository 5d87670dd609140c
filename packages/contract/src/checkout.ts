import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { errorResponseSchema } from './errors';
import { sendOnSchema } from './gift-delivery';
import { multilineText, text } from './text';
import { secretInUrl } from './url-secrets';
import { emailSchema } from './users';

/**
 * Buying (docs/product/buying.md#routes-and-rules; decision 017): the checkout-session payload, the payment result
 * calls and the gift landing page. The server trusts none of the client's prices or totals: it
 * reads only which products, at which value, how many, and who receives each gift, and reprices
 * everything from the catalogue.
 */

export const MISSING_NAME_MESSAGE = 'Please add your account name under Settings to proceed with checkout.';
export const CARD_ONLY_MESSAGE = 'Only card payments are currently supported';
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';
export const NO_CHECKOUT_URL_MESSAGE = 'No checkout URL returned from server';
export const RECIPIENT_REQUIRED_MESSAGE = 'Please enter both name and email';
export const EMPTY_CART_MESSAGE = 'Your cart is empty';
/** Paying with UGM Credit (decision 026). */
export const CREDIT_BALANCE_TOO_LOW_MESSAGE =
  'Your UGM Credit balance is lower than the amount you chose to use. Please choose a smaller amount.';
export const CREDIT_OVER_TOTAL_MESSAGE = 'You cannot use more UGM Credit than the total.';
export const creditCurrencyMessage = (walletCurrency: string, totalCurrency: string) =>
  `Your UGM Credit is in ${walletCurrency}, so it cannot pay for vouchers in ${totalCurrency}. Please pay by card.`;
/** A checkout session's payment page stays open this long (decision 017). */
export const CHECKOUT_SESSION_TTL_MINUTES = 30;
/** docs/product/buying.md#payment-result-screen: the payment result screen polls every 3 seconds. */
export const PAYMENT_STATUS_POLL_MS = 3000;

const line = (max: number) => text().trim().max(max);
const paragraph = (max: number) => multilineText().trim().max(max);

const recipientInfoSchema = z.object({
  email: text().max(254).optional(),
  name: line(100).optional(),
  message: paragraph(500).optional(),
});

/** One line of the checkout payload; only id, value, quantity and isGift are read by the server. */
export const checkoutItemSchema = z.object({
  /** The product id (the cart line's productId). */
  id: text().trim().min(1).max(64),
  name: line(200).optional(),
  currency: line(3).optional(),
  /** Value per voucher in major units, as chosen on the product page. */
  value: z.number().positive().max(1_000_000),
  quantity: z.number().int(),
  image: line(500).optional(),
  productCode: line(64).optional(),
  merchant: z.object({ name: line(200), distributionMethod: z.literal('EMAIL').optional() }).optional(),
  isGift: z.boolean().default(false),
  recipientInfo: recipientInfoSchema.optional(),
});
export type CheckoutItem = z.input<typeof checkoutItemSchema>;

/** A gift recipient; `itemId` is the product id of the line the gift comes from (one voucher each). */
export const checkoutRecipientSchema = z.object({
  itemId: text().trim().min(1).max(64),
  itemName: line(200).optional(),
  email: text().max(254),
  name: line(100),
  message: paragraph(500).optional(),
  isGift: z.boolean().optional(),
  /** The UK day the gift e-mail goes out (decision 025); today or absent sends it at payment. */
  sendOn: sendOnSchema.optional(),
});
export type CheckoutRecipient = z.input<typeof checkoutRecipientSchema>;

export const orderTypes = ['personal', 'gift', 'mixed'] as const;
export type OrderType = (typeof orderTypes)[number];

/** docs/product/buying.md#checkout-session: the checkout-session payload, exactly as the client builds it. */
export const checkoutSessionRequestSchema = z.object({
  mongoUserId: text().max(64).optional(),
  items: z.array(checkoutItemSchema).max(50),
  recipients: z.array(checkoutRecipientSchema).max(250).default([]),
  orderDetails: z
    .object({
      userType: z.literal('consumer').optional(),
      productCodes: z.array(line(64)).max(50).optional(),
      merchants: z.array(line(200)).max(50).optional(),
      productCode: line(64).optional(),
      merchant: line(200).optional(),
      orderType: z.enum(orderTypes).optional(),
      currency: line(3).optional(),
      valuePurchased: z.number().optional(),
      usageLimit: z.number().optional(),
      hasGiftItems: z.boolean().optional(),
      totalItems: z.number().optional(),
      allItems: z.array(z.unknown()).max(50).optional(),
      giftOrder: z.object({ message: paragraph(500).optional() }).optional(),
    })
    .optional(),
  summary: z
    .object({ personalItems: z.number(), giftItems: z.number(), totalRecipients: z.number() })
    .partial()
    .optional(),
  /** Only 'card' exists (docs/product/buying.md#checkout); anything else is refused with CARD_ONLY_MESSAGE. */
  paymentMethod: line(30).default('card'),
  /**
   * docs/product/buying.md#paying-with-ugm-credit: UGM Credit to spend, in major units (at most the total and the balance).
   * The card pays the rest; credit for the whole total needs no card page. Absent or 0: card only.
   */
  walletCredit: z.number().nonnegative().max(1_000_000).optional(),
});
export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequestSchema>;

export const checkoutSessionResponseSchema = z.object({ url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** docs/product/buying.md#checkout: the checkout shows `details`, else `error`. */
export const checkoutErrorSchema = errorResponseSchema.extend({ details: z.string().optional() });

/** docs/product/buying.md#payment-result-screen: an order (one voucher) as the payment result screen shows it. */
export const orderItemSchema = z.object({
  _id: z.string(),
  productCode: z.string(),
  merchant: z.object({ name: z.string() }),
  imageUrl: z.string().optional(),
  valuePurchased: z.number(),
  currency: z.string(),
  giftOrder: z
    .object({
      recipientName: z.string(),
      recipientEmail: z.string(),
      /** The transfer's latest action: pending until the recipient claims it. */
      status: z.string().optional(),
      /** The UK day (YYYY-MM-DD) its e-mail is scheduled for, while it waits (decision 025). */
      scheduledFor: z.string().optional(),
    })
    .optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const paymentStatuses = ['processing', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The provider's session id: with the payment simulator it opens the session's card page, whose
 * payment leads on to the poll key, so it is kept out of the log like the key.
 */
export const verifyOrderQuerySchema = z.object({
  session_id: secretInUrl(text().trim().min(1).max(255), "a payment provider's session"),
});
/**
 * The payment's order reference ('UGM-…'): its one identifier, the same in the receipt, on the
 * payment result screen and in the operator console, whose search finds it.
 */
const orderReferenceSchema = z.string();
export const verifyOrderResponseSchema = z.object({
  success: z.literal(true),
  orderReference: orderReferenceSchema,
  orders: z.array(orderItemSchema),
});
export const verifyOrderFailureSchema = errorResponseSchema.extend({ failedOrders: z.array(orderItemSchema) });

export const orderStatusQuerySchema = z.object({
  key: secretInUrl(text().trim().min(1).max(128), "a checkout's poll key"),
});
export const orderStatusResponseSchema = z.object({
  status: z.enum(paymentStatuses),
  /** Once paid. */
  orderReference: orderReferenceSchema.optional(),
  orders: z.array(orderItemSchema),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

export const checkoutEndpoints = {
  createSession: defineEndpoint({
    method: 'POST',
    path: '/wallets/checkout-session',
    summary: 'Reprice the cart from the catalogue and open a hosted payment page; answers its URL',
    body: checkoutSessionRequestSchema,
    responses: {
      200: checkoutSessionResponseSchema,
      400: checkoutErrorSchema,
      401: checkoutErrorSchema,
      422: checkoutErrorSchema,
      429: checkoutErrorSchema,
      503: checkoutErrorSchema,
    },
  }),
};

export const orderEndpoints = {
  verify: defineEndpoint({
    method: 'GET',
    path: '/orders/verify',
    summary: "The orders of the caller's paid checkout session (fulfilled now if not yet)",
    query: verifyOrderQuerySchema,
    responses: {
      200: verifyOrderResponseSchema,
      402: verifyOrderFailureSchema,
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/orders/status',
    summary: "The payment status of the caller's checkout session, by its poll key, with its orders",
    query: orderStatusQuerySchema,
    responses: { 200: orderStatusResponseSchema, ...errorResponses(400, 401, 404) },
  }),
};

export const webhookResponseSchema = z.object({ received: z.literal(true) });

/** Provider webhooks: the body is read raw and verified by its signature, so it is not described here. */
export const paymentEndpoints = {
  simulatorWebhook: defineEndpoint({
    method: 'POST',
    path: '/payments/simulator/webhook',
    summary: "The payment simulator's signed event (HMAC over the raw body, timestamped)",
    responses: { 200: webhookResponseSchema, ...errorResponses(400) },
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/payments/stripe/webhook',
    summary: "Stripe's signed event (checkout.session.completed, async_payment_succeeded/failed)",
    responses: { 200: webhookResponseSchema, ...errorResponses(400) },
  }),
};

/** Recipient e-mail check shared by the checkout form and the server. */
export const recipientEmailSchema = emailSchema;
