import { and, desc, eq, isNull, max, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens, signInIps, users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';

/**
 * What an operator does to a shopper's access (docs/product/operators.md#customers): end every
 * session, disable or enable the account. Each runs in the caller's transaction (the console's
 * audit row is written in the same one) and answers the sessions it ended, so the caller can tell
 * this instance's session registry at once after commit (decision 020: other instances learn
 * within seconds).
 */

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';
export const CUSTOMER_NOT_FOUND_MESSAGE = 'Customer not found';
const ALREADY_DISABLED = 'This account is already disabled.';
const NOT_DISABLED = 'This account is not disabled.';

/** Ends every live session (refresh-token family) of the account; answers their ids. */
export async function endAllSessionsOf(tx: Executor, userId: string, now: Date): Promise<string[]> {
  const ended = await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(ended.map((row) => row.familyId))];
}

async function lockAccount(tx: Executor, userId: string) {
  const [account] = await tx
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE);
  return account;
}

/** Ends every session of an existing account (404 for an unknown one). */
export async function signOutEverywhere(tx: Executor, userId: string, now: Date): Promise<string[]> {
  await lockAccount(tx, userId);
  return endAllSessionsOf(tx, userId, now);
}

/**
 * Disables (or enables) an account under its row lock, so of simultaneous requests one changes it
 * and the others answer 409. Disabling ends every session in the same transaction.
 */
export async function setAccountDisabled(
  tx: Executor,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<{ endedSessions: string[] }> {
  const account = await lockAccount(tx, userId);
  if (disabled === (account.disabledAt !== null)) throw conflict(disabled ? ALREADY_DISABLED : NOT_DISABLED);
  await tx
    .update(users)
    .set({ disabledAt: disabled ? now : null, updatedAt: now })
    .where(eq(users.id, userId));
  return { endedSessions: disabled ? await endAllSessionsOf(tx, userId, now) : [] };
}

export interface AccountSession {
  startedAt: Date;
  lastUsedAt: Date;
  endedAt: Date | null;
}

/**
 * The account's recent sessions, newest first: a session is a refresh-token family, started at
 * its first token, last used at its newest, ended when revoked (or at its 30-day end).
 */
export async function recentSessionsOf(db: Executor, userId: string, limit = 20): Promise<AccountSession[]> {
  const rows = await db
    .select({
      startedAt: min(refreshTokens.createdAt),
      lastUsedAt: max(refreshTokens.createdAt),
      revokedAt: max(refreshTokens.revokedAt),
      expiresAt: max(refreshTokens.expiresAt),
      live: sql<boolean>`bool_or(${refreshTokens.revokedAt} is null)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(desc(min(refreshTokens.createdAt)))
    .limit(limit);
  return rows.flatMap((row) =>
    row.startedAt && row.lastUsedAt
      ? [
          {
            startedAt: row.startedAt,
            lastUsedAt: row.lastUsedAt,
            endedAt: row.live ? null : (row.revokedAt ?? row.expiresAt),
          },
        ]
      : [],
  );
}

/** How many addresses (IPs) the account is known to have signed in from; kept only as keyed hashes. */
export async function knownAddressCountOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(signInIps).where(eq(signInIps.userId, userId));
  return row?.n ?? 0;
}
