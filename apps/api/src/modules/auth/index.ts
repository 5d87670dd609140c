/**
 * The auth module's public face: sign-up, sign-in by code or Google, e-mail verification and
 * sessions. It owns the login codes, verification links and refresh tokens, and creates the
 * accounts that the users module then serves.
 */

/** The login-code rules and secrets' helpers, which operator sign-in shares (decision 045). */
export { limits as signInLimits } from './limits';
export { CODES_PER_ADDRESS_PER_HOUR, LOGIN_CODE_TTL_MS, MAX_WRONG_TRIES } from './login-code-service';
export { authRoutes } from './routes';
export { hashLoginCode, hashOpaqueToken, newLoginCode, newOpaqueToken, unmatchableCodeHash } from './secrets';
