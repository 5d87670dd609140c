/**
 * The outreach forms' copy and limits (docs/product/information-pages.md#outreach-forms), apart from the schemas that use them:
 * they need no zod, so the footer's newsletter form renders without it (decision 023).
 * `./outreach` re-exports them.
 */

/** docs/product/information-pages.md#outreach-forms: the forms' exact validation copy. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
/** docs/product/information-pages.md#outreach-forms: what a form shows when the server gives no reason. */
export const OUTREACH_FALLBACK_ERROR = 'Something went wrong';

export const NEWSLETTER_SUCCESS_MESSAGE = 'Thank you for subscribing!';
export const SUPPORT_SUCCESS_MESSAGE =
  'Thank you for your message. Our support team will reply by email within one business day.';
export const PARTNERSHIP_SUCCESS_MESSAGE =
  'Thank you for your application. Our partnerships team will be in touch within three business days.';

/**
 * The newsletter's own check (docs/product/information-pages.md#newsletter): non-space text, @, non-space text, dot,
 * non-space text. The server's rule below is stricter; every address it accepts also passes this.
 */
export const NEWSLETTER_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/**
 * Every field is bounded so a form cannot be used to store or relay essays. E-mail: RFC 5321's
 * 254-character path limit. The forms set these as maxLength, so only a hand-made request meets
 * the server's length errors.
 */
export const outreachLimits = {
  name: 100,
  email: 254,
  message: 5000,
  companyName: 200,
  contactName: 100,
  phoneNumber: 30,
  companyWebsite: 200,
  aboutBusiness: 2000,
} as const;
