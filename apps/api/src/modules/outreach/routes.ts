import {
  NEWSLETTER_SUCCESS_MESSAGE,
  outreachEndpoints,
  PARTNERSHIP_SUCCESS_MESSAGE,
  SUPPORT_SUCCESS_MESSAGE,
  summariseOutreachErrors,
} from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequest } from '../../lib/validation';
import { perIpLimit } from '../../plugins/per-ip-limit';
import { submitPartnershipApplication, submitSupportMessage, subscribeToNewsletter } from './service';

/**
 * Each form may be sent 5 times per 10 minutes from one address, per endpoint: enough for a
 * person correcting a typo, too few to use the acknowledgement e-mail as a spam cannon.
 */
const formLimit = () => perIpLimit(5, '10 minutes', (after) => `Too many requests. Please try again in ${after}.`);

/*
 * The spec's form messages ('Please fill in all required fields', 'Please enter a valid email
 * address') are the 400's `error`, so each handler takes the validation failure itself
 * (`attachValidation`) rather than leaving it to the app's generic 'Invalid request'.
 */
export async function outreachRoutes(app: App): Promise<void> {
  const { appConfig: config } = app;

  app.route({
    ...fromContract(outreachEndpoints.subscribeToNewsletter),
    attachValidation: true,
    config: formLimit(),
    handler: async (request) => {
      rejectInvalidRequest(request, summariseOutreachErrors);
      await subscribeToNewsletter(app.db, config, request.body);
      return { message: NEWSLETTER_SUCCESS_MESSAGE };
    },
  });

  app.route({
    ...fromContract(outreachEndpoints.sendSupportMessage),
    attachValidation: true,
    config: formLimit(),
    handler: async (request) => {
      rejectInvalidRequest(request, summariseOutreachErrors);
      await submitSupportMessage(app.db, config, request.body);
      return { message: SUPPORT_SUCCESS_MESSAGE };
    },
  });

  app.route({
    ...fromContract(outreachEndpoints.applyForPartnership),
    attachValidation: true,
    config: formLimit(),
    handler: async (request) => {
      rejectInvalidRequest(request, summariseOutreachErrors);
      await submitPartnershipApplication(app.db, config, request.body);
      return { message: PARTNERSHIP_SUCCESS_MESSAGE };
    },
  });
}
