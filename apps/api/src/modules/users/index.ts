/** The users module's public face: the account, as other modules may read it. */
export { getCurrentUser, toCurrentUser } from './account-service';
export { findUserByEmail, findUserContacts, type UserContact } from './directory';
export { usersRoutes } from './routes';
