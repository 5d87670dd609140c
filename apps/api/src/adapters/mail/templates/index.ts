/** Every e-mail the product sends is built here: import templates from this file. */
export { existingAccountEmail, loginCodeEmail, noAccountEmail, verificationEmail, welcomeEmail } from './account';
export { escapeHtml } from './escape';
export { giftClaimedEmail, giftReminderEmail } from './gift';
export { type EmailBlock, type EmailContent, productName, type RenderedEmail, renderEmail } from './layout';
export { acknowledgementEmail, operationsCopyEmail } from './outreach';
export { giftReceivedEmail, purchaseReceiptEmail, type ReceiptLine } from './purchase';
export { type RefundedVoucherLine, refundIssuedEmail, voucherCancelledEmail } from './refund';
export { supplierFloatAlertEmail, voucherCodeReadyEmail, voucherCodeReissuedEmail } from './voucher';
