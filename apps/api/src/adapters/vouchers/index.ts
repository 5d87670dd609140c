export { createVoucherCipher, type VoucherCipher } from './cipher';
export { newVoucherCode, newVoucherPin, usesPin } from './codes';
