import type { App } from '../../app-types';
import { authRoutes } from './auth-routes';
import { googleRoutes } from './google-routes';
import { meRoutes } from './me-routes';

/** Accounts: sign-up, sign-in by code or Google, sessions and the user's own details. */
export async function usersRoutes(app: App): Promise<void> {
  await app.register(authRoutes);
  await app.register(googleRoutes);
  await app.register(meRoutes);
}
