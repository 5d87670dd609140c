/** The exchange feature's public face: where a voucher goes to be exchanged or converted. */
export { type ExchangeTarget, exchangeAmountParam, exchangeVoucherPath } from './lib/exchange-path';
