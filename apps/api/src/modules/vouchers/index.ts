/**
 * The vouchers module's public face: issuing vouchers (one order per unit, for checkout) and what
 * the gifts module reads and does to a voucher. The vouchers a user holds (the active list, one
 * voucher, activation, the till, exchange, conversion to UGM Credit) are its routes, in ./routes.
 */

export {
  checkoutOfVoucher,
  codeLastFourOf,
  consoleStateOf,
  type EndedStatus,
  endVouchers,
  lockVoucher,
  lockVouchersOfCheckout,
  type OutstandingRow,
  outstandingVouchers,
  vouchersOfCheckout,
} from './console';
export { type IssuedVoucher, issueVouchers, listSessionVouchers, type VoucherUnit } from './issue';
export { findVouchersByIds, handOverVoucher, type VoucherRow } from './lookup';
export { activeOrderOf, type GiftOfVoucher, redemptionUrlOf } from './service';
