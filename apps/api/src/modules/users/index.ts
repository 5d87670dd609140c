/** The users module's public face: the account, as other modules may read it. */
export { getCurrentUser, toCurrentUser } from './account-service';
export { usersRoutes } from './routes';
