import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { opsVoucherStates } from './ops-customers';
import { text } from './text';

/**
 * The console's money tools and reports (docs/product/operators.md#money and #reports, decision
 * 049): an order (a checkout) with its vouchers, refunds to the original card or to UGM Credit,
 * voids, credit adjustments, the second operator's approval above £250, and the books. Amounts
 * here are integers of minor units (pence), as the books keep them; the console formats them.
 * A voucher's code never appears: only its last four characters.
 */

/** Above this many minor units (£250), a refund or an adjustment waits for a second operator. */
export const APPROVAL_THRESHOLD_MINOR = 25_000;

/**
 * The most one refund or credit adjustment may move, either way, in minor units (£1,000,000): far
 * above any order or balance, and within what the books' columns hold, so an absurd amount is a
 * field error (400) rather than a failed write.
 */
export const MAX_MONEY_MOVE_MINOR = 100_000_000;
export const REFUND_TOO_LARGE_MESSAGE = 'The amount must be at most £1,000,000';
export const ADJUSTMENT_TOO_LARGE_MESSAGE = 'The amount must be at most £1,000,000 either way';

export const refundDestinations = ['card', 'credit'] as const;
export type RefundDestination = (typeof refundDestinations)[number];

export const moneyRequestStatuses = ['pending', 'done', 'rejected'] as const;
export type MoneyRequestStatus = (typeof moneyRequestStatuses)[number];
/**
 * A refund's: an adjustment's, and for a refund to the card `processing` (recorded, its vouchers
 * voided, the provider not yet confirming it) and `failed` (the provider refused it: its vouchers
 * were given back and nothing moved).
 */
export const refundStatuses = ['pending', 'processing', 'done', 'rejected', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

const idSchema = text('A valid id is required').regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'A valid id is required',
);

const reasonSchema = text('A reason is required')
  .min(1, 'A reason is required')
  .max(500, 'The reason must be at most 500 characters');

const minorUnits = z.number().int();

