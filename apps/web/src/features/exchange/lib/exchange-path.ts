import { paths } from '@/config/paths';

export interface ExchangeTarget {
  /** The voucher (order) to exchange. */
  id: string;
  amount: number | string;
  country: string;
  currency: string;
}

/** docs/product/vouchers-and-gifts.md#exchange: the amount travels with non-numeric characters removed ('£25.00' → '25.00'). */
export function exchangeAmountParam(amount: number | string): string {
  return String(amount).replace(/[^\d.]/g, '');
}

/** /exchange-voucher?id&amount&country&currency for one voucher. */
export function exchangeVoucherPath({ id, amount, country, currency }: ExchangeTarget): string {
  const query = new URLSearchParams({ id, amount: exchangeAmountParam(amount), country, currency });
  return `${paths.exchangeVoucher}?${query.toString()}`;
}
