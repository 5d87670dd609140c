import {
  errorResponseSchema,
  notificationIdParamsSchema,
  notificationListSchema,
  notificationSchema,
  notificationUserParamsSchema,
} from '@gvm/contract';
import type { App } from '../../app-types';
import { assertSameUser, currentUser } from '../../plugins/auth';
import { listNotifications, markNotificationRead } from './service';

export async function notificationRoutes(app: App): Promise<void> {
  app.get(
    '/notifications/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        params: notificationUserParamsSchema,
        response: { 200: notificationListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = assertSameUser(request, request.params.userId);
      return listNotifications(app.db, user.id);
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => markNotificationRead(app.db, currentUser(request).id, request.params.id),
  );
}
