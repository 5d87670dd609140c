/**
 * The wallet feature's public face: the wallet page (/wallet: vouchers, sent and received gifts,
 * balances) is the router's, loaded lazily from pages/. The till page links a voucher whose code
 * has not come to its exchange page (`exchangeVoucherHref`).
 */
export { exchangeVoucherHref } from './lib/voucher-display';
