/** The redeem feature's public face: claiming a gift by its link, and the redemption success view. */
export { useRedeemLink } from './api/redeem-link';
export { RedemptionSuccess } from './components/redemption-success';
export { redeemedState } from './lib/redeemed-voucher';
