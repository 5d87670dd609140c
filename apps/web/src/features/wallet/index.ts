/**
 * The wallet feature's public face: the wallet page (/wallet: vouchers, sent and received gifts,
 * balances) is the router's, loaded lazily from pages/; nothing else in this folder is used elsewhere.
 */
export {};
