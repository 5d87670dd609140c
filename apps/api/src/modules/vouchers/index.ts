/**
 * The vouchers module's public face: issuing vouchers (one order per unit, for checkout) and what
 * the gifts module reads and does to a voucher. The vouchers a user holds (the active list, one
 * voucher, activation, the till, exchange, conversion to UGM Credit) are its routes, in ./routes.
 * The operator console's reads and 'Reissue code' are in ./console (decision 048); what its refunds
 * and voids read and do, in ./money-console (decision 049); its view of codes bought from the
 * supplier, in ./code-console, and the issuer that buys them, in ./code-issuer (decision 068).
 */
export {
  type ActivatedDay,
  activationsByDay,
  RETRY_IN_FLIGHT_MESSAGE,
  RETRY_NOT_WAITING_MESSAGE,
  supplierOfVoucher,
  type WaitingCode,
  waitingCodes,
} from './code-console';
export {
  type AttemptOutcome,
  CodeIssuer,
  type CodeIssuerOptions,
  defaultCodeIssuerOptions,
  registerCodeIssuer,
  startCodeRetries,
} from './code-issuer';
export { CODE_IN_FLIGHT_MESSAGE, CODE_ON_ITS_WAY_MESSAGE } from './code-requests';
export {
  backfillCodeLast4,
  codeLast4BackfillTask,
  findVoucherWithReplacement,
  REISSUE_NO_CODE_MESSAGE,
  REISSUE_UNCLAIMED_MESSAGE,
  REISSUE_UNUSABLE_MESSAGE,
  reissueSupplierCodeMessage,
  reissueVoucherCode,
  searchVouchers,
  VOUCHER_NOT_FOUND_MESSAGE,
  voucherStateOf,
  vouchersOfCustomer,
} from './console';
export {
  type IssuedVoucher,
  issueVouchersPart,
  listSessionVouchers,
  type NewVoucherRow,
  newVouchers,
  type VoucherUnit,
} from './issue';
export { codeLastFourOf, lastFourOf, voucherLabelOf } from './last-four';
export { findVouchersByIds, handOverVoucher, type VoucherRow } from './lookup';
export {
  checkoutOfVoucher,
  type EndedStatus,
  endVouchers,
  lockVoucher,
  lockVouchersOfCheckout,
  type OutstandingRow,
  outstandingVouchers,
  restoreRefundedVouchers,
  voucherNotEnded,
  vouchersOfCheckout,
  wasEnded,
} from './money-console';
export { passFingerprintOf, passSecretOf } from './pass-view';
export { voucherRoutes } from './routes';
export { activeOrderOf, type GiftOfVoucher, redemptionUrlOf } from './service';
