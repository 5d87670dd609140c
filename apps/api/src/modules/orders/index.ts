/**
 * The orders module's public face: vouchers (one order per unit), their gift transfers and the
 * gift landing page. Routes live in ./routes (registered by app.ts), not here, so the checkout
 * module can import this without a cycle.
 */
export {
  findGiftByToken,
  GIFT_NOT_FOUND_MESSAGE,
  hashClaimToken,
  type IssuedOrder,
  issueVouchers,
  listSessionOrders,
  type VoucherUnit,
} from './service';
export {
  ACTIVATE_FIRST_MESSAGE,
  activateVoucher,
  CONVERSION_DONE_MESSAGE,
  EXCHANGE_DONE_MESSAGE,
  getVoucherDetail,
  listActiveVouchers,
  NOT_EXCHANGEABLE_MESSAGE,
  redemptionUrlOf,
  returnVoucher,
  swapVoucher,
  tillVoucher,
} from './voucher-service';
