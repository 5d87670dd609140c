/**
 * The widget's own words where the contract's copy (chatShopperCopy) has none: the thanks after
 * 'Did we solve your problem?' (docs/product/support-chat.md#in-the-browser).
 */
export const SATISFACTION_THANKS = 'Thank you for your answer.';
export const SATISFACTION_NOT_SENT = 'Your answer was not sent. Please try again.';
