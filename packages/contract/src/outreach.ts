import { z } from 'zod';
import { categoryNames, categoryValues } from './categories';
import { defineEndpoint, errorResponses } from './endpoint';
import type { FieldError } from './errors';
import { INVALID_EMAIL_MESSAGE, outreachLimits, REQUIRED_FIELDS_MESSAGE } from './outreach-rules';
import { multilineText, text } from './text';

export {
  INVALID_EMAIL_MESSAGE,
  NEWSLETTER_EMAIL_PATTERN,
  NEWSLETTER_SUCCESS_MESSAGE,
  OUTREACH_FALLBACK_ERROR,
  outreachLimits,
  PARTNERSHIP_SUCCESS_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  SUPPORT_SUCCESS_MESSAGE,
} from './outreach-rules';

/** docs/product/information-pages.md#outreach-forms: a contact message's subject; the form defaults to support. */
export const supportSubjects = ['support', 'business', 'feedback', 'other'] as const;
export type SupportSubject = (typeof supportSubjects)[number];
export const supportSubjectNames: Readonly<Record<SupportSubject, string>> = {
  support: 'Customer support',
  business: 'Business enquiry',
  feedback: 'Feedback',
  other: 'Something else',
};

/** A partner applies under one of the catalogue's categories, or 'other'. */
export const businessCategories = [...categoryValues, 'other'] as const;
export type BusinessCategory = (typeof businessCategories)[number];
export const businessCategoryOptions = [
  ...categoryValues.map((value) => ({ value, name: categoryNames[value] })),
  { value: 'other' as const, name: 'Other' },
];

function requiredText(label: string, max: number, multiline = false) {
  return (multiline ? multilineText : text)({
    error: (issue) => (issue.input == null ? REQUIRED_FIELDS_MESSAGE : `${label} must be text`),
  })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `${label} must be ${max} characters or fewer`);
}

/** Optional text: absent, empty and blank all mean "not given" and arrive as ''. */
function optionalText(label: string, max: number, multiline = false) {
  return (multiline ? multilineText : text)({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .default('');
}

/**
 * A required e-mail address. Commas, spaces and angle brackets are refused, so an address can
 * never name a second recipient of the acknowledgement e-mail.
 */
function requiredEmail() {
  return requiredText('Email address', outreachLimits.email).pipe(z.email(INVALID_EMAIL_MESSAGE));
}

/** A missing or non-object body is a form with nothing filled in. */
const formObject = { error: REQUIRED_FIELDS_MESSAGE };

export const newsletterRequestSchema = z.object({ email: requiredEmail() }, formObject);
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;

export const supportRequestSchema = z.object(
  {
    name: requiredText('Name', outreachLimits.name),
    email: requiredEmail(),
    subject: z
      .enum(supportSubjects, { error: 'Please choose a subject: support, business, feedback or other' })
      .default('support'),
    message: requiredText('Message', outreachLimits.message, true),
  },
  formObject,
);
export type SupportRequest = z.input<typeof supportRequestSchema>;
export type SupportSubmission = z.output<typeof supportRequestSchema>;

/** docs/product/information-pages.md#outreach-forms: the labels mark phone, website, category and about as required; only these three are. */
export const partnershipRequestSchema = z.object(
  {
    companyName: requiredText('Company name', outreachLimits.companyName),
    contactName: requiredText('Contact name', outreachLimits.contactName),
    businessEmail: requiredEmail(),
    phoneNumber: optionalText('Phone number', outreachLimits.phoneNumber),
    companyWebsite: optionalText('Company website', outreachLimits.companyWebsite),
    businessCategory: z
      .union([z.literal(''), z.enum(businessCategories)], { error: 'Please choose a business category from the list' })
      .default(''),
    aboutBusiness: optionalText('About your business', outreachLimits.aboutBusiness, true),
  },
  formObject,
);
export type PartnershipRequest = z.input<typeof partnershipRequestSchema>;
export type PartnershipSubmission = z.output<typeof partnershipRequestSchema>;

export const outreachResponseSchema = z.object({ message: z.string() });
export type OutreachResponse = z.infer<typeof outreachResponseSchema>;

/**
 * One sentence for a failed form, shared by the server's 400 and the forms' own check: a missing
 * field outranks a bad address, which outranks anything else (the first field's own message).
 */
export function summariseOutreachErrors(errors: readonly FieldError[]): string {
  if (errors.some((error) => error.message === REQUIRED_FIELDS_MESSAGE)) return REQUIRED_FIELDS_MESSAGE;
  if (errors.some((error) => error.message === INVALID_EMAIL_MESSAGE)) return INVALID_EMAIL_MESSAGE;
  return errors[0]?.message ?? REQUIRED_FIELDS_MESSAGE;
}

/** A zod failure as the wire's per-field errors (`path` joined with dots). */
export function outreachFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** A form's own check before sending: the per-field errors the server would give, or none. */
export function checkOutreachForm(schema: z.ZodType, values: unknown): FieldError[] {
  const parsed = schema.safeParse(values);
  return parsed.success ? [] : outreachFieldErrors(parsed.error);
}

/**
 * The three public forms (docs/product/information-pages.md#outreach-forms). Each answers its
 * success copy, a 400 whose `error` is the form's own message, or a 429 after 5 sends in 10
 * minutes from one address.
 */
export const outreachEndpoints = {
  subscribeToNewsletter: defineEndpoint({
    method: 'POST',
    path: '/outreach/newsletter',
    summary: 'Subscribe an address to the newsletter (the same answer whether or not it was already subscribed)',
    body: newsletterRequestSchema,
    responses: { 200: outreachResponseSchema, ...errorResponses(400, 429) },
  }),
  sendSupportMessage: defineEndpoint({
    method: 'POST',
    path: '/outreach/support',
    summary: 'Send a message to the support team',
    body: supportRequestSchema,
    responses: { 200: outreachResponseSchema, ...errorResponses(400, 429) },
  }),
  applyForPartnership: defineEndpoint({
    method: 'POST',
    path: '/outreach/partnership',
    summary: 'Apply to sell vouchers as a partner business',
    body: partnershipRequestSchema,
    responses: { 200: outreachResponseSchema, ...errorResponses(400, 429) },
  }),
};
