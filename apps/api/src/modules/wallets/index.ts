/** The wallets module's public face (UGM Credit and the purchase history). */
export { type CardPurchase, ensureWallet, recordCardPurchase } from './service';
