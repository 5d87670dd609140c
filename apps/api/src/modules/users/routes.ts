import { userEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import { ACCOUNT_UPDATED, getCurrentUser, updateAccountDetails } from './account-service';

/** The signed-in user's own account (docs/product/accounts.md#account-and-settings). */
export async function userRoutes(app: App): Promise<void> {
  // Sign-in before the request is checked, so a guest gets 401 rather than a validation message;
  // after the body is read, so a malformed body is still answered 400 first.
  requireSignIn(app, 'preHandler');
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(userEndpoints.me),
    handler: (request) => getCurrentUser(app.db, currentUser(request).id),
  });

  app.route({
    ...fromContract(userEndpoints.updateMe),
    handler: async (request) => {
      const user = await updateAccountDetails(app.db, currentUser(request).id, request.body, app.clock());
      return { message: ACCOUNT_UPDATED, user };
    },
  });
}
