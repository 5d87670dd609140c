import { paths } from '@/config/paths';

/** docs/product/vouchers-and-gifts.md#active-vouchers: the merchant name, else the product code, else 'Unknown Voucher'. */
export function voucherName(voucher: { merchant?: { name?: string } | null; productCode?: string }): string {
  return voucher.merchant?.name || voucher.productCode || 'Unknown Voucher';
}

/** 'GBP 25.00': the currency and the value to 2 decimals (docs/product/vouchers-and-gifts.md#active-vouchers). */
export function voucherAmount(currency: string, value: number): string {
  return `${currency} ${value.toFixed(2)}`;
}

/** docs/product/vouchers-and-gifts.md#active-vouchers: the wallet page passes country GB. */
export const EXCHANGE_COUNTRY = 'GB';

/** The exchange page for a voucher (docs/product/vouchers-and-gifts.md#exchange: query parameters id, amount, country, currency). */
export function exchangeVoucherHref(voucher: { _id: string; valuePurchased: number; currency: string }): string {
  const query = new URLSearchParams({
    id: voucher._id,
    amount: String(voucher.valuePurchased),
    country: EXCHANGE_COUNTRY,
    currency: voucher.currency,
  });
  return `${paths.exchangeVoucher}?${query.toString()}`;
}
