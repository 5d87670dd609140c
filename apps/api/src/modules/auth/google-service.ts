import { emailSchema, generateUsername, type SessionTokens } from '@gvm/contract';
import { eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fetchGoogleTokenInfo, type GoogleTokenInfo } from '../../adapters/google/token-info';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors';
import { EMAIL_TAKEN } from './registration-service';
import { completeSignIn } from './session-service';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
export const GOOGLE_NO_ACCOUNT = 'No account exists for this Google email. Please sign up first.';
const GOOGLE_UNAVAILABLE = 'Google sign-in is temporarily unavailable. Please try again in a moment.';
const GOOGLE_REFUSED = 'Could not authenticate with Google. Please try again.';

export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string | undefined;
}

/**
 * Accepts a Google access token only once Google's token-info endpoint confirms that it was
 * issued to our client id and that the e-mail is verified (decision 009).
 */
export async function verifyGoogleAccessToken(
  config: Config,
  accessToken: string,
  log: FastifyBaseLogger,
): Promise<GoogleIdentity> {
  const clientId = config.googleClientId;
  if (!clientId) throw new AppError('UNAVAILABLE', GOOGLE_NOT_CONFIGURED);
  const result = await fetchGoogleTokenInfo(config.googleTokenInfoUrl, accessToken);
  if (result.kind === 'unavailable') {
    log.warn({ reason: result.reason }, 'Google token-info could not be reached');
    throw new AppError('UNAVAILABLE', GOOGLE_UNAVAILABLE);
  }
  if (result.kind === 'rejected' || !isForUs(result.info, clientId)) throw unauthorized(GOOGLE_REFUSED);
  if (!result.info.email_verified) throw unauthorized('Your Google account’s email address is not verified.');
  const email = emailSchema.safeParse(result.info.email);
  if (!email.success) throw unauthorized(GOOGLE_REFUSED);
  return { subject: result.info.sub, email: email.data, name: result.info.name };
}

function isForUs(info: GoogleTokenInfo, clientId: string): boolean {
  const issuedTo = info.aud === clientId || info.azp === clientId;
  return issuedTo && (info.expires_in === undefined || info.expires_in > 0);
}

async function findAccount(db: Database, identity: GoogleIdentity) {
  const matches = await db
    .select()
    .from(users)
    .where(or(eq(users.googleSubject, identity.subject), eq(users.email, identity.email)));
  return matches.find((user) => user.googleSubject === identity.subject) ?? matches[0];
}

/** Login: an existing account only (404 sends the client to sign-up); links the Google id. */
export async function logInWithGoogle(
  db: Database,
  config: Config,
  { identity, ip }: { identity: GoogleIdentity; ip: string },
  now: Date,
): Promise<SessionTokens> {
  const account = await findAccount(db, identity);
  if (!account) throw notFound(GOOGLE_NO_ACCOUNT);
  return db.transaction(async (tx) => {
    if (!account.googleSubject) {
      await tx.update(users).set({ googleSubject: identity.subject, updatedAt: now }).where(eq(users.id, account.id));
    }
    return completeSignIn(tx, config, { userId: account.id, ip }, now);
  });
}

const USERNAME_ATTEMPTS = 5;

/** Sign-up: a new, verified account (409 when one exists), signed in at once. */
export async function signUpWithGoogle(
  db: Database,
  config: Config,
  { identity, fallbackName, ip }: { identity: GoogleIdentity; fallbackName: string | undefined; ip: string },
  now: Date,
): Promise<SessionTokens> {
  if (await findAccount(db, identity)) throw conflict(EMAIL_TAKEN);
  const name = (identity.name ?? fallbackName ?? '').trim() || identity.email.split('@')[0] || 'Shopper';
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: identity.email,
            username: generateUsername(name, now.getTime() + attempt),
            name: name.slice(0, 100),
            role: 'consumer',
            googleSubject: identity.subject,
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('the account row was not written');
        return completeSignIn(tx, config, { userId: user.id, ip }, now);
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      // A generated username can clash; try another. Any other clash is a simultaneous sign-up.
      if (constraint?.includes('username') && attempt < USERNAME_ATTEMPTS) continue;
      if (constraint !== null) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }
}
