/**
 * The vouchers feature's public face: one voucher's code and QR code (/vouchers/:id) is the
 * router's page, loaded lazily from pages/; nothing else in this folder is used elsewhere.
 */
export {};
