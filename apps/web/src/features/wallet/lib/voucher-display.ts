import { paths } from '@/config/paths';

/** Spec 001 section 2: the merchant name, else the product code, else 'Unknown Voucher'. */
export function voucherName(voucher: { merchant?: { name?: string } | null; productCode?: string }): string {
  return voucher.merchant?.name || voucher.productCode || 'Unknown Voucher';
}

/** 'GBP 25.00': the currency and the value to 2 decimals (spec 001 section 2). */
export function voucherAmount(currency: string, value: number): string {
  return `${currency} ${value.toFixed(2)}`;
}

/** Spec 001 section 9: the wallet page passes country GB. */
export const EXCHANGE_COUNTRY = 'GB';

/** The exchange page for a voucher (spec 001 section 2: query parameters id, amount, country, currency). */
export function exchangeVoucherHref(voucher: { _id: string; valuePurchased: number; currency: string }): string {
  const query = new URLSearchParams({
    id: voucher._id,
    amount: String(voucher.valuePurchased),
    country: EXCHANGE_COUNTRY,
    currency: voucher.currency,
  });
  return `${paths.exchangeVoucher}?${query.toString()}`;
}
