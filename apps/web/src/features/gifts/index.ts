/**
 * The gifts feature's public face: a gift's claim-link landing page (/gift/:token) and the gifts
 * sent with one purchase (/sent-gift). Both are the router's, loaded lazily from pages/; nothing
 * else in this folder is used elsewhere.
 */
export {};