export const opsVoucherSchema = z.object({
  id: z.string(),
  merchantName: z.string(),
  productCode: z.string(),
  value: minorUnits,
  currency: z.string(),
  state: z.enum(opsVoucherStates),
  /** The last four characters of the code: all an operator ever sees of it; null while it has none (decision 068). */
  codeLastFour: z.string().nullable(),
  ownerId: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsVoucher = z.infer<typeof opsVoucherSchema>;

export const operatorRefSchema = z.object({ id: z.string(), email: z.string() });

export const opsRefundSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  orderId: z.string(),
  voucherIds: z.array(z.string()),
  amount: minorUnits,
  currency: z.string(),
  refundTo: z.enum(refundDestinations),
  reason: z.string(),
  status: z.enum(refundStatuses),
  /** Why the payment provider refused it (`failed`), in the provider's words. */
  failure: z.string().nullable(),
  requestedBy: operatorRefSchema,
  decidedBy: operatorRefSchema.nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type OpsRefund = z.infer<typeof opsRefundSchema>;

/** An order as the console shows it: one checkout, its vouchers and what was refunded of it. */
export const opsOrderSchema = z.object({
  id: z.string(),
  /** The payment's order reference ('UGM-…'): the one the receipt and the shop show. */
  reference: z.string(),
  buyer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  currency: z.string(),
  /** What the order cost, and how it was paid: card plus UGM Credit. */
  total: minorUnits,
  paidByCard: minorUnits,
  paidByCredit: minorUnits,
  refunded: minorUnits,
  /** What may still be refunded to each destination. */
  refundable: z.object({ card: minorUnits, credit: minorUnits }),
  paidAt: z.string().nullable(),
  vouchers: z.array(opsVoucherSchema),
  refunds: z.array(opsRefundSchema),
});
export type OpsOrder = z.infer<typeof opsOrderSchema>;

export const opsOrderIdParamsSchema = z.object({ orderId: idSchema });
export const opsVoucherIdParamsSchema = z.object({ voucherId: idSchema });
export const opsCustomerIdParamsSchema = z.object({ userId: idSchema });
export const approvalIdParamsSchema = z.object({ approvalId: idSchema });

/**
 * 'Confirm refund'. `requestId` is made once per form (a UUID): the same request sent again, or
 * 50 times at once, is the same refund. `voucherIds` picks some of the order's vouchers (all of
 * them when absent); each is voided. `amount` is at most what they cost and what is left to refund.
 */
export const refundRequestSchema = z.object({
  requestId: idSchema,
  amount: z
    .number('Please enter an amount')
    .int('The amount is in pence')
    .positive('The amount must be more than zero')
    .max(MAX_MONEY_MOVE_MINOR, REFUND_TOO_LARGE_MESSAGE),
  refundTo: z.enum(refundDestinations, "Please choose 'Original card' or 'UGM Credit'"),
  reason: reasonSchema,
  voucherIds: z.array(idSchema).min(1).max(100).optional(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundAnswerSchema = z.object({ refund: opsRefundSchema, message: z.string() });
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

export const voidVoucherRequestSchema = z.object({ reason: reasonSchema });
export type VoidVoucherRequest = z.input<typeof voidVoucherRequestSchema>;
export const voidVoucherAnswerSchema = z.object({ voucher: opsVoucherSchema, message: z.string() });
export type VoidVoucherAnswer = z.infer<typeof voidVoucherAnswerSchema>;

export const creditAdjustmentRequestSchema = z.object({
  requestId: idSchema,
  amount: z
    .number('Please enter an amount')
    .int('The amount is in pence')
    .min(-MAX_MONEY_MOVE_MINOR, ADJUSTMENT_TOO_LARGE_MESSAGE)
    .max(MAX_MONEY_MOVE_MINOR, ADJUSTMENT_TOO_LARGE_MESSAGE)
    .refine((value) => value !== 0, {
      message: 'The amount cannot be zero',
    }),
  currency: text().regex(/^[A-Z]{3}$/, 'A currency such as GBP is required'),
  reason: reasonSchema,
});
export type CreditAdjustmentRequest = z.input<typeof creditAdjustmentRequestSchema>;

export const opsCreditAdjustmentSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  userId: z.string(),
  amount: minorUnits,
  currency: z.string(),
  reason: z.string(),
  status: z.enum(moneyRequestStatuses),
  requestedBy: operatorRefSchema,
  decidedBy: operatorRefSchema.nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** The wallet's balance once done; null while pending or rejected. */
  balance: minorUnits.nullable(),
});
export type OpsCreditAdjustment = z.infer<typeof opsCreditAdjustmentSchema>;

export const creditAdjustmentAnswerSchema = z.object({ adjustment: opsCreditAdjustmentSchema, message: z.string() });
export type CreditAdjustmentAnswer = z.infer<typeof creditAdjustmentAnswerSchema>;

/** A refund or an adjustment waiting for a second operator. */
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'adjustment']),
  amount: minorUnits,
  currency: z.string(),
  reason: z.string(),
  refundTo: z.enum(refundDestinations).nullable(),
  orderId: z.string().nullable(),
  customer: z.object({ id: z.string(), email: z.string() }),
  requestedBy: operatorRefSchema,
  createdAt: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = z.object({ approvals: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

export const approvalDecisionRequestSchema = z.object({ reason: text().max(500).optional() });
export type ApprovalDecisionRequest = z.input<typeof approvalDecisionRequestSchema>;
export const approvalDecisionAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'adjustment']),
  status: z.enum(refundStatuses),
  message: z.string(),
});
export type ApprovalDecisionAnswer = z.infer<typeof approvalDecisionAnswerSchema>;

// Reports (docs/product/operators.md#reports)

