/** The notifications module's public face: what other modules may call, and its routes. */

export { notificationRoutes } from './routes';
export { notifyAccountsByEmailPart, notifyUser, notifyUsersPart } from './service';
