/**
 * The orders module's public face: vouchers (one order per unit), their gift transfers and the
 * gift landing page. Routes live in ./routes (registered by app.ts), not here, so the checkout
 * module can import this without a cycle.
 */

export { GiftScheduler, registerGiftScheduler } from './gift-scheduler';
export {
  type ClaimResult,
  confirmClaim,
  confirmTransfer,
  findPendingGiftsFrom,
  GIFT_ALREADY_CLAIMED_MESSAGE,
  GIFT_CLAIMED_MESSAGE,
  type GiftDeps,
  listReceivedGifts,
  listSentGifts,
  NO_PENDING_GIFTS_MESSAGE,
  OWN_GIFT_MESSAGE,
  redeemLink,
  TRANSFER_CONFIRMED_MESSAGE,
} from './gift-service';
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