const outstandingRowSchema = z.object({ currency: z.string(), count: z.number().int(), value: minorUnits });
export const outstandingVouchersReportSchema = z.object({
  totals: z.array(outstandingRowSchema),
  byMerchant: z.array(outstandingRowSchema.extend({ merchantName: z.string() })),
  /** YYYY-MM of issue (UTC). */
  byMonth: z.array(outstandingRowSchema.extend({ month: z.string() })),
});
export type OutstandingVouchersReport = z.infer<typeof outstandingVouchersReportSchema>;

export const creditOutstandingReportSchema = z.object({
  balances: z.array(z.object({ currency: z.string(), wallets: z.number().int(), balance: minorUnits })),
});
export type CreditOutstandingReport = z.infer<typeof creditOutstandingReportSchema>;

const dateOnly = text('Please give a date as YYYY-MM-DD').regex(
  /^\d{4}-\d{2}-\d{2}$/,
  'Please give a date as YYYY-MM-DD',
);
export const salesReportQuerySchema = z.object({ from: dateOnly.optional(), to: dateOnly.optional() });
export type SalesReportQuery = z.input<typeof salesReportQuerySchema>;

export const salesReportSchema = z.object({
  days: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      day: z.string(),
      currency: z.string(),
      orders: z.number().int(),
      sales: minorUnits,
      refunds: z.number().int(),
      refunded: minorUnits,
    }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

// Codes bought from the supplier (docs/product/operators.md#codes-from-the-supplier, decision 068)

export const waitingCodeStates = ['pending', 'no-float', 'failed'] as const;
/** A voucher whose code has not come from the supplier: never the code, only where its request stands. */
export const waitingCodeSchema = z.object({
  voucherId: z.string(),
  merchantName: z.string(),
  value: minorUnits,
  currency: z.string(),
  holder: z.object({ id: z.string(), email: z.string() }).nullable(),
  supplier: z.string(),
  brand: z.string(),
  /** On its way (an attempt under way, or the next retry due at `nextAttemptAt`), or refused. */
  state: z.enum(waitingCodeStates),
  attempts: z.number().int(),
  requestedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  /** The supplier's error code and message of the last failed attempt. */
  lastError: z.string().nullable(),
});
export type WaitingCode = z.infer<typeof waitingCodeSchema>;
export const waitingCodesSchema = z.object({ codes: z.array(waitingCodeSchema) });
export type WaitingCodes = z.infer<typeof waitingCodesSchema>;

export const retryCodeRequestSchema = z.object({ reason: text().max(500).optional() });
export type RetryCodeRequest = z.input<typeof retryCodeRequestSchema>;
export const retryCodeAnswerSchema = z.object({
  /** What the supplier answered now (`retry`: not yet, or it failed again and the job goes on). */
  outcome: z.enum(['issued', 'retry', 'no-float', 'failed']),
  message: z.string(),
});
export type RetryCodeAnswer = z.infer<typeof retryCodeAnswerSchema>;

export const supplierReportSchema = z.object({
  /** 'simulator' or 'tillo'. */
  supplier: z.string(),
  /** The supplier's floats now; empty when it could not be asked (`floatError` says why). */
  floats: z.array(z.object({ name: z.string(), currency: z.string(), available: minorUnits })),
  floatError: z.string().nullable(),
  /** Vouchers activated (their cards bought) per UTC day: the face value the float had to cover. */
  activations: z.array(
    z.object({ day: z.string(), currency: z.string(), count: z.number().int(), faceValue: minorUnits }),
  ),
});
export type SupplierReport = z.infer<typeof supplierReportSchema>;

export const opsMoneyEndpoints = {
  order: defineEndpoint({
    method: 'GET',
    path: '/ops/orders/:orderId',
    summary: 'An order (a checkout, or the checkout of a voucher id): vouchers, payment and refunds',
    params: opsOrderIdParamsSchema,
    responses: { 200: opsOrderSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/ops/orders/:orderId/refunds',
    summary: 'Refund an order to the card or to UGM Credit, voiding its vouchers; above £250 it waits for approval',
    params: opsOrderIdParamsSchema,
    body: refundRequestSchema,
    responses: { 200: refundAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
  }),
  voidVoucher: defineEndpoint({
    method: 'POST',
    path: '/ops/vouchers/:voucherId/void',
    summary: 'Void a voucher (fraud): its code dies, irreversibly',
    params: opsVoucherIdParamsSchema,
    body: voidVoucherRequestSchema,
    responses: { 200: voidVoucherAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  adjustCredit: defineEndpoint({
    method: 'POST',
    path: '/ops/customers/:userId/credit-adjustments',
    summary: "Adjust a customer's UGM Credit (±); above £250 it waits for approval",
    params: opsCustomerIdParamsSchema,
    body: creditAdjustmentRequestSchema,
    responses: { 200: creditAdjustmentAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  approvals: defineEndpoint({
    method: 'GET',
    path: '/ops/approvals',
    summary: 'Refunds and adjustments waiting for a second operator, oldest first',
    responses: { 200: approvalListSchema, ...errorResponses(401, 403) },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/ops/approvals/:approvalId/approve',
    summary: "Approve another operator's refund or adjustment: it is carried out now",
    params: approvalIdParamsSchema,
    body: approvalDecisionRequestSchema,
    responses: { 200: approvalDecisionAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/ops/approvals/:approvalId/reject',
    summary: "Reject another operator's refund or adjustment: nothing moves",
    params: approvalIdParamsSchema,
    body: approvalDecisionRequestSchema,
    responses: { 200: approvalDecisionAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  outstandingVouchers: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/outstanding-vouchers',
    summary: 'Vouchers not yet activated (nor exchanged, converted, refunded or void): count and value',
    responses: { 200: outstandingVouchersReportSchema, ...errorResponses(401, 403) },
  }),
  outstandingVouchersCsv: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/outstanding-vouchers.csv',
    summary: 'Outstanding vouchers by merchant and month of issue, as CSV',
    responses: { 200: z.string(), ...errorResponses(401, 403) },
  }),
  creditOutstanding: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/credit-outstanding',
    summary: 'UGM Credit outstanding: the sum of wallet balances, per currency',
    responses: { 200: creditOutstandingReportSchema, ...errorResponses(401, 403) },
  }),
  creditOutstandingCsv: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/credit-outstanding.csv',
    summary: 'UGM Credit outstanding, as CSV',
    responses: { 200: z.string(), ...errorResponses(401, 403) },
  }),
  sales: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/sales',
    summary: 'Sales and refunds by day (UTC), per currency',
    query: salesReportQuerySchema,
    responses: { 200: salesReportSchema, ...errorResponses(400, 401, 403) },
  }),
  salesCsv: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/sales.csv',
    summary: 'Sales and refunds by day, as CSV',
    query: salesReportQuerySchema,
    responses: { 200: z.string(), ...errorResponses(400, 401, 403) },
  }),
  waitingCodes: defineEndpoint({
    method: 'GET',
    path: '/ops/voucher-codes',
    summary: 'Codes waiting for the supplier: on their way or refused, oldest ask first; never a code',
    responses: { 200: waitingCodesSchema, ...errorResponses(401, 403) },
  }),
  retryCode: defineEndpoint({
    method: 'POST',
    path: '/ops/voucher-codes/:voucherId/retry',
    summary: "'Retry now': ask the supplier for a waiting code at once (audited)",
    params: opsVoucherIdParamsSchema,
    body: retryCodeRequestSchema,
    responses: { 200: retryCodeAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  supplierReport: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/supplier',
    summary: "The supplier's float, and the vouchers activated per day with their face value",
    query: salesReportQuerySchema,
    responses: { 200: supplierReportSchema, ...errorResponses(400, 401, 403) },
  }),
  supplierReportCsv: defineEndpoint({
    method: 'GET',
    path: '/ops/reports/supplier.csv',
    summary: 'Vouchers activated per day with their face value, as CSV',
    query: salesReportQuerySchema,
    responses: { 200: z.string(), ...errorResponses(400, 401, 403) },
  }),
};
