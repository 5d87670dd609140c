/** docs/product/vouchers-and-gifts.md#claiming-a-gift: redemption is UK-based; an exchange from here looks for vouchers in GB. */
export const REDEEM_COUNTRY = 'GB';
