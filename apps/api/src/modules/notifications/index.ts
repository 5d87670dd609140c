/** The notifications module's public face: what other modules may call. */
export { notifyUser, notifyUsersPart } from './service';
