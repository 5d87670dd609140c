import {
  currentUserSchema,
  errorResponseSchema,
  updateCurrentUserRequestSchema,
  updateCurrentUserResponseSchema,
} from '@gvm/contract';
import type { App } from '../../app-types';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_UPDATED, getCurrentUser, updateAccountDetails } from './account-service';
import { rejectInvalidRequest } from './request-validation';

/** The signed-in user's own account (spec 000 section 3, spec 001 sections 5 and 7). */
export async function meRoutes(app: App): Promise<void> {
  app.get(
    '/users/me',
    { preHandler: app.authenticate, schema: { response: { 200: currentUserSchema, 401: errorResponseSchema } } },
    (request) => getCurrentUser(app.db, currentUser(request).id),
  );

  app.patch(
    '/users/me',
    {
      // Authentication first, so a guest gets 401 rather than a validation message.
      attachValidation: true,
      preHandler: [app.authenticate, rejectInvalidRequest],
      schema: {
        body: updateCurrentUserRequestSchema,
        response: { 200: updateCurrentUserResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await updateAccountDetails(app.db, currentUser(request).id, request.body, app.clock());
      return { message: ACCOUNT_UPDATED, user };
    },
  );
}
