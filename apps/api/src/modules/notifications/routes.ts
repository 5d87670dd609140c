import { notificationEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { assertSameUser, currentUser } from '../../plugins/auth';
import { listNotifications, markNotificationRead } from './service';

/** The header bell and the settings tab (docs/product/README.md#notifications). */
export async function notificationRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(notificationEndpoints.list),
    preHandler: app.authenticate,
    handler: async (request) => {
      const user = assertSameUser(request, request.params.userId);
      return listNotifications(app.db, user.id);
    },
  });

  app.route({
    ...fromContract(notificationEndpoints.markRead),
    preHandler: app.authenticate,
    handler: (request) => markNotificationRead(app.db, currentUser(request).id, request.params.id),
  });
}
