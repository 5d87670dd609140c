import { randomUUID } from 'node:crypto';
import type { SessionTokens } from '@gvm/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { welcomeEmail } from '../../adapters/mail/templates';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/users';
import { forbidden, unauthorized } from '../../lib/errors';
import { signAccessToken } from '../../lib/tokens';
import { notifyUser } from '../notifications';
import { ACCOUNT_DISABLED_MESSAGE } from './account-access';
import { rememberSignInIp } from './known-ips';
import { hashOpaqueToken, newOpaqueToken } from './secrets';

/** A session family ends 30 days after sign-in, however often it is refreshed (decision 009). */
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a rotated refresh token may be presented again when its answer was lost on the way
 * (a page torn down mid-refresh), while its successor is still unused (decision 054).
 */
export const LOST_ANSWER_GRACE_MS = 30_000;

export const WELCOME_NOTIFICATION =
  'Welcome to UGM Gift Marketplace! Browse our partner merchants and send your first gift voucher.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

async function issueTokens(
  db: Executor,
  secret: string,
  userId: string,
  familyId: string,
  familyExpiresAt: Date,
  now: Date,
): Promise<SessionTokens> {
  const refreshToken = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: familyExpiresAt,
    createdAt: now,
  });
  return { token: await signAccessToken(secret, { userId, sessionId: familyId }, now), refreshToken };
}

/** Who signed in, and from which IP address (remembered, hashed, as a known address: decision 020). */
export interface SignIn {
  userId: string;
  ip: string;
}

/**
 * Every way of signing in ends here, inside the transaction that proved who the user is (a
 * disabled account is refused here, for every way): the
 * e-mail counts as verified (a code, a link or Google all prove control of the mailbox), the
 * sign-in time and IP address are recorded, the first sign-in brings the welcome notification
 * and e-mail, and a new session family starts.
 */
export async function completeSignIn(
  tx: Executor,
  config: Config,
  { userId, ip }: SignIn,
  now: Date,
): Promise<SessionTokens> {
  // The row lock makes "first sign-in" true for exactly one of two simultaneous sign-ins.
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw unauthorized('This account no longer exists.');
  // An account an operator disabled is told so plainly, whichever way it signs in; throwing here
  // rolls the sign-in back, so the code or link is not spent (docs/product/accounts.md).
  if (user.disabledAt) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
  await tx
    .update(users)
    .set({ lastSignInAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
    .where(eq(users.id, userId));
  await rememberSignInIp(tx, config.jwtSecret, userId, ip, now);
  if (user.lastSignInAt === null) {
    await notifyUser(tx, userId, WELCOME_NOTIFICATION, now);
    await enqueueMail(tx, { to: user.email, ...welcomeEmail({ publicUrl: config.publicUrl }) });
  }
  return issueTokens(tx, config.jwtSecret, userId, randomUUID(), new Date(now.getTime() + REFRESH_FAMILY_TTL_MS), now);
}

type RotationOutcome = { kind: 'rotated'; tokens: SessionTokens } | { kind: 'refused'; revoked?: string };

/**
 * Rotates a refresh token. Renewals of one family take turns, so of two simultaneous uses of a
 * token exactly one rotates it; anyone presenting an already-rotated token is treated as a thief
 * and the whole family is revoked (docs/product/accounts.md#sessions), with one exception (decision 058): a
 * token rotated less than `LOST_ANSWER_GRACE_MS` ago whose successor has never been used is the
 * same browser whose answer was lost, so that successor is retired and a new pair issued. The
 * retired successor, if it ever turns up, is a reuse like any other.
 */
export async function rotateRefreshToken(
  db: Database,
  config: Config,
  presented: string,
  now: Date,
  onRevoked: (sessionId: string) => void = () => {},
): Promise<SessionTokens> {
  const tokenHash = hashOpaqueToken(presented);
  const outcome = await db.transaction(async (tx): Promise<RotationOutcome> => {
    const [presentedRow] = await tx
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!presentedRow) return { kind: 'refused' };
    // One renewal at a time per family, before any of its rows is locked: presentations of one
    // token, late ones and revocations queue behind each other instead of deadlocking, and each
    // reads the family as the one before left it.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`refresh-family:${presentedRow.familyId}`}, 0))`,
    );
    const [current] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (current) {
      const tokens = await issueTokens(tx, config.jwtSecret, current.userId, current.familyId, current.expiresAt, now);
      return { kind: 'rotated', tokens };
    }
    const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known?.rotatedAt) return { kind: 'refused' };
    const family = await tx.select().from(refreshTokens).where(eq(refreshTokens.familyId, known.familyId));
    const rotatedAt = known.rotatedAt;
    const presented = family.find((token) => token.id === known.id);
    if (presented && !presented.revokedAt && now.getTime() - rotatedAt.getTime() < LOST_ANSWER_GRACE_MS) {
      // Its successor is the one token of the family issued since.
      const since = family.filter((token) => token.id !== known.id && token.createdAt >= rotatedAt);
      const [successor] = since;
      if (
        since.length === 1 &&
        successor &&
        !successor.rotatedAt &&
        !successor.revokedAt &&
        successor.expiresAt > now
      ) {
        await tx
          .update(refreshTokens)
          .set({ rotatedAt: now, revokedAt: now })
          .where(eq(refreshTokens.id, successor.id));
        const tokens = await issueTokens(tx, config.jwtSecret, known.userId, known.familyId, known.expiresAt, now);
        return { kind: 'rotated', tokens };
      }
    }
    await revokeFamily(tx, known.familyId, now);
    return { kind: 'refused', revoked: known.familyId };
  });
  // The revocation above has committed by now; only then is it announced and the caller refused.
  if (outcome.kind === 'refused') {
    if (outcome.revoked) onRevoked(outcome.revoked);
    throw unauthorized(SESSION_ENDED);
  }
  return outcome.tokens;
}

/**
 * Logout: ends the presented token's whole family, and answers its id (the session id its access
 * tokens carry). Unknown or already revoked tokens are fine.
 */
export async function revokeSession(db: Database, presented: string, now: Date): Promise<string | null> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)));
  if (!known) return null;
  await revokeFamily(db, known.familyId, now);
  return known.familyId;
}

/**
 * Whether a session (a refresh-token family) has not been revoked (by logout, or by a reused
 * refresh token). Access tokens carry the session id, so they stop working with it (decision
 * 020). The family's 30-day end needs no check here: no access token is issued after it, and
 * each lives 15 minutes.
 */
export async function isSessionLive(db: Executor, sessionId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return live !== undefined;
}

async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
