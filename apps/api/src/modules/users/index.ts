/** The users module's public face: what other modules may call. */
export { getCurrentUser, toCurrentUser } from './account-service';
