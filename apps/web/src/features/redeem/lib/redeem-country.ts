/** Spec 001 section 9: redemption is UK-based; an exchange from here looks for vouchers in GB. */
export const REDEEM_COUNTRY = 'GB';
