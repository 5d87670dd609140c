import type { SessionTokens } from '@gvm/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { loginCodeEmail, noAccountEmail } from '../../adapters/mail/templates';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { loginCodes, users } from '../../db/schema/users';
import { AppError, unauthorized } from '../../lib/errors';
import { isKnownSignInIp } from './known-ips';
import { hashLoginCode, newLoginCode, unmatchableCodeHash } from './secrets';
import { completeSignIn } from './session-service';

/** docs/product/accounts.md#sign-in-by-code: a code lives 10 minutes and survives 5 wrong tries. */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
/**
 * At most 5 codes per address per hour, counting the "no account" e-mails too; requests from IP
 * addresses the account has signed in from have 5 of their own, so strangers cannot use up the
 * owner's (decision 020).
 */
export const CODES_PER_ADDRESS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export const INCORRECT_CODE = 'The verification code is incorrect';
const USED_CODE = 'This verification code has already been used. Please request a new one.';
const EXPIRED_CODE = 'This verification code has expired. Please request a new one.';
const TOO_MANY_TRIES = 'Too many incorrect attempts. Please request a new verification code.';
const REPLACED_CODE =
  'This verification code has been replaced by a newer one. Please use the latest code we sent you.';

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

type LoginCodeRow = typeof loginCodes.$inferSelect;

function refusal(row: LoginCodeRow, now: Date): string | null {
  if (row.usedAt) return USED_CODE;
  if (row.voidedAt) return row.attempts >= MAX_WRONG_TRIES ? TOO_MANY_TRIES : REPLACED_CODE;
  if (row.expiresAt <= now) return EXPIRED_CODE;
  return null;
}

/**
 * Signs in with an e-mailed code. The code is claimed with a conditional UPDATE inside the
 * sign-in transaction, so of any number of simultaneous correct submissions exactly one gets a
 * session; the rest find it used.
 */
export async function signInWithCode(
  db: Database,
  config: Config,
  { email, code, ip }: { email: string; code: string; ip: string },
  now: Date,
): Promise<SessionTokens> {
  const codeHash = hashLoginCode(config.jwtSecret, email, code);
  const [match] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), eq(loginCodes.codeHash, codeHash)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!match) {
    await countWrongTry(db, email, now);
    throw unauthorized(INCORRECT_CODE);
  }
  const refused = refusal(match, now);
  if (refused) throw unauthorized(refused);

  const tokens = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginCodes.id, match.id),
          isNull(loginCodes.usedAt),
          isNull(loginCodes.voidedAt),
          gt(loginCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) return null;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw unauthorized(INCORRECT_CODE);
    return completeSignIn(tx, config, { userId: user.id, ip }, now);
  });
  if (tokens) return tokens;
  // Another request claimed or voided the code between the read and the claim.
  const [latest] = await db.select().from(loginCodes).where(eq(loginCodes.id, match.id));
  throw unauthorized((latest && refusal(latest, now)) ?? USED_CODE);
}

/** A wrong try counts against the address's live code; the fifth voids it. */
async function countWrongTry(db: Database, email: string, now: Date): Promise<void> {
  const attempts = sql`${loginCodes.attempts} + 1`;
  await db
    .update(loginCodes)
    .set({
      attempts,
      voidedAt: sql`case when ${attempts} >= ${MAX_WRONG_TRIES} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(loginCodes.email, email),
        isNull(loginCodes.usedAt),
        isNull(loginCodes.voidedAt),
        gt(loginCodes.expiresAt, now),
      ),
    );
}
