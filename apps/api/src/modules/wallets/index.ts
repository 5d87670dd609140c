/** The wallets module's public face (UGM Credit and the purchase history). */
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
