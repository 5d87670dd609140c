import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';

/** A notification as the header bell and the settings tab read it (docs/product/README.md#notifications). */
export const notificationSchema = z.object({
  _id: z.string(),
  message: z.string(),
  read: z.boolean(),
  /** ISO 8601; the client shows it in the user's local format. */
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications/:userId answers the list itself, newest first. */
export const notificationListSchema = z.array(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationUserParamsSchema = z.object({ userId: text().max(64) });
export const notificationIdParamsSchema = z.object({ id: text().max(64) });

/** The header bell and the settings tab (docs/product/README.md#notifications). */
export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notifications/:userId',
    summary: "The caller's notifications, newest first",
    params: notificationUserParamsSchema,
    responses: { 200: notificationListSchema, ...errorResponses(400, 401, 403) },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    summary: "Mark one of the caller's notifications read",
    params: notificationIdParamsSchema,
    responses: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
  }),
};
