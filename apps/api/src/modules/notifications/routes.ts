import { notificationEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { assertSameUser, currentUser } from '../../plugins/auth';
import { requireSignIn } from '../../plugins/route-groups';
import { listNotifications, markNotificationRead } from './service';

/** The header bell and the settings tab (docs/product/README.md#notifications). */
export async function notificationRoutes(app: App): Promise<void> {
  requireSignIn(app, 'preHandler');

  app.route({
    ...fromContract(notificationEndpoints.list),
    handler: async (request) => {
      const user = assertSameUser(request, request.params.userId);
      return listNotifications(app.db, user.id);
    },
  });

  app.route({
    ...fromContract(notificationEndpoints.markRead),
    handler: (request) => markNotificationRead(app.db, currentUser(request).id, request.params.id),
  });
}
