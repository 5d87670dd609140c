import { userEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_UPDATED, getCurrentUser, updateAccountDetails } from './account-service';

/** The signed-in user's own account (docs/product/accounts.md#account-and-settings). */
export async function usersRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(userEndpoints.me),
    preHandler: app.authenticate,
    handler: (request) => getCurrentUser(app.db, currentUser(request).id),
  });

  app.route({
    ...fromContract(userEndpoints.updateMe),
    // Authentication first, so a guest gets 401 rather than a validation message.
    attachValidation: true,
    preHandler: [app.authenticate, rejectInvalidRequestHook],
    handler: async (request) => {
      const user = await updateAccountDetails(app.db, currentUser(request).id, request.body, app.clock());
      return { message: ACCOUNT_UPDATED, user };
    },
  });
}
