/** The notifications module's public face: what other modules may call. */
export { notifyAccountsByEmailPart, notifyUser, notifyUsersPart } from './service';
