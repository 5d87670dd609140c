/** The wallets module's public face (UGM Credit and the purchase history). */
export {
  type CardPurchase,
  type CreditHold,
  CreditSpentElsewhereError,
  creditWallet,
  ensureWallet,
  holdCredit,
  recordCardPurchase,
  releaseCreditHold,
  spendHeldCredit,
  WALLET_CURRENCY_MISMATCH_MESSAGE,
  type WalletCredit,
} from './service';
