/**
 * The auth module's public face: sign-up, sign-in by code or Google, e-mail verification and
 * sessions. It owns the login codes, verification links and refresh tokens, and creates the
 * accounts that the users module then serves.
 */
export { authRoutes } from './routes';
