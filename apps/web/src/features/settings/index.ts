/**
 * The settings feature's public face: the account and settings pages (/account, /settings) are the
 * router's, loaded lazily from pages/; nothing else in this folder is used elsewhere.
 */
export {};
