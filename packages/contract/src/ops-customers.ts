import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { changeGiftRecipientRequestSchema } from './gift-delivery';
import { text } from './text';
import { secretInUrl } from './url-secrets';

/**
 * The console's customer tools (docs/product/operators.md#customers): one search, a customer's
 * page, a voucher's page with its timeline, and the help an operator gives (sign out everywhere,
 * disable and enable an account, resend or redirect a gift, reissue a code). An operator never
 * sees a voucher's code, only its last four characters (decision 048). Money is in major units,
 * as everywhere on the wire.
 */

/**
 * A voucher's state as the console shows it. `refunded` and `void` come from the console's money
 * tools (docs/product/operators.md); the others from what the holder did.
 */
export const opsVoucherStates = ['active', 'activated', 'exchanged', 'converted', 'refunded', 'void'] as const;
export type OpsVoucherState = (typeof opsVoucherStates)[number];

const idSchema = text('A valid id is required').regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'A valid id is required',
);

export const SEARCH_QUERY_MESSAGE =
  'Please enter at least 3 characters: part of an e-mail address, an order id, or the last four characters of a voucher code';

/** 'Search customers, orders or vouchers': part of an e-mail, an order id, or a code's last four. */
export const customerSearchQuerySchema = z.object({
  // What an operator types here may be a whole voucher code a customer read out.
  q: secretInUrl(
    text(SEARCH_QUERY_MESSAGE).min(3, SEARCH_QUERY_MESSAGE).max(200, 'The search can be at most 200 characters'),
    'a voucher code read out by a customer',
  ),
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuerySchema>;

/** An operator's reason for a change: required, kept in the audit trail. */
export const opsReasonSchema = text('Please give a reason')
  .min(1, 'Please give a reason')
  .max(500, 'The reason must be at most 500 characters');

export const opsReasonRequestSchema = z.object({ reason: opsReasonSchema });
export type OpsReasonRequest = z.input<typeof opsReasonRequestSchema>;

/** Help that needs no justification (sign out, resend, correct): a reason may still be noted. */
export const opsOptionalReasonRequestSchema = z.object({ reason: opsReasonSchema.optional() });
export type OpsOptionalReasonRequest = z.input<typeof opsOptionalReasonRequestSchema>;

export const customerParamsSchema = z.object({ userId: idSchema });
export const voucherParamsSchema = z.object({ voucherId: idSchema });

export const customerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** A voucher as an operator sees it: never its code, only the last four characters. */
export const opsVoucherSummarySchema = z.object({
  id: z.string(),
  merchantName: z.string(),
  productCode: z.string(),
  value: z.number(),
  currency: z.string(),
  state: z.enum(opsVoucherStates),
  /** Null while it has no code: codes are bought from the supplier when the holder activates (decision 068). */
  codeLast4: z.string().nullable(),
  buyer: customerSummarySchema.pick({ id: true, email: true }).nullable(),
  holder: customerSummarySchema.pick({ id: true, email: true }).nullable(),
  /** The checkout that paid for it; null for an exchange's replacement. */
  checkoutSessionId: z.string().nullable(),
  isGift: z.boolean(),
  createdAt: z.string(),
});
export type OpsVoucherSummary = z.infer<typeof opsVoucherSummarySchema>;

/** An order (one payment) the search found by its order reference. */
export const opsOrderMatchSchema = z.object({
  id: z.string(),
  reference: z.string(),
  total: z.number(),
  currency: z.string(),
  paidAt: z.string().nullable(),
});
export type OpsOrderMatch = z.infer<typeof opsOrderMatchSchema>;

export const customerSearchResultSchema = z.object({
  customers: z.array(customerSummarySchema),
  orders: z.array(opsOrderMatchSchema),
  vouchers: z.array(opsVoucherSummarySchema),
});
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

/** A gift's way to its recipient: scheduled, e-mailed, or claimed. */
export const opsGiftSchema = z.object({
  voucherId: z.string(),
  merchantName: z.string(),
  value: z.number(),
  currency: z.string(),
  senderEmail: z.string().nullable(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  delivery: z.enum(['scheduled', 'emailed', 'claimed']),
  sendAt: z.string(),
  emailedAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type OpsGift = z.infer<typeof opsGiftSchema>;

/** A shopper's session (a refresh-token family): when it started, was last used, and ended. */
export const customerSessionSchema = z.object({
  startedAt: z.string(),
  lastUsedAt: z.string(),
  endedAt: z.string().nullable(),
});

export const ledgerEntrySchema = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.number(),
  at: z.string(),
  voucherIds: z.array(z.string()),
});

export const customerWalletSchema = z.object({
  currency: z.string(),
  balance: z.number(),
  ledger: z.array(ledgerEntrySchema),
});

export const customerMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

export const customerPageSchema = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    username: z.string(),
    phoneNumber: z.string().nullable(),
    createdAt: z.string(),
    emailVerifiedAt: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    googleLinked: z.boolean(),
    disabled: z.boolean(),
    disabledAt: z.string().nullable(),
  }),
  /** Recent sign-ins, newest first, and how many addresses (IPs) the account is known from. */
  sessions: z.array(customerSessionSchema),
  knownAddresses: z.number(),
  /** Vouchers the customer holds or bought, newest first. */
  vouchers: z.array(opsVoucherSummarySchema),
  giftsSent: z.array(opsGiftSchema),
  giftsReceived: z.array(opsGiftSchema),
  wallets: z.array(customerWalletSchema),
  messages: z.array(customerMessageSchema),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const voucherTimelineKinds = [
  'paid',
  'issued',
  'emailed',
  'resent',
  'recipient-corrected',
  'claimed',
  'confirmed',
  'activated',
  'exchanged',
  'converted',
  'refunded',
  'voided',
  'reissued',
  'added-to-apple-wallet',
  'added-to-google-wallet',
] as const;
export type VoucherTimelineKind = (typeof voucherTimelineKinds)[number];

/** Who did something: the shopper (their e-mail), an operator (their e-mail), or the system. */
export const timelineActorSchema = z.object({
  type: z.enum(['shopper', 'operator', 'system']),
  label: z.string(),
});

export const voucherTimelineEntrySchema = z.object({
  kind: z.enum(voucherTimelineKinds),
  at: z.string(),
  by: timelineActorSchema,
  detail: z.string().nullable(),
});
export type VoucherTimelineEntry = z.infer<typeof voucherTimelineEntrySchema>;

/** Where a voucher's code was, or is being, bought (decision 068): the supplier and its reference, never the code. */
export const codeRequestStates = ['pending', 'issued', 'no-float', 'failed', 'cancelled'] as const;
export const opsVoucherSupplierSchema = z.object({
  /** 'simulator' or 'tillo'; null for a code made here before codes came from a supplier. */
  supplier: z.string().nullable(),
  /** The supplier's reference of the card, once issued. */
  reference: z.string().nullable(),
  /** The request for its code, when one was made. */
  request: z
    .object({
      state: z.enum(codeRequestStates),
      brand: z.string(),
      attempts: z.number().int(),
      requestedAt: z.string(),
      nextAttemptAt: z.string().nullable(),
      lastError: z.string().nullable(),
    })
    .nullable(),
});
export type OpsVoucherSupplier = z.infer<typeof opsVoucherSupplierSchema>;

export const opsVoucherPageSchema = z.object({
  voucher: opsVoucherSummarySchema,
  supplier: opsVoucherSupplierSchema,
  gift: opsGiftSchema.nullable(),
  /** Oldest first. */
  timeline: z.array(voucherTimelineEntrySchema),
});
export type OpsVoucherPage = z.infer<typeof opsVoucherPageSchema>;

export const opsActionResultSchema = z.object({ message: z.string() });
export type OpsActionResult = z.infer<typeof opsActionResultSchema>;

/**
 * 'Reissue code': the reason, and the last four characters of the code the operator is looking
 * at. They are the precondition that makes a repeat harmless: a reissue happens only while the
 * code still ends in them, and every reissue changes them (decision 053), so a double press, or a
 * second operator on the same voucher, reissues once.
 */
export const opsReissueRequestSchema = z.object({
  reason: opsReasonSchema,
  codeLast4: text('The last four characters of the code are required').regex(
    /^[0-9A-Za-z]{4}$/,
    'The last four characters of the code are required',
  ),
});
export type OpsReissueRequest = z.input<typeof opsReissueRequestSchema>;

export const opsCorrectRecipientRequestSchema = changeGiftRecipientRequestSchema.extend({
  reason: opsReasonSchema.optional(),
});
export type OpsCorrectRecipientRequest = z.input<typeof opsCorrectRecipientRequestSchema>;

export const opsCustomerEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/ops/customers/search',
    summary: 'Customers by part of their e-mail, vouchers by order id or the last four characters of the code',
    query: customerSearchQuerySchema,
    responses: { 200: customerSearchResultSchema, ...errorResponses(400, 401, 403) },
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: '/ops/customers/:userId',
    summary: "A customer's page: profile, sign-ins, vouchers, gifts, wallets and messages (audited)",
    params: customerParamsSchema,
    responses: { 200: customerPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/ops/customers/:userId/sign-out-everywhere',
    summary: "Ends every session of the customer's",
    params: customerParamsSchema,
    body: opsOptionalReasonRequestSchema,
    responses: { 200: opsActionResultSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/ops/customers/:userId/disable',
    summary: 'Disables the account: it cannot sign in, and its sessions end at once',
    params: customerParamsSchema,
    body: opsReasonRequestSchema,
    responses: { 200: opsActionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/ops/customers/:userId/enable',
    summary: 'Enables a disabled account again',
    params: customerParamsSchema,
    body: opsReasonRequestSchema,
    responses: { 200: opsActionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  voucher: defineEndpoint({
    method: 'GET',
    path: '/ops/vouchers/:voucherId',
    summary: "A voucher's page: its state, gift and timeline; never its code (audited)",
    params: voucherParamsSchema,
    responses: { 200: opsVoucherPageSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  resendGift: defineEndpoint({
    method: 'POST',
    path: '/ops/vouchers/:voucherId/gift/resend',
    summary: "E-mails an unclaimed gift again, under the sender's limits",
    params: voucherParamsSchema,
    body: opsOptionalReasonRequestSchema,
    responses: { 200: opsActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  correctRecipient: defineEndpoint({
    method: 'POST',
    path: '/ops/vouchers/:voucherId/gift/recipient',
    summary: "Corrects an unclaimed gift's recipient: the old link dies, under the sender's limits",
    params: voucherParamsSchema,
    body: opsCorrectRecipientRequestSchema,
    responses: { 200: opsActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  reissueCode: defineEndpoint({
    method: 'POST',
    path: '/ops/vouchers/:voucherId/reissue',
    summary:
      'Gives the holder a new code (e-mailed to them) and kills the old one, while the code still ends in codeLast4',
    params: voucherParamsSchema,
    body: opsReissueRequestSchema,
    responses: { 200: opsActionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
};
