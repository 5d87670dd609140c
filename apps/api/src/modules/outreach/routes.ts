import {
  errorResponseSchema,
  type FieldError,
  NEWSLETTER_SUCCESS_MESSAGE,
  newsletterRequestSchema,
  outreachResponseSchema,
  PARTNERSHIP_SUCCESS_MESSAGE,
  partnershipRequestSchema,
  SUPPORT_SUCCESS_MESSAGE,
  summariseOutreachErrors,
  supportRequestSchema,
} from '@gvm/contract';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { App } from '../../app-types';
import { AppError } from '../../lib/errors';
import { submitPartnershipApplication, submitSupportMessage, subscribeToNewsletter } from './service';

/**
 * Each form may be sent 5 times per 10 minutes from one address, per endpoint: enough for a
 * person correcting a typo, too few to use the acknowledgement e-mail as a spam cannon.
 */
const rateLimit = {
  max: 5,
  timeWindow: '10 minutes',
  errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
    new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
};

const responses = { 200: outreachResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema };

/**
 * The spec's form messages ('Please fill in all required fields', 'Please enter a valid email
 * address') are the 400's `error`, so the validation failure is taken here rather than by the
 * app's generic 'Invalid request' handler.
 */
function rejectInvalidForm(request: FastifyRequest): void {
  const failure = request.validationError;
  if (!failure) return;
  const issues: FastifySchemaValidationError[] = failure.validation ?? [];
  const errors: FieldError[] = issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  throw new AppError('VALIDATION', summariseOutreachErrors(errors), errors);
}

export async function outreachRoutes(app: App): Promise<void> {
  const { appConfig: config } = app;

  app.post(
    '/outreach/newsletter',
    {
      schema: { body: newsletterRequestSchema, response: responses },
      attachValidation: true,
      config: { rateLimit },
    },
    async (request) => {
      rejectInvalidForm(request);
      await subscribeToNewsletter(app.db, config, request.body);
      return { message: NEWSLETTER_SUCCESS_MESSAGE };
    },
  );

  app.post(
    '/outreach/support',
    { schema: { body: supportRequestSchema, response: responses }, attachValidation: true, config: { rateLimit } },
    async (request) => {
      rejectInvalidForm(request);
      await submitSupportMessage(app.db, config, request.body);
      return { message: SUPPORT_SUCCESS_MESSAGE };
    },
  );

  app.post(
    '/outreach/partnership',
    {
      schema: { body: partnershipRequestSchema, response: responses },
      attachValidation: true,
      config: { rateLimit },
    },
    async (request) => {
      rejectInvalidForm(request);
      await submitPartnershipApplication(app.db, config, request.body);
      return { message: PARTNERSHIP_SUCCESS_MESSAGE };
    },
  );
}
