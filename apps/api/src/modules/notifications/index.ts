/** The notifications module's public face: what other modules may call. */
export { notifyUser } from './service';
