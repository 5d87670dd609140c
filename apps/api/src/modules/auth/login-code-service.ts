import type { SessionTokens } from '@gvm/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { loginCodeEmail, noAccountEmail } from '../../adapters/mail/templates';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { loginCodes, users } from '../../db/schema/users';
import { AppError, unauthorized } from '../../lib/errors';
import { isKnownSignInIp } from './known-ips';
import { claimLoginCode, INCORRECT_CODE, LOGIN_CODE_TTL_MS } from './login-code-check';
import { hashLoginCode, newLoginCode, unmatchableCodeHash } from './secrets';
import { completeSignIn } from './session-service';

/**
 * At most 5 codes per address per hour, counting the "no account" e-mails too; requests from IP
 * addresses the account has signed in from have 5 of their own, so strangers cannot use up the
 * owner's (decision 020).
 */
export const CODES_PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends a code to a known address, or the "no account, sign up here" e-mail to an unknown one.
 * Both leave a row, so both count towards the per-address limit and a sign-in attempt behaves
 * the same for either (no account enumeration); the unknown address's row can never match.
 * A request from an IP address the account has signed in from before counts against a budget of
 * its own, so a lock-out caused from elsewhere does not reach the owner at home (decision 020).
 */
export async function requestLoginCode(
  db: Database,
  config: Config,
  { email, ip }: { email: string; ip: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises requests for one address, so the count and the voiding below see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-code:${email}`}))`);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const fromKnownIp = user ? await isKnownSignInIp(tx, config.jwtSecret, user.id, ip, now) : false;
    const [recent] = await tx
      .select({ total: count() })
      .from(loginCodes)
      .where(
        and(
          eq(loginCodes.email, email),
          eq(loginCodes.fromKnownIp, fromKnownIp),
          gt(loginCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.total ?? 0) >= CODES_PER_ADDRESS_PER_HOUR) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many verification codes have been requested for this email. Please wait up to an hour and try again.',
      );
    }
    await tx
      .update(loginCodes)
      .set({ voidedAt: now })
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt), isNull(loginCodes.voidedAt)));
    const code = user ? newLoginCode() : null;
    await tx.insert(loginCodes).values({
      email,
      fromKnownIp,
      codeHash: code ? hashLoginCode(config.jwtSecret, email, code) : unmatchableCodeHash(),
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      createdAt: now,
    });
    const message = code ? loginCodeEmail({ code }) : noAccountEmail({ email, publicUrl: config.publicUrl });
    await enqueueMail(tx, { to: email, ...message });
  });
}

/**
 * Signs in with an e-mailed code: the code is checked and claimed once (`claimLoginCode`, the
 * check operators' codes share), and the session is started in the claim's transaction.
 */
export async function signInWithCode(
  db: Database,
  config: Config,
  { email, code, ip }: { email: string; code: string; ip: string },
  now: Date,
): Promise<SessionTokens> {
  const codeHash = hashLoginCode(config.jwtSecret, email, code);
  return claimLoginCode(db, loginCodes, { email, codeHash }, now, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw unauthorized(INCORRECT_CODE);
    return completeSignIn(tx, config, { userId: user.id, ip }, now);
  });
}
