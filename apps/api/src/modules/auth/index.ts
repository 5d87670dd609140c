/**
 * The auth module's public face: sign-up, sign-in by code or Google, e-mail verification and
 * sessions. It owns the login codes, verification links and refresh tokens, and creates the
 * accounts that the users module then serves.
 */

/** What an operator does to a shopper's access (docs/product/operators.md#customers). */
export {
  ACCOUNT_DISABLED_MESSAGE,
  type AccountSession,
  CUSTOMER_NOT_FOUND_MESSAGE,
  knownAddressCountOf,
  recentSessionsOf,
  setAccountDisabled,
  signOutEverywhere,
} from './account-access';
/** The login-code rules and secrets' helpers, which operator sign-in shares (decision 045). */
export { limits as signInLimits } from './limits';
export {
  claimLoginCode,
  INCORRECT_CODE,
  LOGIN_CODE_TTL_MS,
  type LoginCodeTable,
  MAX_WRONG_TRIES,
} from './login-code-check';
export { CODES_PER_ADDRESS_PER_HOUR } from './login-code-service';
export { authRoutes } from './routes';
export { hashLoginCode, hashOpaqueToken, newLoginCode, newOpaqueToken, unmatchableCodeHash } from './secrets';
/** The session registry every instance keeps, told of ended sessions (decisions 020 and 056). */
export { createSessionRegistry, type SessionEnded } from './session-registry';
