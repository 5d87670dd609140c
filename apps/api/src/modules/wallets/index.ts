/** The wallets module's public face (UGM Credit and the purchase history). */
export { type ConsoleLedgerEntry, type ConsoleWallet, ledgerEntriesOfVoucher, walletsOfCustomer } from './console';
export {
  type CardPurchase,
  type CreditHold,
  CreditSpentElsewhereError,
  creditWallet,
  holdCredit,
  recordCardPurchase,
  releaseCreditHold,
  spendHeldCredit,
  type WalletCredit,
} from './service';
