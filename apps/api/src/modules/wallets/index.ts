/** The wallets module's public face (UGM Credit and the purchase history). */
export {
  type CardPurchase,
  creditWallet,
  ensureWallet,
  recordCardPurchase,
  WALLET_CURRENCY_MISMATCH_MESSAGE,
  type WalletCredit,
} from './service';
