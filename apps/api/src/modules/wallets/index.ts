/** The wallets module's public face (UGM Credit and the purchase history), and its routes. */
export { type ConsoleLedgerEntry, type ConsoleWallet, ledgerEntriesOfVoucher, walletsOfCustomer } from './console';
export {
  adjustCredit,
  BELOW_ZERO_MESSAGE,
  type CreditAdjustment,
  type CreditRefund,
  creditBalanceOf,
  creditOutstanding,
  refundToCredit,
} from './operator-moves';
export { walletRoutes } from './routes';
export {
  type CardPurchase,
  type CreditHold,
  CreditSpentElsewhereError,
  creditWallet,
  holdCredit,
  recordCardPurchaseParts,
  releaseCreditHold,
  spendHeldCredit,
  type WalletCredit,
} from './service';
